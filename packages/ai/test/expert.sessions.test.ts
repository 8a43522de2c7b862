// An expert session (one per game and seat, as the server keeps it) decides as a fresh expert
// given the same view, seed and playout budget: its caches (exact deduction, the agents' belief,
// the prior's belief) change speed, never the move (docs/bots.md "Determinism").
import { apply, expectedSeats, legalActions, newGame, rngFrom, type Seat, view } from '@mindmgmt/engine';
import { describe, expect, it } from 'vitest';
import { ExpertBot, makeBot, seatRng } from '../src/bots/index.js';
import { NO_CUTOFF_MS } from './work-limited.js';

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('expert sessions', () => {
  it.each([
    ['agents', 1],
    ['recruiter', 0],
  ] as const)('regression: a %s session that followed the game decides as a fresh expert', async (side, seat) => {
    const o = { iterations: 48, worlds: 6 };
    let compared = 0;
    // whole games (one session each) until enough main-game decisions were compared
    for (let seed = 21; seed < 30 && compared < 10; seed++) {
      const session = new ExpertBot(side, o);
      let s = newGame({ mode: 'full', agentSeats: 1, recruiterCard: 'choose' }, seed);
      const other = makeBot('hard', side === 'agents' ? 'recruiter' : 'agents');
      const rng = seatRng(seed, seat === 0 ? 1 : 0);
      let k = 0;
      while (!s.result && compared < 10) {
        const who = expectedSeats(s).find((x) => legalActions(s, x).length > 0)! as Seat;
        const legal = legalActions(s, who);
        let a;
        if (who === seat) {
          const v = view(s, who);
          a = session.decide(v, legal, rngFrom(seed * 1000 + k), 1000);
          if (s.phase === 'recruiterTurn' || s.phase === 'agentsTurn') {
            const fresh = new ExpertBot(side, o).decide(v, legal, rngFrom(seed * 1000 + k), 1000);
            expect(fresh, `seed ${seed}, decision ${k} (${s.phase}, time ${s.time})`).toEqual(a);
            compared++;
          }
          k++;
        } else a = other.decide(view(s, who), legal, rng, NO_CUTOFF_MS);
        await tick();
        const r = apply(s, a);
        if (!r.ok) throw new Error(r.message);
        s = r.state;
      }
    }
    expect(compared).toBe(10);
  });
});
