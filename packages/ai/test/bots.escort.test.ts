// Regression: the hard recruiter escorted itself. Whenever agents came near it moved an
// immortal onto its own location (R25: no capture there), in 222 of 500 turns over 100 games. Strong
// agents read an immortal moved during the recruiter's turn as the recruiter's location (the
// opponent model, model.ts), push it away with a shakedown (R24) and capture: 62 of the 90 captures
// came in the agents' turn right after an escort. The hard recruiter now moves immortals to recruit
// and to block asks, never to sit on; the expert recruiter does not search such a move either (its
// playouts' agents rarely push an immortal off, so they value an escort as safe).
import { apply, expectedSeats, legalActions, newGame, view } from '@mindmgmt/engine';
import { describe, expect, it } from 'vitest';
import { isEscortTell } from '../src/bots/escort.js';
import { makeBot, seatRng } from '../src/bots/index.js';
import { makeYardstick } from '../src/reference/index.js';

describe('regression: the hard recruiter escorted itself with an immortal, a tell the agents read', () => {
  // Each decision yields: these are whole games in one test, and vitest's worker must answer its
  // main process within 60 s (else "Timeout calling onTaskUpdate").
  it('R25, R24: every immortal the hard recruiter moves onto its own location recruits at once (R19)', async () => {
    let moves = 0;
    for (let seed = 40; seed < 44; seed++) {
      let s = newGame({ mode: 'full', agentSeats: 1, recruiterCard: 'choose' }, seed);
      const bots = [makeBot('hard', 'recruiter'), makeYardstick('agents')];
      const rngs = [seatRng(seed, 0), seatRng(seed, 1)];
      while (!s.result) {
        await new Promise((r) => setImmediate(r));
        const who = expectedSeats(s).find((x) => legalActions(s, x).length > 0)!;
        const a = bots[who]!.decide(view(s, who), legalActions(s, who), rngs[who]!, 1000);
        const before = s.immortalRecruits.length;
        const r = apply(s, a);
        if (!r.ok) throw new Error(r.message);
        s = r.state;
        if (who !== 0 || (a.type !== 'moveImmortal' && a.type !== 'extraImmortalMove')) continue;
        moves++;
        if (a.to !== view(s, 0).recruiter!.at) continue;
        expect(s.immortalRecruits.length, `seed ${seed}: ${a.from} -> ${a.to} at ${s.time}`).toBeGreaterThan(before);
      }
    }
    expect(moves).toBeGreaterThan(15);
  });

  it('R25: the expert recruiter plays no escort that recruits nothing (escort.ts), where its search could', async () => {
    let decisions = 0;
    for (let seed = 50; seed < 54 && decisions <= 3; seed++) {
      let s = newGame({ mode: 'full', agentSeats: 1, recruiterCard: 'choose' }, seed);
      const bots = [makeBot('expert', 'recruiter', { iterations: 200 }), makeYardstick('agents')];
      const rngs = [seatRng(seed, 0), seatRng(seed, 1)];
      while (!s.result) {
        await new Promise((r) => setImmediate(r));
        const who = expectedSeats(s).find((x) => legalActions(s, x).length > 0)!;
        const v = view(s, who);
        const legal = legalActions(s, who);
        const a = bots[who]!.decide(v, legal, rngs[who]!, 1000);
        if (who === 0 && legal.some((x) => isEscortTell(v, x))) {
          decisions++;
          expect(isEscortTell(v, a), `seed ${seed} at ${s.time}: ${JSON.stringify(a)}`).toBe(false);
        }
        const r = apply(s, a);
        if (!r.ok) throw new Error(r.message);
        s = r.state;
      }
    }
    expect(decisions).toBeGreaterThan(3);
  });
});
