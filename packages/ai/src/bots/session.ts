// Bot sessions keyed by (game, seat), and one decision made in a session: the code that both the
// server's bot workers (packages/server/worker/bot-worker.mjs) and the browser's offline worker
// (packages/web/src/local/bot-worker.ts) run, so that a decision is the same wherever it is made
// (the offline game plays the server's bots). The callers only carry messages; the time limit stays with them (a pool that can
// terminate its worker), since synchronous bot code cannot be interrupted from inside.
import { type Action, rngFrom, type View } from '@mindmgmt/engine';
import type { BotSide } from './make.js';
import { quickMove } from './quick.js';
import type { Bot, Level } from './types.js';

/**
 * The live bots' thinking budget and the hard limit of one decision's run: the server's defaults
 * (packages/server/src/play/service-config.ts) and the offline game's (the web's local/ runner).
 */
export const LIVE_BOT_BUDGET_MS = 1000;
export const LIVE_BOT_TIME_LIMIT_MS = 3000;

/** Cap on sessions per worker (the pool forgets ended and evicted games; this bounds a leak). */
export const MAX_BOT_SESSIONS = 4096;

export interface DecideRequest<L extends Level = Level> {
  readonly gameId: string;
  readonly seat: number;
  readonly level: L;
  readonly view: View;
  readonly legal: readonly Action[];
  readonly seed: number;
  readonly budgetMs: number;
}

export interface DecideOutcome {
  /** The bot's action, else (it threw or answered something not legal) the quick default. */
  readonly action: Action | null;
  readonly source: 'ai' | 'quick';
  /** The bot stopped at its wall-clock safety cutoff (its choice then depended on timing). */
  readonly cutoff: boolean;
  readonly runMs: number;
  /** The class of the error the bot threw, if any: never its message, which could name a hidden
   * location of the recruiter's. */
  readonly errorName: string | null;
}

/** Seed of the n-th decision of a game from a game's seed: reproducible runs. */
export function decisionSeed(gameSeed: number, n: number): number {
  return (Math.imul(gameSeed >>> 0, 1_000_003) + Math.imul(n, 7919)) >>> 0;
}

const key = (a: unknown): string => JSON.stringify(a);

/**
 * Bot sessions, one per (game, seat): a bot keeps caches (sampled belief, incremental exact
 * deduction) that are only valid for one game, so no bot is ever shared between games: a cache
 * fed one game and then another would give the second a wrong belief.
 * Map order is recency (most recent last) for the cap.
 */
export class BotSessions<L extends Level = Level> {
  private readonly sessions = new Map<string, { level: L; bot: Bot }>();

  /** `make`: the factory of the levels this host offers (`makeBot`, or `makeAnyBot` to measure). */
  constructor(
    private readonly make: (level: L, side: BotSide) => Bot,
    private readonly max = MAX_BOT_SESSIONS,
  ) {}

  get size(): number {
    return this.sessions.size;
  }

  private sessionFor(gameId: string, seat: number, level: L): Bot {
    const k = `${gameId}\u0000${seat}`;
    let s = this.sessions.get(k);
    if (s && s.level !== level) s = undefined;
    if (s) this.sessions.delete(k);
    else s = { level, bot: this.make(level, seat === 0 ? 'recruiter' : 'agents') };
    this.sessions.set(k, s);
    if (this.sessions.size > this.max) this.sessions.delete(this.sessions.keys().next().value!);
    return s.bot;
  }

  /** One decision. `onBest` hears each new legal best move of an anytime bot (the caller plays the
   * last one if it has to stop the bot early). */
  decide(req: DecideRequest<L>, onBest?: (a: Action) => void): DecideOutcome {
    const { gameId, seat, level, view, legal, seed, budgetMs } = req;
    const t0 = performance.now();
    const legalKeys = new Set(legal.map(key));
    let lastBest = '';
    const best = (a: Action) => {
      // Only legal moves, and only when the best move changes.
      const k = key(a);
      if (k === lastBest || !legalKeys.has(k)) return;
      lastBest = k;
      onBest?.(a);
    };
    let bot: Bot | null = null;
    let action: Action | null = null;
    let source: 'ai' | 'quick' = 'ai';
    let errorName: string | null = null;
    try {
      // Inside: a level this host's factory does not build is a bot error, not a lost worker.
      bot = this.sessionFor(gameId, seat, level);
      action = bot.decide(view, legal, rngFrom(seed >>> 0), budgetMs, best);
    } catch (err) {
      errorName = err instanceof Error ? err.name : 'error';
      action = null;
      // Its caches may be half-updated: the next decision starts a fresh session.
      this.sessions.delete(`${gameId}\u0000${seat}`);
    }
    bot?.shed?.();
    if (!action || typeof action !== 'object' || !legalKeys.has(key(action))) {
      source = 'quick';
      action = quickMove(view, legal);
    }
    return { action, source, cutoff: bot?.lastCutoff === true, runMs: performance.now() - t0, errorName };
  }

  /** Drops a game's sessions (game over, or moved to another worker). */
  forget(gameId: string): void {
    const prefix = `${gameId}\u0000`;
    for (const k of [...this.sessions.keys()]) if (k.startsWith(prefix)) this.sessions.delete(k);
  }
}
