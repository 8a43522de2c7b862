// PostgreSQL store (`pg`), for running many server instances on one set of games. This file is
// the GameStore (lobby transactions, listings, loads, notes, analyses); beside it:
// - append.ts: each action is ONE message: the append (advisory lock, compare-and-set on the
//   game's seq, the action, a snapshot every so often) committed with its fsync before the server
//   acknowledges anything, then its announcement to the other instances, sealed (seal.ts);
// - bus.ts: the ClusterBus (LISTEN, catching up) with leases.ts, the once-only work claimed
//   through the database (bot moves, turn-timer deadlines);
// - migrate.ts: versioned migrations (store/migrations/pg) and the sealing key, at open.
// Lobby changes notify "<gameId> L" on "mm_<schema>" from inside their (rare) transactions, note
// changes (game_notes, migration 102) "<gameId> N", no game content.
// `schema` isolates a whole installation inside one database (tests use one schema each).
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { AckTimes } from '../../metrics/ack-times.js';
import type { Action, GameState, NoteChange, NoteEntry } from '@mindmgmt/engine';
import { GAME_SQL, gameParams, placeParams } from '../sql/games.js';
import type {
  AppendInput,
  GameLog,
  GameRow,
  GameStore,
  PlaceRow,
  StartInfo,
  ImportedAction,
  SeatChangeInput,
} from '../types.js';
import { type Announcer, appendAndAnnounce } from './append.js';
import { PgBus } from './bus.js';
import { openPool } from './connection.js';
import { actionsAfter, GAME_SELECT, type RawGameWithPlaces, rowOf } from './game-rows.js';
import { claimDueDeadlines } from './leases.js';
import { loadKey, migrate } from './migrate.js';

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
}

export class PgStore implements GameStore {
  readonly pool: pg.Pool;
  /** Appends only (see PgStoreOptions.actPoolSize). */
  private readonly actPool: pg.Pool;
  readonly schema: string;
  readonly instanceId: string;
  /** "mm_<schema>": lobby and note changes; commits go sealed on "<channel>_c". */
  readonly channel: string;
  private readonly deadlineClaimMs: number;
  private closed = false;
  /** Set at open, with the sealing key. */
  private bus: PgBus | null = null;
  private announcer: Announcer | null = null;
  private readonly appendWaits: AckTimes | null;

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
    this.pool = openPool(url, this.schema, o.poolSize ?? 10);
    this.actPool = openPool(url, this.schema, o.actPoolSize ?? 4);
  }

  /** Connects and applies pending migrations. */
  static async open(url: string, o: PgStoreOptions = {}): Promise<PgStore> {
    const s = new PgStore(url, o);
    try {
      await migrate(s.pool, s.schema);
      const key = await loadKey(s.pool);
      s.bus = new PgBus(s.pool, s.instanceId, url, s.schema, s.channel, key);
      s.announcer = { key, channel: s.channel };
    } catch (e) {
      await Promise.all([s.pool.end(), s.actPool.end()]);
      throw e;
    }
    return s;
  }

  get cluster(): PgBus {
    return this.bus!;
  }

  /** Applies pending migrations (done at open; again is a no-op). */
  migrate(): Promise<number[]> {
    return migrate(this.pool, this.schema);
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
    return rowOf((await this.pool.query<RawGameWithPlaces>(`${GAME_SELECT} WHERE g.id = $1`, [id])).rows[0]);
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
    return r.rows.map((g) => rowOf(g)!);
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
    return r.rows.map((g) => rowOf(g)!);
  }

  async gamesForTokens(hashes: readonly string[]): Promise<GameRow[]> {
    if (!hashes.length) return [];
    const r = await this.pool.query<RawGameWithPlaces>(
      `${GAME_SELECT} WHERE g.id IN (SELECT game_id FROM tokens WHERE token_hash = ANY($1::text[]))`,
      [hashes],
    );
    return r.rows.map((g) => rowOf(g)!);
  }

  async activeGameIds(): Promise<string[]> {
    return (await this.pool.query<{ id: string }>(GAME_SQL.activeIds)).rows.map((r) => r.id);
  }

  appendAction(a: AppendInput): Promise<'ok' | 'stale'> {
    return appendAndAnnounce(this.actPool, this.announcer!, a, this.appendWaits);
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
    await this.cluster.announceRenamed([a.gameId]);
    return true;
  }

  async loadLog(id: string): Promise<GameLog> {
    const snap = (await this.pool.query<{ seq: number; state: string }>(GAME_SQL.latestSnapshot, [id])).rows[0];
    const from = snap?.seq ?? 0;
    return {
      snapshot: snap ? { seq: snap.seq, state: JSON.parse(snap.state) as GameState } : null,
      actions: await actionsAfter(this.pool, id, from),
    };
  }

  async allActions(id: string): Promise<Action[]> {
    return (await actionsAfter(this.pool, id, 0)).map((x) => x.action);
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

  /** Due deadlines, claimed for this instance for deadlineClaimMs (leases.ts). */
  dueDeadlines(now: number, limit: number) {
    return claimDueDeadlines(this.pool, now, limit, this.deadlineClaimMs);
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
    this.closed = true;
    await this.bus?.close();
    await Promise.all([this.pool.end(), this.actPool.end()]);
  }
}
