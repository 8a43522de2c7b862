// The sampled belief weighs each hidden path by how many deals of the recruiter's three feature
// cards fit the revealed recruit counts (R5's setup number, R11's red alerts, R12's contacts) with
// exposed cards forced in and known non-cards left out (R24). weighByCards reads each visited
// location's own features, not all sixteen per location; this checks it against the rule stated
// plainly, triple by triple, on positions of random Full games (exposed cards included).
import { FEATURES, type FeatureId, hasFeature, rngFrom, view } from '@mindmgmt/engine';
import { describe, expect, it } from 'vitest';
import { constraintsOf, type Constraints, samplePaths, weighByCards, type World } from '../src/bots/belief.js';
import { INFORMATIVE_BIAS, randomGame } from '../src/deduction/index.js';

/** Deals of three cards that fit every revealed count on `path` (the rule, with no shortcut). */
function fittingDeals(c: Constraints, path: readonly number[]): FeatureId[][] {
  const feats = FEATURES.filter((f) => !c.notCards.has(f));
  const out: FeatureId[][] = [];
  for (let a = 0; a < feats.length; a++)
    for (let b = a + 1; b < feats.length; b++)
      for (let d = b + 1; d < feats.length; d++) {
        const deal = [feats[a]!, feats[b]!, feats[d]!];
        if (![...c.exposedAt.keys()].every((f) => deal.includes(f))) continue;
        const fits = c.counts.every(({ from, to, count }) => {
          let n = 0;
          for (let t = from; t <= to && t <= path.length; t++)
            for (const f of deal) {
              const exposed = c.exposedAt.get(f);
              // a card exposed at time e recruits nothing on arrivals after e (R24)
              if (hasFeature(path[t - 1]!, f) && (exposed === undefined || t <= exposed)) n++;
            }
          return n === count;
        });
        if (fits) out.push(deal);
      }
  return out;
}

describe('sampled belief: card weights (R5, R11, R12, R24)', () => {
  it('each kept path weighs the number of fitting deals, and card shares are their mean', () => {
    let checked = 0;
    let withExposed = 0;
    for (let seed = 8100; seed < 8120; seed++) {
      const positions: ReturnType<typeof view>[] = [];
      randomGame({
        mode: 'full',
        seed,
        bias: INFORMATIVE_BIAS,
        onState: (s) => {
          // every position with an exposed card, a few of the others
          const exposed = s.history.some((e) => e.pub.kind === 'shakedown' && e.pub.hit);
          if (!s.result && s.time >= 6 && s.phase === 'agentsTurn' && s.time % (exposed ? 1 : 5) === 0)
            positions.push(view(s, 1));
        },
      });
      for (const v of positions) {
        const c = constraintsOf(v);
        if (!c.counts.length) continue;
        const worlds: World[] = samplePaths(c, 40, rngFrom(seed), 40_000);
        if (!worlds.length) continue;
        const { worlds: kept, cardProb } = weighByCards(
          c,
          worlds.map((w) => ({ ...w })),
        );
        const deals = worlds.map((w) => fittingDeals(c, w.path));
        const fitting = worlds.filter((_, i) => deals[i]!.length > 0);
        if (!fitting.length) {
          // no path fits: all are kept at weight 1 (the sampler's paths are still the belief)
          expect(kept.map((w) => w.weight)).toEqual(worlds.map(() => 1));
          continue;
        }
        expect(kept.map((w) => w.path)).toEqual(fitting.map((w) => w.path));
        expect(kept.map((w) => w.weight)).toEqual(deals.filter((d) => d.length).map((d) => d.length));
        const total = deals.reduce((s, d) => s + d.length, 0);
        for (const f of FEATURES) {
          const held = deals.reduce((s, d) => s + d.filter((deal) => deal.includes(f)).length, 0);
          expect(cardProb.get(f) ?? 0, `seed ${seed} time ${v.time} ${f}`).toBeCloseTo(held / total, 12);
        }
        checked++;
        if (c.exposedAt.size) withExposed++;
      }
    }
    // the positions must include red alerts and exposed cards for the check to mean anything
    expect(checked).toBeGreaterThan(100);
    expect(withExposed).toBeGreaterThan(10);
  });
});
