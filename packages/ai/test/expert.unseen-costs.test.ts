// Regression: on a prior that weighs ask exposure (R22) and never pays a step token for
// a decoy (R15), the expert recruiter's search departed to exactly those moves: its playouts' agents
// neither ask nor read step tokens, so both looked free. It won 21 games its prior lost and lost 31
// its prior won (104 games). The search now departs only to steps and mind slips no more exposed
// to asks than the prior's (expert/index.ts, unseenCosts), and (2026-12-02) to none that contacts
// fewer recruits: 13 of 57 departures in 100 games gave one up.
import { apply, expectedSeats, hasFeature, legalActions, newGame, type Action, view } from '@mindmgmt/engine';
import { describe, expect, it } from 'vitest';
import { askExposure } from '../src/bots/ask-exposure.js';
import { geoFor } from '../src/bots/geo.js';
import { ExpertBot, seatRng } from '../src/bots/index.js';
import { makeYardstick } from '../src/reference/index.js';

describe('regression: the expert recruiter searched costs its playouts cannot see', () => {
  it("R22, R15, R12: it never steps where asks learn more or it contacts fewer recruits than at its prior's step, and moves immortals only as its prior does", () => {
    let departures = 0;
    let compared = 0;
    for (const seed of [72, 76]) {
      let s = newGame({ mode: 'full', agentSeats: 1, recruiterCard: 'choose' }, seed);
      const expert = new ExpertBot('recruiter', { iterations: 300 });
      const agents = makeYardstick('agents');
      const rngs = [seatRng(seed, 0), seatRng(seed, 1)];
      while (!s.result) {
        const who = expectedSeats(s).find((x) => legalActions(s, x).length > 0)!;
        const v = view(s, who);
        const legal = legalActions(s, who);
        let a: Action;
        if (who === 0) {
          // the first move told is the prior's (ExpertBot.decide); a step the lookahead chose
          // instead is where the search starts (it sees asks: the simulated agents make them)
          const told: Action[] = [];
          a = expert.decide(v, legal, rngs[0]!, 1000, (b) => told.push(b));
          const prior = expert.lastLookahead?.chosen ?? told[0]!;
          if (s.phase === 'recruiterTurn' && a !== prior) departures++;
          // immortal moves are the prior's alone (R22 blocking, decoys, R15 step tokens)
          if (a.type === 'moveImmortal' || a.type === 'extraImmortalMove')
            expect(a, `seed ${seed} at ${s.time}`).toEqual(prior);
          if ((a.type === 'step' || a.type === 'mindSlip') && (prior.type === 'step' || prior.type === 'mindSlip')) {
            compared++;
            const g = geoFor(v.mayhem);
            expect(askExposure(v, g, a.to), `seed ${seed} at ${s.time}: ${prior.to} -> ${a.to}`).toBeLessThanOrEqual(
              askExposure(v, g, prior.to),
            );
            // R12: nor where it contacts fewer recruits (the playouts undervalue recruiting)
            const live = v.recruiter!.cards.filter((c) => c.exposedAt === null).map((c) => c.feature);
            const contacts = (l: number) => live.filter((f) => hasFeature(l, f)).length;
            expect(contacts(a.to), `seed ${seed} at ${s.time}: ${prior.to} -> ${a.to}`).toBeGreaterThanOrEqual(
              contacts(prior.to),
            );
          }
        } else a = agents.decide(v, legal, rngs[1]!, 1000);
        const r = apply(s, a);
        if (!r.ok) throw new Error(r.message);
        s = r.state;
      }
    }
    expect(compared).toBeGreaterThan(10);
    expect(departures).toBeGreaterThan(0);
  });
});
