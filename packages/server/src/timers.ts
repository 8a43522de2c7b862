// Deadlines: a turn timer's (R33, D7), or without one the inactivity limit after which an
// untouched game ends by timeout (issue 10 item 5). Stored with the game, so they survive
// restarts and are claimed once in a cluster; `sweepDeadlines` applies them.
import { type Action, expectedSeats, type GameState } from '@mindmgmt/engine';
import { ApiError } from './api-error.js';
import type { GameMaster } from './play/master.js';
import type { Deadline, GameRow } from './store/types.js';

/** The turn deadline players see: only a turn timer's, never the inactivity limit's. */
export function shownDeadline(r: GameRow): number | null {
  return r.options.turnTimerSec ? (r.deadline?.at ?? null) : null;
}

/** The deadline after an action (null = none: the game is over or waits only on bots). Notes are
 * not actions (play/notes.ts): they never reach here and never restart the clock. */
export function deadlineFor(
  inactiveMs: number,
  r: GameRow,
  s: GameState,
  now: number,
  action: Action | null,
  prev: Deadline | null,
): Deadline | null {
  if (s.result || !r.start) return null;
  const humans = expectedSeats(s).filter((seat) => r.start!.seats.find((x) => x.seat === seat)?.bot === null);
  if (!humans.length) return null;
  // Without a turn timer the inactivity limit is the deadline: a game nobody plays on ends by
  // the timeout rules (R33, D7) instead of staying active forever (issue 10 item 5).
  const sec = r.options.turnTimerSec;
  return { at: now + (sec ? sec * 1000 : inactiveMs), seat: humans[0]! };
}

/** Applies `timeout` for every passed deadline, through the master's one action path (origin
 * 'timer'); deadlines are stored, so in a cluster each is applied once (the append is a
 * compare-and-set). Answers how many were applied. */
export async function sweepDeadlines(m: GameMaster, now = Date.now()): Promise<number> {
  let n = 0;
  for (const d of await m.store.dueDeadlines(now, 100)) {
    const g = await m.getLive(d.gameId);
    if (!g) continue;
    await g.lock.run(async () => {
      await m.fresh(g);
      const dl = g.row.deadline;
      if (!g.state || g.state.result || !dl || dl.at > now) return;
      try {
        await m.submit(g, { type: 'timeout', seat: dl.seat }, { by: 'timer', seq: g.state.seq });
        n++;
      } catch (e) {
        m.log.warn({ gameId: g.id, code: e instanceof ApiError ? e.code : String(e) }, 'timeout refused');
      }
    });
  }
  return n;
}
