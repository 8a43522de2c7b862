// The bots' sampled belief reads the public log through the deduction's one reader (Facts),
// so both read it alike. Before, belief.ts read the log itself and missed that the Training start is a
// confirmed note "1" (R31): after a "cannot place" answer (R22) for a feature of the start
// location it forbade the start itself, so no hidden path fitted and the belief was empty.
import { type GameState, LOCATIONS_WITH, view } from '@mindmgmt/engine';
import { describe, expect, it } from 'vitest';
import { computeSampledBelief, publicConstraints } from '../src/bots/index.js';
import { INFORMATIVE_BIAS, randomGame } from '../src/deduction/index.js';
import { Deduction } from '../src/deduction/engine.js';
import { rngFrom } from '@mindmgmt/engine';

/** Training positions right after a "cannot place" answer about a feature of the start location. */
function cannotPlaceOnStart(seeds: readonly number[]): GameState[] {
  const out: GameState[] = [];
  for (const seed of seeds) {
    let seen = 0;
    randomGame({
      mode: 'training',
      seed,
      bias: INFORMATIVE_BIAS,
      onState: (s) => {
        const start = s.path[0];
        if (s.result || start === undefined) return;
        const answers = s.history.filter(
          ({ pub: e }) => e.kind === 'askAnswered' && !e.at.length && LOCATIONS_WITH[e.feature].includes(start),
        ).length;
        if (answers > seen) out.push(s);
        seen = answers;
      },
    });
  }
  return out;
}

describe('sampled belief from the one public-log reader', () => {
  it('R31 + R22: "cannot place" never forbids the Training start, so the belief keeps worlds', () => {
    const positions = cannotPlaceOnStart([5003, 5006, 5009, 5012, 5015, 5018, 5021, 5024]);
    expect(positions.length).toBeGreaterThan(0);
    for (const s of positions) {
      const v = view(s, 1);
      const start = s.path[0]!;
      expect(publicConstraints(v).forbidUntil[start]).toBe(0);
      const b = computeSampledBelief(v, rngFrom(1), { samples: 50, nodeBudget: 20_000, weighCards: false });
      // the exact deduction agrees that worlds exist, and the sampler finds some of them
      expect(new Deduction(v).update(v).histories).toBeGreaterThan(0);
      expect(b.worlds.length).toBeGreaterThan(0);
    }
  });
});
