// A worker_threads pool for bot decisions, so bot thinking never blocks the event loop.
//
// Sessions: a bot keeps caches that are valid for one game only, so the workers hold
// one bot session per (game, seat). Each game is pinned to one worker so its sessions stay warm;
// `forget` drops them when the game ends or leaves memory. A game moves to another worker only when
// its own worker is busy with another game (its sessions are then rebuilt there: a decision is a
// function of its inputs, so this costs time, never a different move).
//
// Fairness: decisions wait in one queue per game and free workers serve round
// robin twice over: first across the games' owners (the network that started them, `BotTask.owner`),
// then across one owner's games. One owner's many games then share one turn, however many they
// are, and cannot delay another owner's game by more than a decision in progress per worker; one
// game's backlog cannot hold up another game either. At most one decision per game runs at a time.
//
// Time limit: counted from the moment a worker starts the decision (a worker runs one at a time),
// never while it waits in the queue. A worker over the limit is terminated (synchronous bot code
// cannot be interrupted otherwise) and the decision plays the bot's best move so far (its last
// `onBest`), else the bot's quick default; never a random move. A worker that crashes has its
// sessions recreated on demand, and its running decision is retried once on a fresh worker.
import { Worker } from 'node:worker_threads';
import { type BotFactoryRef, LIVE_BOT_FACTORY, type Level, quickMove } from '@mindmgmt/ai';
import type { Action, GameRecord, Seat, View } from '@mindmgmt/engine';
import { systemBotClock, type BotClock } from './clock.js';

export interface BotTask {
  readonly gameId: string;
  readonly seat: Seat;
  /** A level the pool's bot factory builds (the server's: the players' levels). */
  readonly level: Level;
  /** May be a getter (the bot driver's builds the view when read): the pool reads it when it hands
   * the decision to a worker, and again only for a fallback move. */
  readonly view: View;
  readonly legal: readonly Action[];
  readonly seed: number;
  readonly budgetMs: number;
  /** Whose turn it uses in the round robin over owners (who started the game: the bot driver
   * passes its starter's network). Absent: the game is an owner of its own. */
  readonly owner?: string;
}

/**
 * Where a decision came from: the bot ('ai'); the bot's quick default because the bot failed
 * ('quick'); its best move so far ('best') or its quick default ('timeout') after the time limit;
 * its quick default after its worker crashed twice ('crash'); the quick default without thinking
 * because the game was forgotten, the pool closed or the queue was full ('dropped').
 */
export type DecisionSource = 'ai' | 'quick' | 'best' | 'timeout' | 'crash' | 'dropped';

export interface Decision {
  readonly action: Action | null;
  readonly source: DecisionSource;
  /** Time spent queued before a worker took the decision. */
  readonly waitMs: number;
  /** Time the worker spent on it (the time limit applies to this). */
  readonly runMs: number;
  /** The bot stopped at its wall-clock safety cutoff: the choice depended on timing. */
  readonly cutoff: boolean;
  /** Serial number of the worker that ran it (0 when none did). */
  readonly worker: number;
}

/**
 * A finished game's analysis, a second job kind: the worker replays the record with
 * the exact deduction and asks the expert bots at most `maxExpertDecisions` times with `playouts`
 * each (deterministic, seeded from the game id). Analyses wait in their own queue, capped
 * server-wide by the caller, run one at a time and only on a worker no decision waits for, so bot
 * games never wait behind one for more than the decision in progress; `runMs` is its time limit.
 */
export interface AnalysisTask {
  readonly gameId: string;
  readonly record: GameRecord;
  readonly playouts: number;
  readonly maxExpertDecisions: number;
  readonly runMs: number;
}

/** The analysis as JSON text, or why there is none ('failed': it threw; 'timeout'; 'dropped': the pool closed). */
export type AnalysisOutcome =
  | { readonly ok: true; readonly body: string; readonly runMs: number }
  | { readonly ok: false; readonly reason: 'failed' | 'timeout' | 'dropped' };

interface AnalysisJob {
  readonly id: number;
  readonly task: AnalysisTask;
  readonly resolve: (o: AnalysisOutcome) => void;
  startedAt: number;
  /** Cancels the time limit's alarm. */
  timer: (() => void) | null;
}

/** Cap on decisions waiting in the queue, over all games (beyond it: the quick default at once). */
export const MAX_QUEUED_DECISIONS = 10_000;

interface Job {
  readonly id: number;
  readonly task: BotTask;
  readonly resolve: (d: Decision) => void;
  readonly enqueuedAt: number;
  attempts: number;
  /** When a worker took it (null while it waits: a clock may read 0). */
  startedAt: number | null;
  best: Action | null;
  /** Cancels the time limit's alarm. */
  timer: (() => void) | null;
}

interface Slot {
  readonly serial: number;
  readonly worker: Worker;
  job: Job | null;
  /** The analysis this worker runs (then `job` is null). */
  analysis: AnalysisJob | null;
  dead: boolean;
  /** Games whose sessions live on this worker. */
  readonly games: Set<string>;
  /** Per session (game, seat): the log the worker holds from its last view, as its length and
   * the last entry's public event (the engine shares event objects between states, and a log
   * only grows or is cut back by an undo, so the same object at that index means the same
   * prefix). A decision then sends only the entries after it (each job copied the
   * bot's whole view, log included, on the main thread). */
  readonly logs: Map<string, { readonly len: number; readonly last: unknown }>;
}

const sessionKey = (gameId: string, seat: Seat): string => `${gameId}\u0000${seat}`;

type WorkerMessage =
  | { type: 'best'; id: number; action: Action }
  | { type: 'done'; id: number; action: Action | null; source: 'ai' | 'quick'; cutoff: boolean; runMs: number }
  | { type: 'error'; id: number; name: string }
  /** The worker does not hold the log prefix a decision was sent against: send it whole. */
  | { type: 'whole'; id: number }
  | { type: 'analysed'; id: number; body: string | null; runMs: number };

const WORKER_URL = new URL('../../worker/bot-worker.mjs', import.meta.url);

/**
 * A bot worker's young generation, at most (MB). V8 grows it with the allocation rate, up to tens
 * of MB per isolate, and a busy expert allocates fast: in the server bench each worker's grew with
 * the bot games, which made most of the server's RSS growth per game (632-798 KB per
 * game at 50 tables, 379 KB with 6 MB; docs/scaling.md). The workers' live data after a full
 * collection is 6-9 MB each, so a young generation of this size only means more, cheap, scavenges.
 */
const WORKER_YOUNG_GENERATION_MB = 8;

export class BotPool {
  private readonly slots: Slot[] = [];
  /** Waiting decisions per game (Map order: arrival of a game's first waiting decision). */
  private readonly queues = new Map<string, Job[]>();
  /** Dispatch counter value when each game was last served (round robin: least recent first). */
  private readonly lastServed = new Map<string, number>();
  private dispatches = 0;
  /** Owner of each game the pool knows (queued or with a served decision), until `forget`. */
  private readonly ownerOf = new Map<string, string>();
  /** Per owner: its games in `ownerOf`, and the dispatch counter value when it was last served
   * (kept while it has games, so an owner whose queue empties for a moment keeps its place). */
  private readonly owners = new Map<string, { games: number; served: number }>();
  private readonly pins = new Map<string, Slot>();
  private queued = 0;
  private nextId = 1;
  private nextSerial = 1;
  private closed = false;
  /** Analyses waiting (FIFO); the caller caps how many it hands in. */
  private readonly analyses: AnalysisJob[] = [];
  /** Counts per decision source, plus `cutoff` (bot hit its safety cutoff) and `retried`. */
  readonly sources: Record<DecisionSource | 'cutoff' | 'retried', number> = {
    ai: 0,
    quick: 0,
    best: 0,
    timeout: 0,
    crash: 0,
    dropped: 0,
    cutoff: 0,
    retried: 0,
  };

  /** False once closed: no decision will be made any more. */
  get alive(): boolean {
    return !this.closed;
  }

  /**
   * @param size number of worker threads
   * @param hardLimitMs time limit of one decision's run on its worker; may be changed later
   *   (applies to decisions that start after the change)
   * @param nice how far below the main thread each worker thread sets its nice value (Linux, at
   *   most 19; elsewhere ignored): bot thinking yields the cores to the main thread. Decisions do
   *   not depend on it (only the bots' wall-clock safety cutoff may come sooner on a busy machine,
   *   as it may without it).
   * @param clock dates waits and runs and arms the time limit (tests advance their own)
   * @param onDecision told of every decision as it resolves (metrics)
   * @param bots the factory the workers build bots with: the live one (the players' levels) unless
   *   the creator is a measurement that also plays the frozen yardstick (ANY_BOT_FACTORY)
   */
  constructor(
    private readonly size: number,
    public hardLimitMs: number,
    private readonly onProblem: (what: string) => void = () => {},
    private readonly nice = 0,
    private readonly clock: BotClock = systemBotClock,
    private readonly onDecision: ((d: Decision) => void) | null = null,
    private readonly bots: BotFactoryRef = LIVE_BOT_FACTORY,
  ) {}

  /** Always resolves: with the bot's action, or its best/quick move after the time limit. */
  async decide(task: BotTask): Promise<Action | null> {
    return (await this.decideDetailed(task)).action;
  }

  /** Like `decide`, with where the action came from and how long it waited and ran. */
  decideDetailed(task: BotTask): Promise<Decision> {
    return new Promise((resolve) => {
      const job: Job = {
        id: this.nextId++,
        task,
        resolve,
        enqueuedAt: this.clock.now(),
        attempts: 0,
        startedAt: null,
        best: null,
        timer: null,
      };
      if (this.closed || this.queued >= MAX_QUEUED_DECISIONS) return this.finish(job, 'dropped', null, 0, false, 0);
      this.own(task.gameId, task.owner ?? task.gameId);
      let q = this.queues.get(task.gameId);
      if (!q) this.queues.set(task.gameId, (q = []));
      q.push(job);
      this.queued++;
      this.pump();
    });
  }

  /** Runs a finished game's analysis on a worker (see AnalysisTask); always resolves. */
  analyse(task: AnalysisTask): Promise<AnalysisOutcome> {
    return new Promise((resolve) => {
      if (this.closed) return resolve({ ok: false, reason: 'dropped' });
      this.analyses.push({ id: this.nextId++, task, resolve, startedAt: 0, timer: null });
      this.pump();
    });
  }

  /** Analyses waiting or running. */
  get analysesPending(): number {
    return this.analyses.length + this.slots.filter((s) => s.analysis).length;
  }

  /** Drops a game's bot sessions (game over or evicted) and its waiting decisions. */
  forget(gameId: string): void {
    const q = this.queues.get(gameId);
    if (q) {
      this.queues.delete(gameId);
      this.queued -= q.length;
      for (const j of q) this.finish(j, 'dropped', null, 0, false, 0);
    }
    this.lastServed.delete(gameId);
    this.disown(gameId);
    const slot = this.pins.get(gameId);
    if (slot) {
      this.pins.delete(gameId);
      slot.games.delete(gameId);
      this.dropLogs(slot, gameId);
      // After a running decision of this game, if any: worker messages are handled in order.
      if (!slot.dead) slot.worker.postMessage({ type: 'forget', gameId });
    }
  }

  /** Games with bot sessions (tests and health figures). */
  get sessions(): number {
    return this.pins.size;
  }

  /** Decisions waiting for a worker. */
  get waiting(): number {
    return this.queued;
  }

  /** How long the decision waiting longest has waited for a worker so far (0: none waits). Under
   * the round robin every waiting game is served within a turn, so this is how far behind the
   * workers are. O(games waiting). */
  get oldestWaitMs(): number {
    let first = Infinity;
    for (const q of this.queues.values()) if (q.length && q[0]!.enqueuedAt < first) first = q[0]!.enqueuedAt;
    return first === Infinity ? 0 : this.clock.now() - first;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const q of this.queues.values()) for (const j of q) this.finish(j, 'dropped', null, 0, false, 0);
    this.queues.clear();
    this.queued = 0;
    for (const a of this.analyses.splice(0)) a.resolve({ ok: false, reason: 'dropped' });
    for (const s of this.slots) {
      s.dead = true;
      if (s.job) this.finish(s.job, 'dropped', null, 0, false, s.serial);
      if (s.analysis) this.endAnalysis(s, { ok: false, reason: 'dropped' });
    }
    this.pins.clear();
    this.ownerOf.clear();
    this.owners.clear();
    const ws = this.slots.splice(0).map((s) => s.worker.terminate());
    await Promise.allSettled(ws);
  }

  // ------------------------------------------------------------------ scheduling

  private pump(): void {
    if (this.closed) return;
    while (this.slots.length < this.size) this.slots.push(this.spawn());
    for (const slot of this.slots) {
      if (slot.job || slot.analysis || slot.dead || this.queued === 0) continue;
      const gameId = this.nextGameFor(slot);
      if (gameId === undefined) continue;
      const q = this.queues.get(gameId)!;
      const job = q.shift()!;
      this.queued--;
      if (!q.length) this.queues.delete(gameId);
      const owner = this.owners.get(this.ownerOf.get(gameId)!);
      if (owner) owner.served = this.dispatches;
      this.lastServed.set(gameId, this.dispatches++);
      this.pin(gameId, slot);
      this.start(slot, job);
    }
    // one analysis at a time, on a worker left idle by the decisions (none waits now)
    if (this.queued === 0 && this.analyses.length && !this.slots.some((s) => s.analysis)) {
      const slot = this.slots.find((s) => !s.job && !s.analysis && !s.dead);
      if (slot) this.startAnalysis(slot, this.analyses.shift()!);
    }
  }

  private startAnalysis(slot: Slot, a: AnalysisJob): void {
    slot.analysis = a;
    a.startedAt = this.clock.now();
    a.timer = this.clock.after(a.task.runMs, () => {
      if (slot.analysis !== a || slot.dead) return;
      this.onProblem('analysis over time limit');
      this.endAnalysis(slot, { ok: false, reason: 'timeout' });
      this.retire(slot);
      void slot.worker.terminate();
      this.pump();
    });
    const { gameId, record, playouts, maxExpertDecisions } = a.task;
    slot.worker.postMessage({ type: 'analyse', id: a.id, gameId, record, playouts, maxExpertDecisions });
  }

  private endAnalysis(slot: Slot, o: AnalysisOutcome): void {
    const a = slot.analysis;
    if (!a) return;
    slot.analysis = null;
    a.timer?.();
    a.timer = null;
    a.resolve(o);
  }

  /** Records a game's owner (the first one given holds until the game is forgotten). */
  private own(gameId: string, owner: string): void {
    if (this.ownerOf.has(gameId)) return;
    this.ownerOf.set(gameId, owner);
    const o = this.owners.get(owner);
    if (o) o.games++;
    else this.owners.set(owner, { games: 1, served: -1 });
  }

  private disown(gameId: string): void {
    const owner = this.ownerOf.get(gameId);
    if (owner === undefined) return;
    this.ownerOf.delete(gameId);
    const o = this.owners.get(owner)!;
    if (--o.games <= 0) this.owners.delete(owner);
  }

  /**
   * The game this idle worker serves next: of the games it may serve, one of the owner served
   * least recently, and of that owner's, the game served least recently (never served first, then
   * by arrival). A game whose sessions are on another worker, busy with another game, moves here
   * only when no game of this worker's or of none waits: its sessions would be rebuilt here (a
   * hard bot's belief from the whole log), which under a storm cost the moved game more than the
   * decision in progress on its own worker, which takes it next by the same order.
   * O(games waiting) per dispatch.
   */
  private nextGameFor(slot: Slot): string | undefined {
    // [0]: games of this worker's or of none; [1]: games that would move here
    const best: { pick: string | undefined; owner: number; served: number }[] = [0, 1].map(() => ({
      pick: undefined,
      owner: Infinity,
      served: Infinity,
    }));
    for (const gameId of this.queues.keys()) {
      const pinned = this.pins.get(gameId);
      let moves = 0;
      if (pinned && pinned !== slot) {
        // Its own worker is free: that worker takes it (same pass of pump).
        if (!pinned.job && !pinned.analysis) continue;
        // One decision per game at a time.
        if (pinned.job?.task.gameId === gameId) continue;
        // Its worker is busy with another game.
        moves = 1;
      }
      const owner = this.owners.get(this.ownerOf.get(gameId)!)?.served ?? -1;
      const served = this.lastServed.get(gameId) ?? -1;
      const b = best[moves]!;
      if (owner < b.owner || (owner === b.owner && served < b.served)) {
        b.pick = gameId;
        b.owner = owner;
        b.served = served;
      }
    }
    return best[0]!.pick ?? best[1]!.pick;
  }

  private pin(gameId: string, slot: Slot): void {
    const old = this.pins.get(gameId);
    if (old === slot) return;
    if (old) {
      old.games.delete(gameId);
      this.dropLogs(old, gameId);
      if (!old.dead) old.worker.postMessage({ type: 'forget', gameId });
    }
    this.pins.set(gameId, slot);
    slot.games.add(gameId);
  }

  private start(slot: Slot, job: Job): void {
    slot.job = job;
    job.best = null;
    job.startedAt = this.clock.now();
    // The worker is idle, so it starts at once: the limit counts only its own run.
    job.timer = this.clock.after(this.hardLimitMs, () => this.overtime(slot, job));
    this.post(slot, job, true);
  }

  /** Sends a decision to its worker: the view's log from where the worker's session left off,
   * or whole when `delta` is false or the prefix the worker holds is not this view's. */
  private post(slot: Slot, job: Job, delta: boolean): void {
    const { gameId, seat, level, view, legal, seed, budgetMs } = job.task;
    const key = sessionKey(gameId, seat);
    const held = delta ? slot.logs.get(key) : undefined;
    const log = view.log;
    const from = held && held.len <= log.length && held.len > 0 && log[held.len - 1]!.pub === held.last ? held.len : 0;
    slot.logs.set(key, { len: log.length, last: log[log.length - 1]?.pub });
    const sent = from ? { ...view, log: log.slice(from) } : view;
    slot.worker.postMessage({
      type: 'decide',
      id: job.id,
      gameId,
      seat,
      level,
      view: sent,
      logFrom: from,
      legal,
      seed,
      budgetMs,
    });
  }

  /** Drops what a worker holds of a game's logs (its sessions there are gone or going). */
  private dropLogs(slot: Slot, gameId: string): void {
    const prefix = `${gameId}\u0000`;
    for (const k of slot.logs.keys()) if (k.startsWith(prefix)) slot.logs.delete(k);
  }

  private finish(
    job: Job,
    source: DecisionSource,
    action: Action | null,
    runMs: number,
    cutoff: boolean,
    worker: number,
  ): void {
    job.timer?.();
    job.timer = null;
    this.sources[source]++;
    if (cutoff) this.sources.cutoff++;
    const waitMs = (job.startedAt ?? this.clock.now()) - job.enqueuedAt;
    const a = action ?? (source === 'ai' ? null : quickMove(job.task.view, job.task.legal));
    const d: Decision = { action: a, source, waitMs, runMs, cutoff, worker };
    this.onDecision?.(d);
    job.resolve(d);
  }

  // ------------------------------------------------------------------ workers

  /** Asks every worker to collect its garbage (when the process runs with --expose-gc), after the
   * job it is on: the bench's memory ramp (SERVER_STATS_GC). */
  collectGarbage(): void {
    for (const slot of this.slots) if (!slot.dead) slot.worker.postMessage({ type: 'collect' });
  }

  private spawn(): Slot {
    const worker = new Worker(WORKER_URL, {
      workerData: { nice: this.nice, bots: this.bots },
      resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB },
    });
    const slot: Slot = {
      serial: this.nextSerial++,
      worker,
      job: null,
      analysis: null,
      dead: false,
      games: new Set(),
      logs: new Map(),
    };
    worker.unref();
    worker.on('message', (m: WorkerMessage) => this.onMessage(slot, m));
    worker.on('error', (e) => this.lost(slot, `worker error: ${e.name}`));
    worker.on('exit', (code) => this.lost(slot, `worker exit ${code}`));
    return slot;
  }

  private onMessage(slot: Slot, m: WorkerMessage): void {
    if (m.type === 'analysed') {
      if (slot.analysis?.id !== m.id || slot.dead) return;
      this.endAnalysis(
        slot,
        m.body === null ? { ok: false, reason: 'failed' } : { ok: true, body: m.body, runMs: m.runMs },
      );
      this.pump();
      return;
    }
    const job = slot.job;
    if (m.type === 'error') {
      this.onProblem(`bot error: ${String(m.name).slice(0, 100)}`);
      return;
    }
    if (!job || job.id !== m.id || slot.dead) return;
    if (m.type === 'whole') {
      this.dropLogs(slot, job.task.gameId);
      this.post(slot, job, false);
      return;
    }
    if (m.type === 'best') {
      job.best = m.action;
      return;
    }
    slot.job = null;
    this.finish(job, m.source, m.action, m.runMs, m.cutoff, slot.serial);
    this.pump();
  }

  /** The running decision passed the time limit: play its best move so far and replace the worker. */
  private overtime(slot: Slot, job: Job): void {
    if (slot.job !== job || slot.dead) return;
    this.onProblem('bot over time limit');
    slot.job = null;
    const runMs = this.clock.now() - job.startedAt!;
    if (job.best) this.finish(job, 'best', job.best, runMs, true, slot.serial);
    else this.finish(job, 'timeout', null, runMs, true, slot.serial);
    this.retire(slot);
    void slot.worker.terminate();
    this.pump();
  }

  /** A worker died on its own: its sessions are gone (recreated on demand); retry its decision once. */
  private lost(slot: Slot, why: string): void {
    if (slot.dead) return;
    this.retire(slot);
    if (!this.closed) this.onProblem(why);
    // an analysis is not retried: a record that crashes a worker would crash the next one too
    if (slot.analysis) this.endAnalysis(slot, { ok: false, reason: 'failed' });
    const job = slot.job;
    slot.job = null;
    if (job) {
      job.timer?.();
      job.timer = null;
      if (job.attempts < 1 && !this.closed) {
        job.attempts++;
        this.sources.retried++;
        const q = this.queues.get(job.task.gameId);
        if (q) q.unshift(job);
        else this.queues.set(job.task.gameId, [job]);
        this.queued++;
      } else
        this.finish(job, job.best ? 'best' : 'crash', job.best, this.clock.now() - job.startedAt!, false, slot.serial);
    }
    void slot.worker.terminate();
    this.pump();
  }

  private retire(slot: Slot): void {
    slot.dead = true;
    const i = this.slots.indexOf(slot);
    if (i >= 0) this.slots.splice(i, 1);
    for (const g of slot.games) if (this.pins.get(g) === slot) this.pins.delete(g);
    slot.games.clear();
  }

  /** Test hook: the worker serving a game (to kill it in a crash test). */
  workerOf(gameId: string): Worker | undefined {
    return this.pins.get(gameId)?.worker;
  }
}
