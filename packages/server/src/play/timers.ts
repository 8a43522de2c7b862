// The sweep that applies passed deadlines (play/deadlines.ts: R33, D7, D13, the inactivity limit): a
// stand-in takes the seat while another person at the table still plays (play/standins.ts),
// otherwise a `timeout` action through the master's one action path ends the game.
import { ApiError } from '../http/api-error.js';
import type { GameMaster } from './master.js';
import { seatStandIn } from './standins.js';
import type { Seat } from '@mindmgmt/engine';
import { timeControlOf } from './deadlines.js';
import { type Live, seatRow } from './live.js';

/** Applies every passed deadline: a stand-in, or `timeout` through the master's one action path
 * (origin 'timer'); deadlines are stored, so in a cluster each is applied once (the append and the
 * seat change are compare-and-sets). Answers how many were applied. */
export async function sweepDeadlines(m: GameMaster, now = m.now()): Promise<number> {
  let n = 0;
  for (const d of await m.store.dueDeadlines(now, 100)) {
    const g = await m.getLive(d.gameId);
    if (!g) continue;
    await g.lock.run(async () => {
      await m.fresh(g);
      const dl = g.row.deadline;
      if (!g.state || g.state.result || !dl || dl.at > now) return;
      try {
        if (await onVacation(m, g, dl.seat, now)) return void n++;
        if ((await seatStandIn(m, g, dl.seat, 'time')) !== 'none') n++;
      } catch (e) {
        m.log.warn({ gameId: g.id, code: e instanceof ApiError ? e.code : String(e) }, 'timeout refused');
      }
    });
  }
  return n;
}

/** D13: on a turn-based table a player on vacation is not out of time: the seat's deadline moves
 * to the vacation's end plus a time per move (the others see the new deadline). */
async function onVacation(m: GameMaster, g: Live, seat: Seat, now: number): Promise<boolean> {
  const tc = timeControlOf(g.row.options);
  const place = seatRow(g, seat)?.place;
  if (tc?.kind !== 'move' || place == null || !g.row.start || !g.state) return false;
  const until = await m.vacationUntil(g.id, place, now);
  if (!until) return false;
  const deadline = { at: until + tc.sec * 1000, seat };
  const ok = await m.store.seatChange({
    gameId: g.id,
    expectedSeq: g.state.seq,
    expectedStart: g.row.start,
    start: g.row.start,
    deadline,
    clock: g.row.clock ?? null,
  });
  if (!ok) return false;
  g.row = { ...g.row, deadline };
  m.pushLobby(g);
  m.pushStates(g);
  return true;
}
