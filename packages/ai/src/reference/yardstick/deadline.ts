// FROZEN YARDSTICK: the bot interface types and a frozen copy of the Deadline helper
// the hard bots used when they were copied here, so later changes to ../types.ts cannot move the
// yardstick's timing behaviour.
export type { Bot, BotRng } from '../../bots/types.js';

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
