// Bot interface (issue 6). A bot sees only its own seat's `View` and that seat's legal actions;
// it never receives a GameState. See runner.ts for the harness that enforces this.
import type { Action, View } from '@mindmgmt/engine';

/** 'yardstick' is today's hard bots frozen (bots/yardstick): measured against, never offered to players. */
export type Level = 'random' | 'easy' | 'hard' | 'expert' | 'yardstick';
/** The levels players may pick. */
export const LEVELS: readonly Level[] = ['random', 'easy', 'hard', 'expert'];

/** A seeded random source in [0, 1). */
export type BotRng = () => number;

export interface Bot {
  readonly level: Level;
  /**
   * Pick one of `legal` (never empty). `view` is `view(state, seat)` for the bot's own seat.
   * Must return within `budgetMs` (plus a small slack). An anytime bot calls `onBest` with its
   * best move so far whenever it changes.
   */
  decide(view: View, legal: readonly Action[], rng: BotRng, budgetMs: number, onBest?: (a: Action) => void): Action;
}

/** Wall-clock deadline helper (the only clock bots use; never influences legality). */
export class Deadline {
  readonly end: number;
  constructor(budgetMs: number, fraction = 0.8) {
    this.end = performance.now() + Math.max(1, budgetMs * fraction);
  }
  passed(): boolean {
    return performance.now() >= this.end;
  }
  left(): number {
    return this.end - performance.now();
  }
}
