// The sweep that applies passed deadlines (deadlines.ts: R33, D7, the inactivity limit) as
// `timeout` actions through the master's one action path.
import { ApiError } from './api-error.js';
import type { GameMaster } from './play/master.js';

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
