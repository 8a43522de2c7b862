// Table chat across server instances sharing one PostgreSQL (docs/scaling.md): the
// instance that stores a message or a policy change tells the others with pg_notify on
// "<game channel>_chat"; each instance sends it to its own subscribers of that table. Messages and
// the policy are read from the store by the receiver, so a notification carries only ids.
// Payload: "<instance> <gameId> m <n>" (message n), "<instance> <gameId> p 0" (policy changed),
// "<instance> <gameId> h 0" (a moderator hid a message) or "<instance> <gameId> n <id>" (a
// moderator's notice, audit entry id).
import pg from 'pg';
import type { PgStore } from '../pg/store.js';
import type { ChatBus, ChatNotice } from './types.js';

export class PgChatBus implements ChatBus {
  readonly instanceId: string;
  private readonly channel: string;
  private listener: pg.Client | null = null;
  private closed = false;

  constructor(private readonly games: PgStore) {
    this.instanceId = games.instanceId;
    this.channel = `${games.channel}_chat`;
  }

  async publish(n: Omit<ChatNotice, 'from'>): Promise<void> {
    await this.games.pool.query('SELECT pg_notify($1, $2)', [
      this.channel,
      `${this.instanceId} ${n.gameId} ${n.what} ${n.n}`,
    ]);
  }

  async listen(on: (n: ChatNotice) => void, onResync: () => void): Promise<void> {
    const connect = async (): Promise<void> => {
      const c = new pg.Client(this.games.pool.options);
      c.on('notification', (m) => {
        if (m.channel !== this.channel || !m.payload) return;
        const [from, gameId, what, n] = m.payload.split(' ');
        if (!from || !gameId || (what !== 'm' && what !== 'p' && what !== 'h' && what !== 'n')) return;
        on({ from, gameId, what, n: Number(n) });
      });
      let failed = false;
      const retry = () => {
        if (failed || this.closed) return;
        failed = true;
        this.listener = null;
        c.end().catch(() => {});
        // Notices may have been missed while disconnected: reconnect, then let the caller resync.
        setTimeout(() => connect().then(onResync, retry), 500).unref();
      };
      c.on('error', retry);
      c.on('end', retry);
      await c.connect();
      await c.query(`LISTEN ${this.channel}`);
      this.listener = c;
    };
    await connect();
  }

  async close(): Promise<void> {
    this.closed = true;
    const l = this.listener;
    this.listener = null;
    if (l) await l.end().catch(() => {});
  }
}
