// SQLite store (better-sqlite3, WAL, synchronous=FULL). Each action is ONE transaction:
// compare-and-set the game's seq, append the action, maybe a snapshot, commit (fsync) - and
// only then does the server send anything.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Action, GameState } from '@mindmgmt/engine';
import { Q, SCHEMA_VERSION, SQLITE_SCHEMA, sqlitePragmas, type SyncMode } from './sql/sqlite.js';
import type { AppendInput, GameLog, GameRow, GameStore, PlaceRow, StartInfo } from './types.js';

interface RawGame {
  id: string;
  title: string;
  created_at: number;
  status: GameRow['status'];
  options: string;
  host_place: number | null;
  start: string | null;
  seq: number;
  deadline_at: number | null;
  deadline_seat: number | null;
  result: string | null;
  updated_at: number;
}
interface RawPlace {
  place: number;
  name: string;
  token_hash: string | null;
  bot: PlaceRow['bot'];
  volunteer: number;
  joined_at: number;
}

export class SqliteStore implements GameStore {
  readonly db: Database.Database;
  private readonly st: { [K in keyof typeof Q]: Database.Statement };

  /** `file` is a path, or ':memory:'. Creates the folder if needed. */
  constructor(file: string, sync: SyncMode = 'full') {
    if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
    this.db = new Database(file);
    for (const p of sqlitePragmas(sync)) this.db.pragma(p);
    this.db.exec(SQLITE_SCHEMA);
    this.st = Object.fromEntries(Object.entries(Q).map(([k, sql]) => [k, this.db.prepare(sql)])) as SqliteStore['st'];
    const v = this.st.getMeta.get('schema_version') as { value: string } | undefined;
    if (!v) this.st.setMeta.run('schema_version', String(SCHEMA_VERSION));
    else if (Number(v.value) !== SCHEMA_VERSION)
      throw new Error(`database schema ${v.value}, server expects ${SCHEMA_VERSION}`);
  }

  static inDir(dir: string, sync: SyncMode = 'full'): SqliteStore {
    return new SqliteStore(path.join(dir, 'mindmgmt.sqlite'), sync);
  }

  private row(g: RawGame | undefined): GameRow | null {
    if (!g) return null;
    const places = (this.st.getPlaces.all(g.id) as RawPlace[]).map((p): PlaceRow => ({
      place: p.place,
      name: p.name,
      tokenHash: p.token_hash,
      bot: p.bot,
      volunteer: p.volunteer === 1,
      joinedAt: p.joined_at,
    }));
    return {
      id: g.id,
      title: g.title,
      createdAt: g.created_at,
      status: g.status,
      options: JSON.parse(g.options) as GameRow['options'],
      hostPlace: g.host_place,
      places,
      start: g.start ? (JSON.parse(g.start) as GameRow['start']) : null,
      seq: g.seq,
      deadline:
        g.deadline_at === null || g.deadline_seat === null ? null : { at: g.deadline_at, seat: g.deadline_seat },
      result: g.result ? (JSON.parse(g.result) as GameRow['result']) : null,
      updatedAt: g.updated_at,
    };
  }

  async createGame(r: GameRow): Promise<void> {
    this.db.transaction(() => {
      this.st.insertGame.run({
        id: r.id,
        title: r.title,
        created_at: r.createdAt,
        status: r.status,
        options: JSON.stringify(r.options),
        host_place: r.hostPlace,
        start: r.start ? JSON.stringify(r.start) : null,
        engine_version: r.start?.engineVersion ?? null,
        seq: r.seq,
        deadline_at: r.deadline?.at ?? null,
        deadline_seat: r.deadline?.seat ?? null,
        result: r.result ? JSON.stringify(r.result) : null,
        updated_at: r.updatedAt,
      });
      for (const p of r.places) this.insertPlace(r.id, p);
    })();
  }

  private insertPlace(id: string, p: PlaceRow): void {
    this.st.insertPlace.run(id, p.place, p.name, p.tokenHash, p.bot, p.volunteer ? 1 : 0, p.joinedAt);
    if (p.tokenHash) this.st.insertToken.run(p.tokenHash, id);
  }

  async getGame(id: string): Promise<GameRow | null> {
    return this.row(this.st.getGame.get(id) as RawGame | undefined);
  }

  async addPlace(id: string, p: PlaceRow): Promise<boolean> {
    return this.db.transaction(() => {
      const s = this.st.statusOf.get(id) as { status: string } | undefined;
      if (s?.status !== 'lobby' || this.st.getPlace.get(id, p.place)) return false;
      this.insertPlace(id, p);
      this.st.touch.run(Date.now(), id);
      return true;
    })();
  }

  async removePlace(id: string, place: number, hostPlace: number | null, closeGame: boolean): Promise<boolean> {
    return this.db.transaction(() => {
      const s = this.st.statusOf.get(id) as { status: string } | undefined;
      const p = this.st.getPlace.get(id, place) as { token_hash: string | null } | undefined;
      if (s?.status !== 'lobby' || !p) return false;
      this.st.deletePlace.run(id, place);
      if (p.token_hash) this.st.deleteToken.run(p.token_hash);
      this.st.setHost.run(hostPlace, closeGame ? 'closed' : 'lobby', Date.now(), id);
      return true;
    })();
  }

  async startGame(id: string, s: StartInfo): Promise<boolean> {
    const { deadline, ...start } = s;
    return this.db.transaction(() => {
      const r = this.st.start.run(
        JSON.stringify(start),
        s.engineVersion,
        deadline?.at ?? null,
        deadline?.seat ?? null,
        s.startedAt,
        id,
      );
      if (r.changes !== 1) return false;
      for (const seat of s.seats) if (seat.tokenHash) this.st.insertToken.run(seat.tokenHash, id);
      return true;
    })();
  }

  async listOpen(limit: number): Promise<GameRow[]> {
    return (this.st.listOpen.all(limit) as RawGame[]).map((g) => this.row(g)!);
  }

  async gamesForTokens(hashes: readonly string[]): Promise<GameRow[]> {
    const ids = new Set<string>();
    for (const h of hashes) {
      const r = this.st.gameForToken.get(h) as { game_id: string } | undefined;
      if (r) ids.add(r.game_id);
    }
    return [...ids].map((id) => this.row(this.st.getGame.get(id) as RawGame)!).filter((g) => g !== null);
  }

  async activeGameIds(): Promise<string[]> {
    return (this.st.activeIds.all() as { id: string }[]).map((r) => r.id);
  }

  /**
   * Group commit: appends that arrive in the same event-loop turn (necessarily for different
   * games: each game's lock is held until its append resolves) share one transaction and so one
   * fsync. Each action keeps its own compare-and-set; none is acknowledged before the commit
   * that contains it. `groupCommit = false` gives one transaction per action.
   */
  groupCommit = true;
  private queue: { a: AppendInput; resolve: (r: 'ok' | 'stale') => void; reject: (e: unknown) => void }[] = [];
  private flushScheduled = false;

  async appendAction(a: AppendInput): Promise<'ok' | 'stale'> {
    if (!this.groupCommit) return this.db.transaction(() => this.appendOne(a))();
    return new Promise((resolve, reject) => {
      this.queue.push({ a, resolve, reject });
      if (!this.flushScheduled) {
        this.flushScheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.flushScheduled = false;
    const batch = this.queue.splice(0);
    if (!batch.length) return;
    let results: ('ok' | 'stale')[];
    try {
      results = this.db.transaction(() => batch.map((b) => this.appendOne(b.a)))();
    } catch {
      // One bad append must not sink the others: retry one transaction each.
      for (const b of batch) {
        try {
          b.resolve(this.db.transaction(() => this.appendOne(b.a))());
        } catch (e) {
          b.reject(e);
        }
      }
      return;
    }
    batch.forEach((b, i) => b.resolve(results[i]!));
  }

  private appendOne(a: AppendInput): 'ok' | 'stale' {
    const seq = a.expectedSeq + 1;
    {
      const r = this.st.advance.run({
        id: a.gameId,
        expected: a.expectedSeq,
        seq,
        deadline_at: a.deadline?.at ?? null,
        deadline_seat: a.deadline?.seat ?? null,
        result: a.result ? JSON.stringify(a.result) : null,
        status: a.result ? 'over' : 'active',
        at: a.at,
      });
      if (r.changes !== 1) return 'stale';
      this.st.insertAction.run(a.gameId, seq, JSON.stringify(a.action), a.at);
      if (a.snapshot) {
        this.st.insertSnapshot.run(a.gameId, seq, JSON.stringify(a.snapshot));
        this.st.pruneSnapshots.run(a.gameId, seq);
      }
      return 'ok';
    }
  }

  async loadLog(id: string): Promise<GameLog> {
    const snap = this.st.latestSnapshot.get(id) as { seq: number; state: string } | undefined;
    const from = snap?.seq ?? 0;
    const actions = (this.st.actionsAfter.all(id, from) as { seq: number; action: string }[]).map((r) => ({
      seq: r.seq,
      action: JSON.parse(r.action) as Action,
    }));
    return { snapshot: snap ? { seq: snap.seq, state: JSON.parse(snap.state) as GameState } : null, actions };
  }

  async allActions(id: string): Promise<Action[]> {
    return (this.st.actionsAfter.all(id, 0) as { action: string }[]).map((r) => JSON.parse(r.action) as Action);
  }

  async dueDeadlines(now: number, limit: number) {
    return (this.st.due.all(now, limit) as { id: string; deadline_at: number; deadline_seat: number }[]).map((r) => ({
      gameId: r.id,
      deadline: { at: r.deadline_at, seat: r.deadline_seat },
    }));
  }

  async close(): Promise<void> {
    if (this.queue.length) this.flush();
    if (this.db.open) this.db.close();
  }
}
