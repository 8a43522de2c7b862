// The page's side of the offline bots: one Web Worker (bot-worker.ts) holding the
// bot sessions, one decision at a time, with the server pool's time limit: a decision that runs
// past it plays the bot's best move so far, else its quick default, and the worker is replaced
// (synchronous bot code cannot be interrupted otherwise), as packages/server/src/bots/pool.ts does.
import { LIVE_BOT_TIME_LIMIT_MS, quickMove, type DecideRequest, type PlayerLevel } from '@mindmgmt/ai';
import type { Action } from '@mindmgmt/engine';
import type { BotWorkerIn, BotWorkerOut } from './bot-worker.js';

export type LocalDecisionSource = 'ai' | 'quick' | 'best' | 'timeout' | 'closed';

export interface LocalDecision {
  readonly action: Action | null;
  readonly source: LocalDecisionSource;
  readonly runMs: number;
  readonly cutoff: boolean;
}

export type LocalBotRequest = DecideRequest<PlayerLevel>;

interface Running {
  readonly id: number;
  readonly req: LocalBotRequest;
  readonly resolve: (d: LocalDecision) => void;
  readonly startedAt: number;
  best: Action | null;
  timer: ReturnType<typeof setTimeout>;
}

export class LocalBots {
  private worker: Worker | null = null;
  private running: Running | null = null;
  private readonly queue: { req: LocalBotRequest; resolve: (d: LocalDecision) => void }[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly timeLimitMs = LIVE_BOT_TIME_LIMIT_MS) {}

  /** Always resolves: the bot's action, or its best/quick move after the time limit. */
  decide(req: LocalBotRequest): Promise<LocalDecision> {
    return new Promise((resolve) => {
      if (this.closed) return resolve(this.quick(req, 'closed', 0));
      this.queue.push({ req, resolve });
      this.pump();
    });
  }

  /** Drops a game's bot sessions (game over, or deleted). */
  forget(gameId: string): void {
    this.post({ type: 'forget', gameId });
  }

  close(): void {
    this.closed = true;
    const r = this.running;
    this.running = null;
    if (r) {
      clearTimeout(r.timer);
      r.resolve(this.quick(r.req, 'closed', 0));
    }
    for (const q of this.queue.splice(0)) q.resolve(this.quick(q.req, 'closed', 0));
    this.worker?.terminate();
    this.worker = null;
  }

  private quick(req: LocalBotRequest, source: LocalDecisionSource, runMs: number): LocalDecision {
    return { action: quickMove(req.view, req.legal), source, runMs, cutoff: source !== 'closed' };
  }

  private spawn(): Worker {
    const w = new Worker(new URL('./bot-worker.ts', import.meta.url), { type: 'module' });
    w.onmessage = (e: MessageEvent<BotWorkerOut>) => this.onMessage(w, e.data);
    return w;
  }

  private post(m: BotWorkerIn): void {
    if (this.closed) return;
    (this.worker ??= this.spawn()).postMessage(m);
  }

  private pump(): void {
    if (this.running || this.closed) return;
    const next = this.queue.shift();
    if (!next) return;
    const id = this.nextId++;
    const r: Running = {
      id,
      req: next.req,
      resolve: next.resolve,
      startedAt: performance.now(),
      best: null,
      timer: setTimeout(() => this.overtime(r), this.timeLimitMs),
    };
    this.running = r;
    this.post({ type: 'decide', id, ...next.req });
  }

  private onMessage(w: Worker, m: BotWorkerOut): void {
    const r = this.running;
    if (w !== this.worker || !r || r.id !== m.id) return;
    if (m.type === 'best') {
      r.best = m.action;
      return;
    }
    clearTimeout(r.timer);
    this.running = null;
    r.resolve({ action: m.action, source: m.source, runMs: m.runMs, cutoff: m.cutoff });
    this.pump();
  }

  private overtime(r: Running): void {
    if (this.running !== r) return;
    this.running = null;
    const runMs = performance.now() - r.startedAt;
    r.resolve(r.best ? { action: r.best, source: 'best', runMs, cutoff: true } : this.quick(r.req, 'timeout', runMs));
    // Its sessions go with it: they are rebuilt on demand (a decision is a function of its inputs).
    this.worker?.terminate();
    this.worker = null;
    this.pump();
  }
}
