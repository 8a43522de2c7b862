// The PostgreSQL store's bus between instances (ClusterBus): every instance LISTENs for the
// commits of all of them, and for lobby and note changes; it catches up from the store where an
// announcement did not carry the action; and it holds the leases of once-only work (leases.ts).
//
// Channels: "mm_<schema>_c" carries each committed action, sealed with the installation's key
// (seal.ts), announced by the append itself right after its commit (append.ts);
// "mm_<schema>" carries "<gameId> L" (lobby, from inside the lobby transactions) and "<gameId> N"
// (notes), which are public.
import pg from 'pg';
import type { Action } from '@mindmgmt/engine';
import type { AnnouncedCommit, ClusterBus, GameRow } from '../types.js';
import { clientConfig } from './connection.js';
import { actionsAfter, changesAfter } from './game-rows.js';
import { PgLeases } from './leases.js';
import { openCommit } from './seal.js';

export class PgBus extends PgLeases implements ClusterBus {
  private listener: pg.Client | null = null;
  private closed = false;

  constructor(
    pool: pg.Pool,
    instanceId: string,
    private readonly url: string,
    private readonly schema: string,
    /** "mm_<schema>". */
    readonly channel: string,
    private readonly key: Buffer,
  ) {
    super(pool, instanceId);
  }

  actionsAfter(id: string, seq: number): Promise<{ seq: number; action: Action }[]> {
    return actionsAfter(this.pool, id, seq);
  }

  changesAfter(id: string, seq: number): Promise<{ row: GameRow | null; actions: { seq: number; action: Action }[] }> {
    return changesAfter(this.pool, id, seq);
  }

  async announceRenamed(ids: readonly string[]): Promise<void> {
    for (const id of ids) await this.pool.query('SELECT pg_notify($1, $2)', [this.channel, `${id} L`]);
  }

  async listen(
    onGame: (gameId: string, what: number | 'lobby' | 'notes' | AnnouncedCommit) => void,
    onResync: () => void,
  ): Promise<void> {
    const sealedChannel = `${this.channel}_c`;
    const connect = async (): Promise<void> => {
      const c = new pg.Client(clientConfig(this.url, this.schema));
      c.on('notification', (n) => {
        if (!n.payload) return;
        if (n.channel === sealedChannel) {
          // Commits: sealed only. One that does not open is not ours (or tampered): ignored.
          const got = openCommit(this.key, this.channel, n.payload);
          if (got) onGame(got.gameId, got.what);
          return;
        }
        if (n.channel !== this.channel) return;
        const sp = n.payload.lastIndexOf(' ');
        const what = n.payload.slice(sp + 1);
        if (sp > 0 && (what === 'L' || what === 'N')) onGame(n.payload.slice(0, sp), what === 'L' ? 'lobby' : 'notes');
      });
      let failed = false;
      const retry = () => {
        if (failed || this.closed) return;
        failed = true;
        this.listener = null;
        c.end().catch(() => {});
        // Notifications may have been missed while disconnected: reconnect, then resync.
        setTimeout(() => {
          connect().then(onResync, retry);
        }, 500).unref();
      };
      c.on('error', retry);
      c.on('end', retry);
      await c.connect();
      await c.query(`LISTEN ${this.channel}`);
      await c.query(`LISTEN ${sealedChannel}`);
      this.listener = c;
    };
    await connect();
  }

  /** Stops listening (the pool is the store's to end). */
  async close(): Promise<void> {
    this.closed = true;
    const l = this.listener;
    this.listener = null;
    if (l) await l.end().catch(() => {});
  }
}
