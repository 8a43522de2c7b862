// The expert recruiter's simulated agents share one memo of sampled beliefs per session
// (bots/memo.ts). A belief taken from it must be exactly the one a fresh bot computes, or every
// measured row of the expert recruiter would go stale: the key must hold every input of the
// sampling, and what it leaves out (the opponent model's facts) must not change the sample.
import { type Action, legalActions, rngFrom, view, type View } from '@mindmgmt/engine';
import { describe, expect, it } from 'vitest';
import { AgentBot } from '../src/bots/agents.js';
import { computeBelief, type Constraints, constraintsOf, keyRng } from '../src/bots/belief.js';
import { geoFor } from '../src/bots/geo.js';
import { BeliefMemo, samplingKey } from '../src/bots/memo.js';
import { halfTurnStarts } from './agents-half-turns.js';

/** The agents' half-turn starts of recorded hard-vs-hard Full games (the positions the expert's
 * simulated agents meet), with the agents' view and legal actions. */
function positions(seeds: number[]): { v: View; legal: Action[] }[] {
  return halfTurnStarts(seeds).map((s) => ({ v: view(s, 1), legal: legalActions(s, 1) }));
}

const OPTS = { samples: 60, nodeBudget: 20_000, weighCards: true };

describe('the expert session’s memo of sampled beliefs', () => {
  it('a bot that takes its belief from the memo decides as a fresh bot does, position by position', () => {
    const memo = new BeliefMemo();
    const bot = (m?: BeliefMemo) => new AgentBot('hard', { cutoffMs: Infinity, learnsFromMisses: false, memo: m });
    let hits = 0;
    const ps = positions([60, 61, 62, 63]);
    expect(ps.length).toBeGreaterThan(20);
    for (const [i, p] of ps.entries()) {
      // the first bot fills the memo, the second reads it; a third has none
      const [first, second, fresh] = [bot(memo), bot(memo), bot()];
      const a = first.decide(p.v, p.legal, rngFrom(i), 100);
      const before = memo.hits;
      const b = second.decide(p.v, p.legal, rngFrom(i), 100);
      hits += memo.hits - before;
      const f = fresh.decide(p.v, p.legal, rngFrom(i), 100);
      expect([a, b], `position ${i}`).toEqual([f, f]);
      for (const x of [first, second]) {
        expect(x.lastBelief!.worlds, `position ${i}`).toEqual(fresh.lastBelief!.worlds);
        expect([...x.lastBelief!.here]).toEqual([...fresh.lastBelief!.here]);
        expect([...x.lastBelief!.cardProb]).toEqual([...fresh.lastBelief!.cardProb]);
      }
    }
    expect(hits).toBe(ps.length);
  });

  it('the key changes with every constraint the sampling reads, with the seed and the work, and not with the opponent model’s facts', () => {
    const { v } = positions([64]).find((p) => constraintsOf(p.v).counts.length > 1 && constraintsOf(p.v).T > 5)!;
    const c = constraintsOf(v);
    const key = samplingKey(c, 'seed', OPTS);
    const changed: Record<string, unknown> = {
      T: c.T + 1,
      slip: [...c.slip, true],
      fixed: Int8Array.from(c.fixed, (x, i) => (i === 2 ? (x + 1) % 42 : x)),
      notAt: c.notAt.map((s, i) => (i === 3 ? new Set([...s, 41]) : s)),
      inSet: c.inSet.map((s, i) => (i === 3 ? new Set([0, 1]) : s)),
      forbidUntil: Int8Array.from(c.forbidUntil, (x, i) => (i === 5 ? x + 1 : x)),
      visitBy: Int8Array.from(c.visitBy, (x, i) => (i === 7 ? x + 1 : x)),
      token2: { at: 9, to: 7 },
      counts: [...c.counts, { from: 1, to: 2, count: 1 }],
      exposedAt: new Map([...c.exposedAt, ['ruins', 3]]),
      notCards: new Set([...c.notCards, 'ruins']),
      geo: geoFor([[0, 1]]),
      training: !c.training,
    };
    const ignored = new Set(['turns', 'escortMisses']);
    // every field is either changed here or ignored: a new constraint must be added to one of them
    expect(Object.keys(c).sort()).toEqual([...Object.keys(changed), ...ignored].sort());
    for (const [k, x] of Object.entries(changed))
      expect(samplingKey({ ...c, [k]: x } as Constraints, 'seed', OPTS), k).not.toBe(key);
    expect(samplingKey(c, 'other seed', OPTS)).not.toBe(key);
    expect(samplingKey(c, 'seed', { ...OPTS, samples: 61 })).not.toBe(key);
    expect(samplingKey(c, 'seed', { ...OPTS, nodeBudget: 20_001 })).not.toBe(key);
    expect(samplingKey(c, 'seed', { ...OPTS, weighCards: false })).not.toBe(key);
    // the opponent model's facts: the same key, and indeed the same sample
    const other = { ...c, turns: new Map(), escortMisses: c.escortMisses + 3 };
    expect(samplingKey(other, 'seed', OPTS)).toBe(key);
    const a = computeBelief(v, keyRng('seed'), OPTS, c);
    const b = computeBelief(v, keyRng('seed'), OPTS, other);
    expect(b.worlds).toEqual(a.worlds);
    expect([...b.here]).toEqual([...a.here]);
    expect(a.worlds.length).toBeGreaterThan(0);
  });
});
