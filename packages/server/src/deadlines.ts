// Deadlines: a turn timer's (R33, D7), or without one the inactivity limit after which an
// untouched game ends by timeout (issue 10 item 5). Stored with the game, so they survive
// restarts and are claimed once in a cluster; timers.ts applies the passed ones.
import { expectedSeats, type GameState } from '@mindmgmt/engine';
import type { Deadline, GameRow } from './store/types.js';

/** The turn deadline players see: only a turn timer's, never the inactivity limit's. */
export function shownDeadline(r: GameRow): number | null {
  return r.options.turnTimerSec ? (r.deadline?.at ?? null) : null;
}

/** The deadline after an action or the start (null = none: the game is over or waits only on
 * bots). Notes are not actions (play/notes.ts): they never reach here and never restart the clock. */
export function deadlineFor(inactiveMs: number, r: GameRow, s: GameState, now: number): Deadline | null {
  if (s.result || !r.start) return null;
  const humans = expectedSeats(s).filter((seat) => r.start!.seats.find((x) => x.seat === seat)?.bot === null);
  if (!humans.length) return null;
  // Without a turn timer the inactivity limit is the deadline: a game nobody plays on ends by
  // the timeout rules (R33, D7) instead of staying active forever (issue 10 item 5).
  const sec = r.options.turnTimerSec;
  return { at: now + (sec ? sec * 1000 : inactiveMs), seat: humans[0]! };
}
