// A small worker_threads pool for bot decisions, so bot thinking never blocks the event loop.
// Each decision has a hard time limit: on overrun the worker is terminated and replaced and a
// uniformly random legal action is used instead.
import { Worker } from 'node:worker_threads';
import { randomInt } from 'node:crypto';
import type { Action, Seat, View } from '@mindmgmt/engine';
import type { BotLevel } from '../schemas.js';

export interface BotTask {
  /** The game and seat deciding: bot sessions are kept per (game, seat), never shared. */
  readonly gameId: string;
  readonly seat: Seat;
  readonly level: BotLevel;
  readonly view: View;
  readonly legal: readonly Action[];
  readonly seed: number;
  readonly budgetMs: number;
}

interface Pending {
  resolve: (a: Action | null) => void;
  task: BotTask;
  timer: NodeJS.Timeout;
  slot: Slot;
}
interface Slot {
  worker: Worker;
  busy: number;
}

const WORKER_URL = new URL('../../worker/bot-worker.mjs', import.meta.url);

export class BotPool {
  private readonly slots: Slot[] = [];
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closed = false;
  /** Where decisions came from: '@mindmgmt/ai' bots, the worker's random fallback, or a timeout. */
  readonly sources = { ai: 0, random: 0, timeout: 0 };

  constructor(
    private readonly size: number,
    private readonly hardLimitMs: number,
    private readonly onProblem: (what: string) => void = () => {},
  ) {}

  private spawn(): Slot {
    const worker = new Worker(WORKER_URL);
    const slot: Slot = { worker, busy: 0 };
    worker.unref();
    worker.on('message', (m: { id: number; action?: Action | null; source?: 'ai' | 'random'; error?: string }) => {
      if (m.error !== undefined) return this.onProblem(`bot error: ${m.error.slice(0, 200)}`);
      const p = this.pending.get(m.id);
      if (!p) return;
      this.sources[m.source === 'ai' ? 'ai' : 'random']++;
      clearTimeout(p.timer);
      this.pending.delete(m.id);
      slot.busy--;
      p.resolve(m.action ?? null);
    });
    worker.on('error', () => this.replace(slot, 'worker error'));
    worker.on('exit', () => this.replace(slot, 'worker exit'));
    return slot;
  }

  private replace(slot: Slot, why: string): void {
    const i = this.slots.indexOf(slot);
    if (i < 0) return;
    this.slots.splice(i, 1);
    for (const [id, p] of this.pending) {
      if (p.slot !== slot) continue;
      clearTimeout(p.timer);
      this.pending.delete(id);
      p.resolve(fallback(p.task));
    }
    if (!this.closed) this.onProblem(why);
    void slot.worker.terminate();
  }

  private pick(): Slot {
    while (this.slots.length < this.size) this.slots.push(this.spawn());
    return this.slots.reduce((a, b) => (b.busy < a.busy ? b : a));
  }

  /** Always resolves: with the bot's action, or a random legal one after the hard limit. */
  decide(task: BotTask): Promise<Action | null> {
    if (this.closed) return Promise.resolve(fallback(task));
    const slot = this.pick();
    const id = this.nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        this.sources.timeout++;
        this.onProblem('bot over time limit');
        this.replace(slot, 'timeout');
        resolve(fallback(task));
      }, this.hardLimitMs);
      this.pending.set(id, { resolve, task, timer, slot });
      slot.busy++;
      slot.worker.postMessage({ id, ...task });
    });
  }

  /** Drops the bot sessions of a game (it ended or left memory). Sessions live in H11b's pool;
   * this pool keeps none, so there is nothing to drop here. */
  forget(gameId: string): void {
    void gameId;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const p of this.pending.values()) {
      clearTimeout(p.timer);
      p.resolve(fallback(p.task));
    }
    this.pending.clear();
    const ws = this.slots.splice(0).map((s) => s.worker.terminate());
    await Promise.allSettled(ws);
  }
}

export function fallback(task: BotTask): Action | null {
  return task.legal.length ? task.legal[randomInt(task.legal.length)]! : null;
}
