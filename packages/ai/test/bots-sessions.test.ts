// A bot or a Deduction used for one game and then for another (as the server's shared
// bots were) must give the second game's correct answer, the one a fresh instance gives.
import { type Action, type GameState, legalActions, rngFrom, view, type View } from '@mindmgmt/engine';
import { describe, expect, it } from 'vitest';
import { makeBot } from '../src/bots/index.js';
import { sampleWork } from '../src/bots/agents.js';
import { Deduction, INFORMATIVE_BIAS, randomGame } from '../src/deduction/index.js';
import { NO_CUTOFF_MS } from './work-limited.js';

const legalByView = new WeakMap<View, Action[]>();

/** Agent views at the agents' turn of a random informative Full game, a few hours in. */
function agentViews(seed: number, maxTime: number): View[] {
  const out: View[] = [];
  randomGame({
    mode: 'full',
    seed,
    bias: INFORMATIVE_BIAS,
    maxTime,
    onState: (s: GameState) => {
      if (s.result || s.phase !== 'agentsTurn' || s.time < 6 || s.activation !== null) return;
      const legal = legalActions(s, 1);
      if (!legal.length) return;
      const v = view(s, 1);
      legalByView.set(v, legal);
      out.push(v);
    },
  });
  return out;
}

describe('state of one game never leaks into another', () => {
  it("regression: Deduction fed game A then a longer game B gives B's belief", () => {
    let pairs = 0;
    for (let i = 0; i < 8; i++) {
      const a = agentViews(500 + i, 9);
      const b = agentViews(600 + i, 11);
      if (!a.length || !b.length) continue;
      const va = a[a.length - 1]!;
      const vb = b[b.length - 1]!;
      if (vb.log.length <= va.log.length) continue; // the case the old reset check missed
      pairs++;
      const d = new Deduction();
      d.update(va);
      const reused = d.update(vb);
      const fresh = new Deduction().update(vb);
      expect(reused.histories).toBe(fresh.histories);
      expect(reused.weights).toEqual(fresh.weights);
      expect(reused.cardShares).toEqual(fresh.cardShares);
    }
    expect(pairs).toBeGreaterThanOrEqual(5);
  });

  it('work limits come from the budget, and stop growing at 700 ms (hard agents) / 600 ms (hard recruiter)', () => {
    expect(sampleWork(1000, 700)).toEqual(sampleWork(4000, 700));
    expect(sampleWork(700, 700)).toEqual({ samples: 700, nodeBudget: 105_000 });
    expect(sampleWork(1000, 600)).toEqual(sampleWork(4000, 600));
    expect(sampleWork(200, 700).nodeBudget).toBeLessThan(sampleWork(1000, 700).nodeBudget);
  });

  it('regression: a hard agent bot used in game A then in game B decides as a fresh bot in B', () => {
    // Exact deduction on; the same work limits as at 1,000 ms, never cut by the clock.
    const budget = NO_CUTOFF_MS;
    let checked = 0;
    for (let i = 0; i < 4; i++) {
      const a = agentViews(700 + i, 9);
      const b = agentViews(800 + i, 10);
      if (a.length < 2 || !b.length) continue;
      const shared = makeBot('hard', 'agents');
      // warm it on game A (caches: sampled belief, prepared tables, incremental deduction)
      for (const v of a.slice(-2)) shared.decide(v, legalOf(v), rngFrom(1), budget);
      const vb = b[b.length - 1]!;
      const got = shared.decide(vb, legalOf(vb), rngFrom(2), budget);
      const fresh = makeBot('hard', 'agents');
      const want = fresh.decide(vb, legalOf(vb), rngFrom(2), budget);
      checked++;
      expect(got).toEqual(want);
    }
    expect(checked).toBeGreaterThanOrEqual(2);
  });
});

function legalOf(v: View): Action[] {
  return legalByView.get(v)!;
}
