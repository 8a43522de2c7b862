// The incremental deduction equals a one-shot deduction at every agents' decision point, not
// only at the end of a game: location and visited-set filters (ask answers, misses, scans,
// reveals of an earlier layer) compact a built layer in place of re-hashing it (issue 11), and
// the compacted layer must hold exactly the states, counts and triple sets a fresh build gives.
import { type GameState, view } from '@mindmgmt/engine';
import { describe, expect, it } from 'vitest';
import { agentsDecide, Deduction, deduce, INFORMATIVE_BIAS, randomGame } from '../src/index.js';

function decisionPoints(mode: 'full' | 'training', seed: number): GameState[] {
  const points: GameState[] = [];
  randomGame({
    mode,
    seed,
    bias: INFORMATIVE_BIAS,
    onState: (s) => {
      if (s.path.length > 0 && agentsDecide(s)) points.push(s);
    },
  });
  return points;
}

describe('incremental deduction == one-shot at every update (issue 11: compacted filters)', () => {
  it('Training and Full games with asks, misses, scans and reveals on built layers', () => {
    const filtered = new Map<string, number>();
    const games: ['full' | 'training', number][] = [
      ['training', 71],
      ['training', 72],
      ['training', 73],
      ['full', 74],
    ];
    for (const [mode, seed] of games) {
      const d = new Deduction();
      for (const s of decisionPoints(mode, seed)) {
        const v = view(s, 1);
        const before = d.facts.layers.map((l) => l.filters.length);
        const inc = d.update(v);
        // Count filters that arrived on a layer already built (the compacted path).
        d.facts.layers.forEach((l, t) => {
          if (t === 0 || before[t] === undefined) return;
          for (const f of l.filters.slice(before[t])) filtered.set(f.k, (filtered.get(f.k) ?? 0) + 1);
        });
        const one = deduce(v);
        expect(inc.weights, `${mode} ${seed} seq ${s.seq}`).toEqual(one.weights);
        expect(inc.histories).toBe(one.histories);
        expect(inc.states).toBe(one.states);
        expect(inc.cardShares).toEqual(one.cardShares);
        expect(inc.recruiterCardShares).toEqual(one.recruiterCardShares);
        expect(inc.secondMindSlipHeldShare).toBe(one.secondMindSlipHeldShare);
      }
    }
    // The games must exercise the compacted filters, or the test proves nothing about them.
    for (const k of ['visited', 'notAt', 'at'] as const) expect(filtered.get(k) ?? 0, k).toBeGreaterThan(0);
  });
});
