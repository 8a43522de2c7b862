// Bot interface (issue 6). A bot sees only its own seat's `View` and that seat's legal actions;
// it never receives a GameState. See runner.ts for the harness that enforces this.
import type { Action, View } from '@mindmgmt/engine';

/** The levels players may pick (the live bots), weakest first. */
const PLAYER_LEVELS = ['random', 'easy', 'hard', 'expert'] as const;
export type PlayerLevel = (typeof PLAYER_LEVELS)[number];
/** 'yardstick' is the hard bots of 2026-11-30 frozen (../reference/yardstick): measured against, never offered to players. */
export type Level = PlayerLevel | 'yardstick';
/** The levels players may pick. */
export const LEVELS: readonly PlayerLevel[] = PLAYER_LEVELS;

/** A seeded random source in [0, 1). */
export type BotRng = () => number;

/**
 * A bot instance is one session for one (game, seat): it may keep caches between its decisions in
 * that game, but a decision must be a function of (view, legal, rng seed, budget) alone, so that a
 * fresh bot given the same inputs makes the same choice (issue 11). The wall clock may only act as
 * a safety cutoff, and the bot says so in `lastCutoff`.
 */
export interface Bot {
  readonly level: Level;
  /**
   * Pick one of `legal` (never empty). `view` is `view(state, seat)` for the bot's own seat.
   * Must return within `budgetMs` (plus a small slack). An anytime bot calls `onBest` with its
   * best move so far whenever that changes, so a caller that has to stop it early (the server's
   * BotPool) can still play a considered move.
   */
  decide(view: View, legal: readonly Action[], rng: BotRng, budgetMs: number, onBest?: (a: Action) => void): Action;
  /** True when the last `decide` stopped early at the wall-clock safety cutoff (its choice then
   * depended on timing and may differ from a fresh bot's). */
  readonly lastCutoff?: boolean;
  /**
   * Called by the session holder after each decision: frees what the next decision rebuilds by
   * itself (scratch tables, caches of repeated work), so that a session waiting for its next turn
   * holds only its incremental state (issue 29 §6). Must not change any later decision.
   */
  shed?(): void;
}

/**
 * Wall-clock safety cutoff (the only clock bots use; never influences legality). Deterministic
 * work limits decide how much a bot thinks; this only stops runaway work on a slow machine, and
 * remembers that it did (`hit`).
 */
export class Deadline {
  readonly end: number;
  hit = false;
  constructor(budgetMs: number, fraction = 0.8) {
    this.end = performance.now() + Math.max(1, budgetMs * fraction);
  }
  passed(): boolean {
    if (performance.now() >= this.end) this.hit = true;
    return this.hit;
  }
  left(): number {
    return this.end - performance.now();
  }
}
