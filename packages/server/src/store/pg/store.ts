// PostgreSQL store (`pg`), for running many server instances on one set of games.
//
// - Schema: versioned migrations (store/migrations/pg), applied at open under an advisory lock so
//   instances starting together do not race; recorded in schema_migrations.
// - Each action is ONE statement, mm_append_quiet() (see 002_sealed_commits.ts): pg_advisory_xact_lock
//   on a hash of the game id, compare-and-set on the game's seq, append, snapshot - committed
//   (synchronous_commit, fsync) before the server acknowledges anything. Once it committed, the
//   action is announced (not inside the transaction: migration 002 says why) on "mm_<schema>_c"
//   with its content sealed (cluster/seal.ts), so other instances apply it without reading it
//   back, then as "<gameId> <seq>" on "mm_<schema>" (for instances of the previous version;
//   dropped here when its sealed twin came just before). Lobby changes notify "<gameId> L" on
//   "mm_<schema>" from inside their (rare) transactions, note changes (game_notes, migration 102)
//   "<gameId> N", no game content.
// - Once-only work is claimed through the database: bot moves by a lease row per game (owner +
//   expiry, renewed while the owner lives, taken over when it expires), turn-timer deadlines by a
//   short claim on the game row taken with FOR UPDATE SKIP LOCKED.
// - `schema` isolates a whole installation inside one database (tests use one schema each); the
//   notification channel is "mm_<schema>".
import { gameRow, type RawGame, type RawPlace } from '../rows.js';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { AckTimes } from '../../stats.js';
import type { Action, GameState, NoteChange, NoteEntry } from '@mindmgmt/engine';
import { PG_MIGRATIONS } from '../migrations/pg/index.js';
import { GAME_SQL, gameParams, placeParams } from '../sql/games.js';
import { newClusterKey, openCommit, sealCommit } from './seal.js';
import type {
  AnnouncedCommit,
  AppendInput,
  ClusterBus,
  GameLog,
  GameRow,
  GameStore,
  PlaceRow,
  StartInfo,
  ImportedAction,
  SeatChangeInput,
} from '../types.js';

const INT8 = 20;
const types = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === INT8 ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format as 'text')) as never,
};

/** A games row with its places aggregated as JSON (GAME_SELECT). */
interface RawGameWithPlaces extends RawGame {
  places: RawPlace[] | null;
}

const GAME_SELECT = `SELECT g.id, g.title, g.created_at, g.status, g.options, g.host_place, g.start, g.seq, g.deadline_at,
  g.deadline_seat, g.result, g.updated_at, g.listed, g.vouched, g.creator_net, g.net_share, g.clock,
  (SELECT json_agg(json_build_object('place', p.place, 'name', p.name, 'token_hash', p.token_hash, 'bot', p.bot,
     'volunteer', p.volunteer, 'joined_at', p.joined_at) ORDER BY p.place) FROM places p WHERE p.game_id = g.id) AS places
  FROM games g`;

export interface PgStoreOptions {
  /** Schema holding the tables (default "public"); created when missing. */
  schema?: string;
  /** Connection pool size (default 10). */
  poolSize?: number;
  /** Connections kept for appending actions only (default 4): the acknowledgement of a move never
   * waits behind lobby transactions or game loads, which hold a connection for several round trips. */
  actPoolSize?: number;
  /** This instance's name in lease rows (default: random). */
  instanceId?: string;
  /** How long a claimed turn-timer deadline stays claimed by one instance (ms). */
  deadlineClaimMs?: number;
  /** Diagnostics (SERVER_STATS): how long each append waited for a pool connection (ms). */
  appendWaits?: AckTimes;
  /** Told when announcements were dropped (backlog over OUTBOX_MAX, or unsent at close). */
  onNotifyLost?: (count: number, err: unknown) => void;
  /** Told when sending announcements failed and will be tried again. */
  onNotifyRetry?: (count: number, err: unknown) => void;
  /** Connections announcing this instance's commits (default 4, as many as append connections):
   * one connection sends one statement at a time, so with a single one every announcement queued
   * behind the round trip in flight, and a stalled one held all of them. */
  notifyConnections?: number;
}

/** One notifier connection and what it has still to send. */
interface NotifyLane {
  readonly outbox: string[];
  sending: Promise<void> | null;
  notifier: pg.Client | null;
}

/** Announcements kept waiting while the notifiers cannot send (about 1 KB each), shared evenly
 * among the notifier connections. */
const OUTBOX_MAX = 20_000;

/** Which of n notifier connections announces a game's commits: always the same one, so they
 * arrive in order (FNV-1a of the id). */
export function laneOf(gameId: string, n: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < gameId.length; i++) h = Math.imul(h ^ gameId.charCodeAt(i), 0x01000193);
  return (h >>> 0) % n;
}

export class PgStore implements GameStore, ClusterBus {
  readonly pool: pg.Pool;
  /** Appends only (see PgStoreOptions.actPoolSize). */
  private readonly actPool: pg.Pool;
  readonly schema: string;
  readonly instanceId: string;
  readonly channel: string;
  private readonly deadlineClaimMs: number;
  private listener: pg.Client | null = null;
  private closed = false;
  /** The installation's key for sealed commit notifications (loaded at open). */
  private key: Buffer = Buffer.alloc(0);
  /** The notifier connections, each with the sealed announcements it has not sent yet (oldest
   * first); a game's announcements always take the same lane (see `announce`). */
  private readonly lanes: NotifyLane[];
  private readonly appendWaits: AckTimes | null;
  private readonly onNotifyLost: ((count: number, err: unknown) => void) | null;
  private readonly onNotifyRetry: ((count: number, err: unknown) => void) | null;

  private constructor(
    readonly url: string,
    o: PgStoreOptions,
  ) {
    this.schema = o.schema ?? 'public';
    if (!/^[a-z_][a-z0-9_]{0,50}$/.test(this.schema)) throw new Error(`bad schema name ${this.schema}`);
    this.channel = `mm_${this.schema}`;
    this.instanceId = o.instanceId ?? `i-${randomBytes(6).toString('hex')}`;
    this.deadlineClaimMs = o.deadlineClaimMs ?? 10_000;
    this.appendWaits = o.appendWaits ?? null;
    this.onNotifyLost = o.onNotifyLost ?? null;
    this.onNotifyRetry = o.onNotifyRetry ?? null;
    this.pool = new pg.Pool({ ...this.connConfig(), max: o.poolSize ?? 10 });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    this.pool.on('error', () => {});
    this.actPool = new pg.Pool({ ...this.connConfig(), max: o.actPoolSize ?? 4 });
    this.actPool.on('error', () => {});
    this.lanes = Array.from({ length: Math.max(1, o.notifyConnections ?? 4) }, () => ({
      outbox: [],
      sending: null,
      notifier: null,
    }));
  }

  private connConfig(): pg.ClientConfig {
    return { connectionString: this.url, options: `-c search_path=${this.schema}`, types };
  }

  /** Connects and applies pending migrations. */
  static async open(url: string, o: PgStoreOptions = {}): Promise<PgStore> {
    const s = new PgStore(url, o);
    try {
      await s.migrate();
      await s.loadKey();
    } catch (e) {
      await Promise.all([s.pool.end(), s.actPool.end()]);
      throw e;
    }
    return s;
  }

  get cluster(): ClusterBus {
    return this;
  }

  // ---------------------------------------------------------------- migrations
  async migrate(): Promise<number[]> {
    const c = await this.pool.connect();
    const applied: number[] = [];
    try {
      await c.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [`mm_migrate_${this.schema}`]);
      await c.query(`CREATE SCHEMA IF NOT EXISTS ${this.schema}`);
      await c.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
        version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`);
      const have = new Set(
        (await c.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map((r) => r.version),
      );
      const newest = Math.max(0, ...have);
      const known = Math.max(...PG_MIGRATIONS.map((m) => m.version));
      if (newest > known) throw new Error(`database schema version ${newest} is newer than this server (${known})`);
      for (const m of PG_MIGRATIONS) {
        if (have.has(m.version)) continue;
        await c.query('BEGIN');
        try {
          await c.query(m.sql);
          await c.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
          await c.query('COMMIT');
        } catch (e) {
          await c.query('ROLLBACK');
          throw e;
        }
        applied.push(m.version);
      }
    } finally {
      await c
        .query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [`mm_migrate_${this.schema}`])
        .catch(() => {});
      c.release();
    }
    return applied;
  }

  /** The installation's sealing key: made by the first instance (node:crypto), read by all. */
  private async loadKey(): Promise<void> {
    await this.pool.query('INSERT INTO cluster_key (id, key) VALUES (1, $1) ON CONFLICT (id) DO NOTHING', [
      newClusterKey(),
    ]);
    const r = await this.pool.query<{ key: string }>('SELECT key FROM cluster_key WHERE id = 1');
    this.key = Buffer.from(r.rows[0]!.key, 'base64');
  }

  // ---------------------------------------------------------------- helpers
  private async tx<T>(fn: (c: pg.PoolClient) => Promise<T>): Promise<T> {
    const c = await this.pool.connect();
    try {
      await c.query('BEGIN');
      const r = await fn(c);
      await c.query('COMMIT');
      return r;
    } catch (e) {
      await c.query('ROLLBACK').catch(() => {});
      throw e;
    } finally {
      c.release();
    }
  }

  /** Lobby transaction on one game: advisory lock, status row; commit notifies "<id> L". */
  private lobbyTx(id: string, fn: (c: pg.PoolClient, status: string | null) => Promise<boolean>): Promise<boolean> {
    return this.tx(async (c) => {
      await c.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [id]);
      const s = await c.query<{ status: string }>(GAME_SQL.statusOf, [id]);
      const ok = await fn(c, s.rows[0]?.status ?? null);
      if (ok) await c.query('SELECT pg_notify($1, $2)', [this.channel, `${id} L`]);
      return ok;
    });
  }

  private row(g: RawGameWithPlaces | undefined): GameRow | null {
    return g ? gameRow(g, g.places ?? []) : null;
  }

  private async insertPlace(c: pg.PoolClient, id: string, p: PlaceRow): Promise<void> {
    await c.query(GAME_SQL.insertPlace, placeParams(id, p));
    if (p.tokenHash) await c.query(GAME_SQL.insertToken, [p.tokenHash, id]);
  }

  // ---------------------------------------------------------------- GameStore
  async createGame(r: GameRow, actions: readonly ImportedAction[] = []): Promise<void> {
    await this.tx(async (c) => {
      await c.query(GAME_SQL.insertGame, gameParams(r));
      for (const p of r.places) await this.insertPlace(c, r.id, p);
      for (const x of actions)
        await c.query(GAME_SQL.insertAction, [r.id, x.seq, JSON.stringify(x.action), r.updatedAt]);
    });
  }

  async getGame(id: string): Promise<GameRow | null> {
    return this.row((await this.pool.query<RawGameWithPlaces>(`${GAME_SELECT} WHERE g.id = $1`, [id])).rows[0]);
  }

  async addPlace(id: string, p: PlaceRow): Promise<boolean> {
    return this.lobbyTx(id, async (c, status) => {
      if (status !== 'lobby') return false;
      if ((await c.query('SELECT 1 FROM places WHERE game_id = $1 AND place = $2', [id, p.place])).rowCount)
        return false;
      await this.insertPlace(c, id, p);
      await c.query(GAME_SQL.touch, [Date.now(), id]);
      return true;
    });
  }

  async removePlace(
    id: string,
    place: number,
    hostPlace: number | null,
    closeGame: boolean,
    title: string | null,
  ): Promise<boolean> {
    return this.lobbyTx(id, async (c, status) => {
      if (status !== 'lobby') return false;
      const p = await c.query<{ token_hash: string | null }>(
        'DELETE FROM places WHERE game_id = $1 AND place = $2 RETURNING token_hash',
        [id, place],
      );
      if (!p.rowCount) return false;
      const h = p.rows[0]!.token_hash;
      if (h) await c.query(GAME_SQL.deleteToken, [h]);
      await c.query(GAME_SQL.setHost, [hostPlace, closeGame ? 'closed' : 'lobby', Date.now(), title, id]);
      return true;
    });
  }

  async replaceToken(
    id: string,
    place: number,
    oldHash: string,
    newHash: string,
    start: Omit<StartInfo, 'deadline'> | null,
  ): Promise<boolean> {
    return this.lobbyTx(id, async (c, status) => {
      if (status !== 'lobby' && status !== 'active') return false;
      if (!(await c.query(GAME_SQL.replacePlaceToken, [newHash, id, place, oldHash])).rowCount) return false;
      if (start && !(await c.query(GAME_SQL.replaceStart, [JSON.stringify(start), id])).rowCount)
        throw new Error('start changed');
      await c.query(GAME_SQL.deleteToken, [oldHash]);
      await c.query(GAME_SQL.insertToken, [newHash, id]);
      return true;
    });
  }

  async startGame(id: string, s: StartInfo): Promise<boolean> {
    const { deadline, clock, ...start } = s;
    return this.lobbyTx(id, async (c, status) => {
      if (status !== 'lobby') return false;
      // The seats were computed from a read of the places: they must still be the places now.
      const places = (await c.query<{ place: number }>('SELECT place FROM places WHERE game_id = $1', [id])).rows;
      const seated = new Set(s.seats.filter((x) => x.place !== null).map((x) => x.place));
      if (places.length !== seated.size || places.some((p) => !seated.has(p.place))) return false;
      await c.query(
        `UPDATE games SET status = 'active', start = $1, engine_version = $2, seq = 0, deadline_at = $3,
           deadline_seat = $4, has_bots = $5, updated_at = $6, creator_net = NULL, clock = $8 WHERE id = $7`,
        [
          JSON.stringify(start),
          s.engineVersion,
          deadline?.at ?? null,
          deadline?.seat ?? null,
          s.seats.some((x) => x.bot !== null),
          s.startedAt,
          id,
          clock ? JSON.stringify(clock) : null,
        ],
      );
      for (const seat of s.seats) if (seat.tokenHash) await c.query(GAME_SQL.insertToken, [seat.tokenHash, id]);
      return true;
    });
  }

  async listOpen(limit: number, offset = 0, updatedSince = 0, vouched?: boolean): Promise<GameRow[]> {
    const r = await this.pool.query<RawGameWithPlaces>(
      `${GAME_SELECT} WHERE g.status = 'lobby' AND g.updated_at >= $2 AND ($4::boolean IS NULL OR (g.vouched = $4 AND g.net_share))
       ORDER BY g.created_at DESC LIMIT $1 OFFSET $3`,
      [limit, updatedSince, offset, vouched ?? null],
    );
    return r.rows.map((g) => this.row(g)!);
  }

  async countOpen(vouched: boolean, updatedSince: number): Promise<number> {
    const r = await this.pool.query<{ n: number | string }>(GAME_SQL.countOpen, [vouched ? 1 : 0, updatedSince]);
    return Number(r.rows[0]?.n ?? 0);
  }

  async countOpenOfNet(net: string, updatedSince: number): Promise<number> {
    const r = await this.pool.query<{ n: number | string }>(GAME_SQL.countOpenOfNet, [net, updatedSince, 0, 1]);
    return Number(r.rows[0]?.n ?? 0);
  }

  async listLive(limit: number, offset: number): Promise<GameRow[]> {
    const r = await this.pool.query<RawGameWithPlaces>(
      `${GAME_SELECT} WHERE g.listed AND g.status = 'active' ORDER BY g.created_at DESC, g.id LIMIT $1 OFFSET $2`,
      [limit, offset],
    );
    return r.rows.map((g) => this.row(g)!);
  }

  async gamesForTokens(hashes: readonly string[]): Promise<GameRow[]> {
    if (!hashes.length) return [];
    const r = await this.pool.query<RawGameWithPlaces>(
      `${GAME_SELECT} WHERE g.id IN (SELECT game_id FROM tokens WHERE token_hash = ANY($1::text[]))`,
      [hashes],
    );
    return r.rows.map((g) => this.row(g)!);
  }

  async activeGameIds(): Promise<string[]> {
    return (await this.pool.query<{ id: string }>(GAME_SQL.activeIds)).rows.map((r) => r.id);
  }

  async appendAction(a: AppendInput): Promise<'ok' | 'stale'> {
    const t0 = performance.now();
    const c = await this.actPool.connect();
    this.appendWaits?.add(performance.now() - t0);
    const r = await c
      .query<{ ok: boolean }>({
        // Prepared once per pooled connection (every move runs it).
        name: 'mm_append_clock',
        text: 'SELECT mm_append_clock($1,$2,$3,$4,$5,$6,$7,$8,$9,$10) AS ok',
        values: [
          a.gameId,
          a.expectedSeq,
          JSON.stringify(a.action),
          a.at,
          a.deadline?.at ?? null,
          a.deadline?.seat ?? null,
          a.result ? JSON.stringify(a.result) : null,
          a.snapshot ? JSON.stringify(a.snapshot) : null,
          a.clock ? JSON.stringify(a.clock) : null,
          a.start ? JSON.stringify(a.start) : null,
        ],
      })
      .then(
        (x) => {
          c.release();
          return x;
        },
        (e: unknown) => {
          // A broken connection is dropped from the pool, not handed out again.
          c.release(e instanceof Error ? e : true);
          throw e;
        },
      );
    if (!r.rows[0]!.ok) return 'stale';
    const seq = a.expectedSeq + 1;
    this.announce(
      a.gameId,
      sealCommit(this.key, this.channel, a.gameId, {
        seq,
        action: a.action,
        deadline: a.deadline,
        at: a.at,
        clock: a.clock ?? null,
        ...(a.start ? { start: a.start } : {}),
      }),
    );
    return 'ok';
  }

  /** D13: a stand-in seated or gone. The game then has bot work (its lease is claimed as for a
   * bot seat), and every instance re-reads the row, as after a lobby change. */
  async seatChange(a: SeatChangeInput): Promise<boolean> {
    const r = await this.pool.query(
      `UPDATE games SET start = $1, deadline_at = $2, deadline_seat = $3, clock = $4, deadline_claim_until = NULL,
         has_bots = has_bots OR $8 WHERE id = $5 AND seq = $6 AND status = 'active' AND start = $7`,
      [
        JSON.stringify(a.start),
        a.deadline?.at ?? null,
        a.deadline?.seat ?? null,
        a.clock ? JSON.stringify(a.clock) : null,
        a.gameId,
        a.expectedSeq,
        JSON.stringify(a.expectedStart),
        a.start.seats.some((x) => x.standIn),
      ],
    );
    if (r.rowCount !== 1) return false;
    await this.announceRenamed([a.gameId]);
    return true;
  }

  /**
   * Announces a committed action, after its commit (see migration 002 for why not inside it):
   * the sealed commit on "mm_<schema>_c", only (its seq-only twin on "mm_<schema>" was kept for
   * instances of an earlier version, and doubled every listener's work on the path between two
   * instances: issue 29 §6). A game's announcements always go through the same notifier
   * connection (a hash of its id picks one of `notifyConnections`), which sends them in order,
   * everything queued meanwhile in one prepared statement; other games' announcements do not wait
   * behind that connection's round trip. Not awaited by the append: the action is durable already. A batch that
   * fails is sent again on a new connection (with backoff) until it goes through: a lost
   * announcement left another instance's players waiting on a move they never saw (regression:
   * pg-bus.test.ts). A repeat is harmless (receivers skip a seq they hold). Only beyond
   * OUTBOX_MAX waiting announcements (a share per connection) are the oldest dropped; the others then
   * catch up on the game's next commit (a gap: they read the store) or a `hello`.
   */
  private announce(gameId: string, sealed: string): void {
    const lane = this.lanes[laneOf(gameId, this.lanes.length)]!;
    lane.outbox.push(sealed);
    const max = Math.ceil(OUTBOX_MAX / this.lanes.length);
    if (lane.outbox.length > max) {
      const drop = lane.outbox.length - max;
      lane.outbox.splice(0, drop);
      this.onNotifyLost?.(drop, new Error('announcement backlog full'));
    }
    this.sendOutbox(lane);
  }

  private sendOutbox(lane: NotifyLane): void {
    if (lane.sending || this.closed) return;
    lane.sending = this.flushOutbox(lane).finally(() => {
      lane.sending = null;
      if (lane.outbox.length && !this.closed) this.sendOutbox(lane);
    });
  }

  private async flushOutbox(lane: NotifyLane): Promise<void> {
    let failures = 0;
    while (lane.outbox.length && !this.closed) {
      const batch = lane.outbox.splice(0);
      try {
        if (!lane.notifier) {
          const c = new pg.Client(this.connConfig());
          c.on('error', () => {
            if (lane.notifier === c) lane.notifier = null;
          });
          await c.connect();
          lane.notifier = c;
        }
        // Prepared once per connection: the statement is parsed and planned once, not per move.
        await lane.notifier.query(
          batch.length === 1
            ? { name: 'mm_announce', text: 'SELECT pg_notify($1, $2)', values: [this.channel + '_c', batch[0]] }
            : {
                name: 'mm_announce_many',
                text: 'SELECT pg_notify($1, p) FROM unnest($2::text[]) WITH ORDINALITY AS t(p, n) ORDER BY n',
                values: [this.channel + '_c', batch],
              },
        );
        failures = 0;
      } catch (e) {
        // Back in front, in order, for the next attempt on a new connection.
        lane.outbox.unshift(...batch);
        this.onNotifyRetry?.(batch.length, e);
        const c = lane.notifier;
        lane.notifier = null;
        await c?.end().catch(() => {});
        await new Promise((r) => setTimeout(r, Math.min(5000, 50 * 2 ** failures++)));
      }
    }
  }

  async loadLog(id: string): Promise<GameLog> {
    const snap = (await this.pool.query<{ seq: number; state: string }>(GAME_SQL.latestSnapshot, [id])).rows[0];
    const from = snap?.seq ?? 0;
    return {
      snapshot: snap ? { seq: snap.seq, state: JSON.parse(snap.state) as GameState } : null,
      actions: await this.actionsAfter(id, from),
    };
  }

  async actionsAfter(id: string, seq: number): Promise<{ seq: number; action: Action }[]> {
    const r = await this.pool.query<{ seq: number; action: string }>(GAME_SQL.actionsAfter, [id, seq]);
    return r.rows.map((x) => ({ seq: x.seq, action: JSON.parse(x.action) as Action }));
  }

  async changesAfter(
    id: string,
    seq: number,
  ): Promise<{ row: GameRow | null; actions: { seq: number; action: Action }[] }> {
    // One statement, so one round trip and one snapshot: the actions end exactly at the row's seq.
    const r = await this.pool.query<RawGameWithPlaces & { missed: { seq: number; action: string }[] | null }>(
      `SELECT q.*, (SELECT json_agg(json_build_object('seq', a.seq, 'action', a.action) ORDER BY a.seq)
         FROM actions a WHERE a.game_id = q.id AND a.seq > $2) AS missed FROM (${GAME_SELECT} WHERE g.id = $1) q`,
      [id, seq],
    );
    const raw = r.rows[0];
    return {
      row: this.row(raw),
      actions: (raw?.missed ?? []).map((x) => ({ seq: x.seq, action: JSON.parse(x.action) as Action })),
    };
  }

  async allActions(id: string): Promise<Action[]> {
    return (await this.actionsAfter(id, 0)).map((x) => x.action);
  }

  async notesOf(id: string): Promise<NoteEntry[]> {
    const r = await this.pool.query<{ at: number; note: string }>(GAME_SQL.notesOf, [id]);
    return r.rows.map((x) => ({ at: x.at, note: JSON.parse(x.note) as NoteEntry['note'] }));
  }

  async analysisOf(id: string): Promise<string | null> {
    const r = await this.pool.query<{ body: string }>(GAME_SQL.analysisOf, [id]);
    return r.rows[0]?.body ?? null;
  }

  async saveAnalysis(id: string, body: string, at: number): Promise<void> {
    await this.pool.query(GAME_SQL.insertAnalysis, [id, body, at]);
  }

  /** One transaction: the upsert (or delete) and the notification "<id> N" commit together. */
  async setNote(id: string, change: NoteChange, at: number): Promise<void> {
    await this.tx(async (c) => {
      if (change.note)
        await c.query(GAME_SQL.upsertNote, [id, change.at, change.seat, JSON.stringify(change.note), at]);
      else await c.query(GAME_SQL.deleteNote, [id, change.at]);
      await c.query('SELECT pg_notify($1, $2)', [this.channel, `${id} N`]);
    });
  }

  /** Due deadlines, CLAIMED for this instance for deadlineClaimMs (SKIP LOCKED: instances sweeping
   * at the same moment get disjoint sets; a claim left by a dead instance expires). */
  async dueDeadlines(now: number, limit: number) {
    const r = await this.pool.query<{ id: string; deadline_at: number; deadline_seat: number }>(
      `UPDATE games SET deadline_claim_until = $2 WHERE id IN (
         SELECT id FROM games WHERE status = 'active' AND deadline_at IS NOT NULL AND deadline_at <= $1
           AND (deadline_claim_until IS NULL OR deadline_claim_until < $1)
         ORDER BY deadline_at LIMIT $3 FOR UPDATE SKIP LOCKED)
       RETURNING id, deadline_at, deadline_seat`,
      [now, now + this.deadlineClaimMs, limit],
    );
    return r.rows.map((x) => ({ gameId: x.id, deadline: { at: x.deadline_at, seat: x.deadline_seat } }));
  }

  // ---------------------------------------------------------------- ClusterBus
  async announceRenamed(ids: readonly string[]): Promise<void> {
    for (const id of ids) await this.pool.query('SELECT pg_notify($1, $2)', [this.channel, `${id} L`]);
  }

  async listen(
    onGame: (gameId: string, what: number | 'lobby' | 'notes' | AnnouncedCommit) => void,
    onResync: () => void,
  ): Promise<void> {
    const sealedChannel = `${this.channel}_c`;
    const connect = async (): Promise<void> => {
      const c = new pg.Client(this.connConfig());
      c.on('notification', (n) => {
        if (!n.payload) return;
        if (n.channel === sealedChannel) {
          // Commits: sealed only. One that does not open is not ours (or tampered): ignored.
          const got = openCommit(this.key, this.channel, n.payload);
          if (got) onGame(got.gameId, got.what);
          return;
        }
        // The plain channel: lobby ("<id> L") and notes ("<id> N") changes, which are public.
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

  async claimBotGames(now: number, leaseMs: number, limit: number): Promise<string[]> {
    const r = await this.pool.query<{ game_id: string }>(
      `INSERT INTO leases (game_id, owner, expires_at)
         SELECT g.id, $1, $2 FROM games g LEFT JOIN leases l ON l.game_id = g.id
         WHERE g.status = 'active' AND g.has_bots AND (l.game_id IS NULL OR l.expires_at < $3)
         LIMIT $4
       ON CONFLICT (game_id) DO UPDATE SET owner = excluded.owner, expires_at = excluded.expires_at
         WHERE leases.expires_at < $3
       RETURNING game_id`,
      [this.instanceId, now + leaseMs, now, limit],
    );
    return r.rows.map((x) => x.game_id);
  }

  async claimBotGame(id: string, now: number, leaseMs: number): Promise<boolean> {
    const r = await this.pool.query(
      `INSERT INTO leases (game_id, owner, expires_at) VALUES ($1, $2, $3)
       ON CONFLICT (game_id) DO UPDATE SET owner = excluded.owner, expires_at = excluded.expires_at
         WHERE leases.expires_at < $4 OR leases.owner = excluded.owner
       RETURNING game_id`,
      [id, this.instanceId, now + leaseMs, now],
    );
    return (r.rowCount ?? 0) > 0;
  }

  async renewLeases(now: number, leaseMs: number): Promise<string[]> {
    const r = await this.pool.query<{ game_id: string }>(
      'UPDATE leases SET expires_at = $2 WHERE owner = $1 AND expires_at >= $3 RETURNING game_id',
      [this.instanceId, now + leaseMs, now],
    );
    return r.rows.map((x) => x.game_id);
  }

  async releaseLeases(): Promise<void> {
    await this.pool.query('DELETE FROM leases WHERE owner = $1', [this.instanceId]);
  }

  /** Readiness: a statement that writes and a transaction id, which a database that cannot
   * write (a read-only session, in recovery, unreachable) refuses. */
  async probeWrite(): Promise<void> {
    // The UPDATE (of no row) is refused as an action's INSERT would be in a read-only session
    // (default_transaction_read_only); txid_current() alone passes there.
    await this.pool.query('UPDATE games SET seq = seq WHERE false; SELECT txid_current()');
  }

  async close(): Promise<void> {
    if (this.closed) return;
    // Announce what was committed before going (a database that does not answer gets 3 s).
    await Promise.race([
      Promise.all(this.lanes.map((l) => l.sending)),
      new Promise((r) => setTimeout(r, 3000).unref()),
    ]);
    this.closed = true;
    const unsent = this.lanes.reduce((n, l) => n + l.outbox.length, 0);
    if (unsent) this.onNotifyLost?.(unsent, new Error('closed before sent'));
    const l = this.listener;
    this.listener = null;
    if (l) await l.end().catch(() => {});
    await Promise.all(this.lanes.map((x) => x.notifier?.end().catch(() => {})));
    await Promise.all([this.pool.end(), this.actPool.end()]);
  }
}
