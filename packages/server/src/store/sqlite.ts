// SQLite store (better-sqlite3, WAL, synchronous=FULL). Each action is ONE compare-and-set on the
// game's seq plus the append (and maybe a snapshot), committed (fsync) before the server sends
// anything.
//
// Threads: better-sqlite3 is synchronous, and a commit's fsync can take tens of ms on a busy disk,
// so by default every WRITE goes to a writer thread (worker/sqlite-writer.mjs) that owns the write
// connection; the main thread's event loop never waits for a disk flush. Group commit there: all
// writes that arrive while a transaction is being committed share the next one (one fsync), each
// under its own savepoint and compare-and-set, each acknowledged (its promise resolved) only after
// that COMMIT returned. READS stay on the main thread on a second connection: in WAL mode a reader
// sees exactly the committed transactions, so a read after an acknowledged write sees it, and
// readers never wait for the writer. Compound reads (game row + places, snapshot + actions) run in
// one read transaction, so they see one consistent snapshot.
// ':memory:' (one connection only) and SQLITE_WRITER=inline run the same writer code in-thread.
import { gameRow, type RawGame, type RawPlace } from './rows.js';
import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import type { Action, GameState, NoteChange, NoteEntry } from '@mindmgmt/engine';
import { applySqliteMigrations } from './migrations/sqlite/index.js';
import { createWriter, runBatch, WRITER_ROLE, type Outcome, type Writer } from '../../worker/sqlite-writer.mjs';
import { gameParams } from './sql/games.js';
import { Q, SCHEMA_VERSION, SQLITE_SCHEMA, sqlitePragmas, type SyncMode } from './sql/sqlite.js';
import {
  StoreError,
  type AppendInput,
  type GameLog,
  type GameRow,
  type GameStore,
  type PlaceRow,
  type StartInfo,
  type ImportedAction,
  type SeatChangeInput,
} from './types.js';

/** The database's name in the data folder (DATA_DIR). */
export const DATA_FILE = 'mindmgmt.sqlite';
/** The data folder and the database files (they hold password hashes, sessions and the push key
 * pair) are the server's user's alone. */
export const DIR_MODE = 0o700;
export const FILE_MODE = 0o600;

/** Creates the data folder readable by its owner only, or tightens an existing one. */
export function dataDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: DIR_MODE });
  fs.chmodSync(dir, DIR_MODE);
}

/** The database file (created empty if absent: SQLite gives its -wal and -shm files the same
 * mode) and any -wal/-shm beside it: owner read/write only. */
export function ownerOnly(file: string): void {
  fs.closeSync(fs.openSync(file, 'a', FILE_MODE));
  for (const f of [file, `${file}-wal`, `${file}-shm`])
    try {
      fs.chmodSync(f, FILE_MODE);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
}

/** 'thread' (default): writes on a worker thread. 'inline': on the main thread (blocks it per commit). */
export type WriterMode = 'thread' | 'inline';

const WRITER_URL = new URL('../../worker/sqlite-writer.mjs', import.meta.url);

interface Pending {
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
}
interface Thread {
  readonly worker: Worker;
  readonly pending: Map<number, Pending>;
}
type Kind =
  | 'createGame'
  | 'addPlace'
  | 'removePlace'
  | 'startGame'
  | 'replaceToken'
  | 'append'
  | 'seatChange'
  | 'setNote'
  | 'saveAnalysis'
  | 'probe'
  | 'config'
  | 'pragma'
  | 'stats'
  | 'pause'
  | 'close';

/** Longest the writer thread holds back for one `exclusive` section (then games go on). */
const EXCLUSIVE_MAX_MS = 10_000;

/** Commit durations (ms) and batch sizes since the last call (diagnostics). */
export interface WriterStats {
  commits: number[];
  sizes: number[];
  /** Main thread: appendAction call -> resolved (queueing + commit + thread hops), ms. */
  acks: number[];
}

export class SqliteStore implements GameStore {
  /** The main thread's connection: reads (and, in inline mode, writes too). */
  readonly db: Database.Database;
  readonly writerMode: WriterMode;
  private readonly st: { [K in keyof typeof Q]: Database.Statement };
  private readonly readTx: (f: () => unknown) => unknown;
  private readonly pragmas: string[];
  private closed = false;
  private nextId = 1;
  // thread mode
  private thread: Thread | null = null;
  // inline mode
  private readonly inline: Writer | null = null;
  private queue: { id: number; kind: Kind; args: unknown; p: Pending }[] = [];
  private flushScheduled = false;
  private group = true;
  /** Shared with the writer thread: the number of the last `exclusive` section that ended. */
  private readonly gate = new Int32Array(new SharedArrayBuffer(4));
  private sections = 0;
  private exclusiveChain: Promise<unknown> = Promise.resolve();

  /** `file` is a path, or ':memory:' (always inline). Creates the folder if needed. */
  constructor(
    readonly file: string,
    sync: SyncMode = 'full',
    writer: WriterMode = 'thread',
  ) {
    if (file !== ':memory:') {
      fs.mkdirSync(path.dirname(file), { recursive: true, mode: DIR_MODE });
      ownerOnly(file);
    }
    this.pragmas = sqlitePragmas(sync);
    this.db = new Database(file);
    for (const p of this.pragmas) this.db.pragma(p);
    this.db.exec(SQLITE_SCHEMA);
    // Migrations 100+ (players, game notes) build on the base schema; the player store applies
    // them too (a no-op by then).
    applySqliteMigrations(this.db);
    this.st = Object.fromEntries(Object.entries(Q).map(([k, sql]) => [k, this.db.prepare(sql)])) as SqliteStore['st'];
    const v = this.st.getMeta.get('schema_version') as { value: string } | undefined;
    if (!v) this.st.setMeta.run('schema_version', String(SCHEMA_VERSION));
    else if (Number(v.value) !== SCHEMA_VERSION)
      throw new Error(`database schema ${v.value}, server expects ${SCHEMA_VERSION}`);
    const tx = this.db.transaction((f: () => unknown) => f());
    this.readTx = (f) => tx(f);
    this.writerMode = file === ':memory:' ? 'inline' : writer;
    if (this.writerMode === 'inline') this.inline = createWriter(this.db, Q);
    else this.thread = this.spawn();
  }

  static inDir(dir: string, sync: SyncMode = 'full', writer: WriterMode = 'thread'): SqliteStore {
    dataDir(dir);
    return new SqliteStore(path.join(dir, DATA_FILE), sync, writer);
  }

  /**
   * Group commit (default on): writes that arrive while a commit is in flight (thread mode), or in
   * the same event-loop turn (inline mode), share one transaction and so one fsync. Each keeps its
   * own compare-and-set; none is acknowledged before the commit that contains it.
   * `false` gives one transaction per write.
   */
  get groupCommit(): boolean {
    return this.group;
  }
  set groupCommit(on: boolean) {
    this.group = on;
    if (this.thread) this.thread.worker.postMessage({ id: 0, kind: 'config', args: { groupCommit: on } });
  }

  // ---------------------------------------------------------------- writing
  private spawn(): Thread {
    const worker = new Worker(WRITER_URL, {
      workerData: {
        role: WRITER_ROLE,
        file: this.file,
        pragmas: this.pragmas,
        Q,
        groupCommit: this.group,
        gate: this.gate,
      },
    });
    const t: Thread = { worker, pending: new Map() };
    const failAll = (why: string) => {
      for (const p of t.pending.values()) p.reject(new StoreError(why));
      t.pending.clear();
    };
    worker.on('message', (outs: (Outcome & { id: number })[]) => {
      for (const o of outs) {
        if (o.id === -1) return failAll(`sqlite writer failed: ${o.ok ? '' : o.error.message}`);
        const p = t.pending.get(o.id);
        if (!p) continue;
        t.pending.delete(o.id);
        if (o.ok) p.resolve(o.value);
        else p.reject(Object.assign(new StoreError(o.error.message), { code: o.error.code }));
      }
      // The thread keeps the process alive only while a write is unanswered.
      if (!t.pending.size) worker.unref();
    });
    worker.on('error', (e) => failAll(`sqlite writer error: ${String(e)}`));
    worker.on('exit', (code) => {
      failAll(`sqlite writer exited (${code})`);
      if (this.thread === t) this.thread = null; // the next write starts a new one
    });
    worker.unref();
    return t;
  }

  /**
   * Runs f while the writer thread is between transactions and starts none: for writes made on
   * another connection to this file (the player store's, on the main thread). Without it such a
   * write waited for SQLite's lock inside SQLite's busy handler, which blocks the main thread, and
   * failed with "database is locked" when the writer's group commits followed each other for
   * longer than busy_timeout (regression: joins at high load). Sections run one at a time; f
   * should only touch the database (it holds back every game's writes while it runs).
   */
  exclusive<T>(f: () => Promise<T>): Promise<T> {
    const run = async (): Promise<T> => {
      if (this.writerMode !== 'thread' || this.closed) return f();
      const k = ++this.sections;
      await this.write('pause', { k, maxMs: EXCLUSIVE_MAX_MS });
      try {
        return await f();
      } finally {
        Atomics.store(this.gate, 0, k);
        Atomics.notify(this.gate, 0);
      }
    };
    const r = this.exclusiveChain.then(run, run);
    this.exclusiveChain = r.catch(() => undefined);
    return r;
  }

  private write<T>(kind: Kind, args: unknown): Promise<T> {
    if (this.closed) return Promise.reject(new StoreError('store closed'));
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      const p: Pending = { resolve: resolve as (v: unknown) => void, reject };
      if (this.writerMode === 'thread') {
        const t = (this.thread ??= this.spawn());
        if (!t.pending.size) t.worker.ref();
        t.pending.set(id, p);
        t.worker.postMessage({ id, kind, args });
        return;
      }
      this.queue.push({ id, kind, args, p });
      if (!this.group) return this.flushInline();
      if (!this.flushScheduled) {
        this.flushScheduled = true;
        setImmediate(() => this.flushInline());
      }
    });
  }

  private flushInline(): void {
    this.flushScheduled = false;
    const batch = this.queue.splice(0);
    if (!batch.length) return;
    const res = runBatch(this.db, this.inline!, batch, this.group);
    batch.forEach((b, i) => {
      const o = res[i]!;
      if (o.ok) b.p.resolve(o.value);
      else b.p.reject(Object.assign(new StoreError(o.error.message), { code: o.error.code }));
    });
  }

  async createGame(r: GameRow, actions: readonly ImportedAction[] = []): Promise<void> {
    await this.write('createGame', {
      id: r.id,
      game: gameParams(r),
      places: r.places,
      actions: actions.map((x) => [x.seq, JSON.stringify(x.action)]),
      at: r.updatedAt,
    });
  }

  addPlace(id: string, p: PlaceRow): Promise<boolean> {
    return this.write('addPlace', { id, place: p, now: Date.now() });
  }

  removePlace(
    id: string,
    place: number,
    hostPlace: number | null,
    closeGame: boolean,
    title: string | null,
  ): Promise<boolean> {
    return this.write('removePlace', {
      id,
      place,
      hostPlace,
      closeGame,
      title,
      now: Date.now(),
    });
  }

  startGame(id: string, s: StartInfo): Promise<boolean> {
    const { deadline, clock, ...start } = s;
    return this.write('startGame', {
      id,
      start: JSON.stringify(start),
      clock: clock ? JSON.stringify(clock) : null,
      engineVersion: s.engineVersion,
      deadlineAt: deadline?.at ?? null,
      deadlineSeat: deadline?.seat ?? null,
      startedAt: s.startedAt,
      tokenHashes: s.seats.flatMap((seat) => (seat.tokenHash ? [seat.tokenHash] : [])),
    });
  }

  replaceToken(
    id: string,
    place: number,
    oldHash: string,
    newHash: string,
    start: Omit<StartInfo, 'deadline'> | null,
  ): Promise<boolean> {
    return this.write('replaceToken', { id, place, oldHash, newHash, start: start ? JSON.stringify(start) : null });
  }

  private acks: number[] = [];

  /** Resolves after the transaction holding this append committed ('stale': the seq moved on). */
  appendAction(a: AppendInput): Promise<'ok' | 'stale'> {
    const t0 = performance.now();
    const acked = (r: 'ok' | 'stale') => {
      if (this.acks.length < 100_000) this.acks.push(performance.now() - t0);
      return r;
    };
    return this.write<'ok' | 'stale'>('append', {
      gameId: a.gameId,
      expectedSeq: a.expectedSeq,
      deadlineAt: a.deadline?.at ?? null,
      deadlineSeat: a.deadline?.seat ?? null,
      result: a.result ? JSON.stringify(a.result) : null,
      at: a.at,
      action: JSON.stringify(a.action),
      snapshot: a.snapshot ? JSON.stringify(a.snapshot) : null,
      clock: a.clock ? JSON.stringify(a.clock) : null,
      start: a.start ? JSON.stringify(a.start) : null,
    }).then(acked);
  }

  seatChange(a: SeatChangeInput): Promise<boolean> {
    return this.write<boolean>('seatChange', {
      gameId: a.gameId,
      expectedSeq: a.expectedSeq,
      expectedStart: JSON.stringify(a.expectedStart),
      start: JSON.stringify(a.start),
      deadlineAt: a.deadline?.at ?? null,
      deadlineSeat: a.deadline?.seat ?? null,
      clock: a.clock ? JSON.stringify(a.clock) : null,
    });
  }

  async setNote(gameId: string, change: NoteChange, at: number): Promise<void> {
    await this.write('setNote', {
      gameId,
      at: change.at,
      seat: change.seat,
      note: change.note ? JSON.stringify(change.note) : null,
      now: at,
    });
  }

  async analysisOf(id: string): Promise<string | null> {
    return (this.st.analysisOf.get(id) as { body: string } | undefined)?.body ?? null;
  }

  async saveAnalysis(gameId: string, body: string, at: number): Promise<void> {
    await this.write('saveAnalysis', { gameId, body, now: at });
  }

  /** One tiny write committed the way actions are (readiness). */
  async probeWrite(): Promise<void> {
    await this.write('probe', { at: Date.now() });
  }

  /** A pragma's value on the WRITE connection (tests, diagnostics). */
  async writerPragma(name: string): Promise<unknown> {
    if (this.writerMode === 'inline') return this.db.pragma(name, { simple: true });
    return this.write('pragma', { name });
  }

  /** Commit durations and batch sizes since the last call (thread mode; inline: empty). */
  async writerStats(): Promise<WriterStats> {
    const acks = this.acks;
    this.acks = [];
    if (this.writerMode === 'inline') return { commits: [], sizes: [], acks };
    return { ...(await this.write<Omit<WriterStats, 'acks'>>('stats', null)), acks };
  }

  // ---------------------------------------------------------------- reading (main thread)
  private row(g: RawGame | undefined): GameRow | null {
    return g ? gameRow(g, this.st.getPlaces.all(g.id) as RawPlace[]) : null;
  }

  /** Runs f in one read transaction (one consistent snapshot of the database). */
  private read<T>(f: () => T): T {
    return this.readTx(f) as T;
  }

  async getGame(id: string): Promise<GameRow | null> {
    return this.read(() => this.row(this.st.getGame.get(id) as RawGame | undefined));
  }

  async listOpen(limit: number, offset = 0, updatedSince = 0, vouched?: boolean): Promise<GameRow[]> {
    return this.read(() =>
      (
        (vouched === undefined
          ? this.st.listOpen.all(updatedSince, limit, offset)
          : this.st.listOpenOf.all(vouched ? 1 : 0, updatedSince, limit, offset)) as RawGame[]
      ).map((g) => this.row(g)!),
    );
  }

  async countOpen(vouched: boolean, updatedSince: number): Promise<number> {
    return Number((this.st.countOpen.get(vouched ? 1 : 0, updatedSince) as { n: number }).n);
  }

  async countOpenOfNet(net: string, updatedSince: number): Promise<number> {
    return Number((this.st.countOpenOfNet.get(net, updatedSince, 0, 1) as { n: number }).n);
  }

  async listLive(limit: number, offset: number): Promise<GameRow[]> {
    return this.read(() => (this.st.listLive.all(limit, offset) as RawGame[]).map((g) => this.row(g)!));
  }

  async gamesForTokens(hashes: readonly string[]): Promise<GameRow[]> {
    return this.read(() => {
      const ids = new Set<string>();
      for (const h of hashes) {
        const r = this.st.gameForToken.get(h) as { game_id: string } | undefined;
        if (r) ids.add(r.game_id);
      }
      return [...ids].map((id) => this.row(this.st.getGame.get(id) as RawGame | undefined)).filter((g) => g !== null);
    });
  }

  async activeGameIds(): Promise<string[]> {
    return (this.st.activeIds.all() as { id: string }[]).map((r) => r.id);
  }

  async loadLog(id: string): Promise<GameLog> {
    return this.read(() => {
      const snap = this.st.latestSnapshot.get(id) as { seq: number; state: string } | undefined;
      const from = snap?.seq ?? 0;
      const actions = (this.st.actionsAfter.all(id, from) as { seq: number; action: string }[]).map((r) => ({
        seq: r.seq,
        action: JSON.parse(r.action) as Action,
      }));
      return { snapshot: snap ? { seq: snap.seq, state: JSON.parse(snap.state) as GameState } : null, actions };
    });
  }

  async notesOf(id: string): Promise<NoteEntry[]> {
    return (this.st.notesOf.all(id) as { at: number; note: string }[]).map((r) => ({
      at: r.at,
      note: JSON.parse(r.note) as NoteEntry['note'],
    }));
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

  /** Writes already handed in are committed (and answered) first. */
  async close(): Promise<void> {
    if (this.closed) return;
    const t = this.thread;
    if (t) {
      const exited = new Promise((r) => t.worker.once('exit', r));
      const done = this.write('close', null).catch(() => undefined);
      this.closed = true;
      await done;
      await exited;
    } else {
      this.closed = true;
      this.flushInline();
    }
    if (this.db.open) this.db.close();
  }
}
