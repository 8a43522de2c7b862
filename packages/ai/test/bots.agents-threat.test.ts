// The recruiter's wins against the hard agents that were not on time came from immortal
// recruits (R19): the agents left two immortals close to the locations of a face-up immortal
// card. Weighing that threat at 0.3 of a capture instead of 0.1 took the hard agents from 95.8%
// to 97.2% against the yardstick recruiter (1,000 paired games, docs/bots.md "Hard agents: the
// value of a bit").
import {
  FEATURES,
  type FeatureId,
  type GameState,
  hasFeature,
  info,
  LOCATION_COUNT,
  type Loc,
  view,
  type View,
} from '@mindmgmt/engine';
import { describe, expect, it } from 'vitest';
import { AGENT_WEIGHTS, immortalThreat } from '../src/bots/agents.js';
import { compareHalves, type Half, playAgentsHalf } from './agents-half-turns.js';
import { LONG_MS } from './yield-to-runner.js';

/**
 * The agents' half-turn from `s` with the immortal threat weighed at `weight`: what they did, and
 * the R19 threat the public view shows afterwards, i.e. the immortal recruits the recruiter could
 * make next turn (0 after a capture: there is no next turn).
 */
function playHalf(s: GameState, weight: number): Half {
  const { actions, after } = playAgentsHalf(s, 'immortalThreat', weight);
  const done = JSON.stringify(actions);
  if (after.result) return { actions: done, score: 0 };
  const v = view(after, 1);
  return { actions: done, score: immortalThreat(v, v.immortals, v.agents.find((a) => a.id === 'henry')!.at) };
}

const SEEDS = [60, 61, 62, 63];

/** R19 as read by the threat, by exhaustive search: the fewest king moves that take two different
 * immortals to two different locations of a face-up immortal card, Henry's blocked ones left out. */
function threatByEveryPair(cards: readonly FeatureId[], imm: readonly Loc[], henry: Loc | null): number {
  const king = (a: Loc, b: Loc) => Math.max(Math.abs(info(a).row - info(b).row), Math.abs(info(a).col - info(b).col));
  const blocked = (l: Loc) =>
    henry !== null &&
    (l === henry || Math.abs(info(l).row - info(henry).row) + Math.abs(info(l).col - info(henry).col) === 1);
  let threat = 0;
  for (const f of cards) {
    const locs = [...Array(LOCATION_COUNT).keys()].filter((l) => hasFeature(l, f) && !blocked(l));
    let best = 99;
    for (let i = 0; i < imm.length; i++)
      for (let j = 0; j < imm.length; j++)
        for (const a of locs)
          for (const b of locs) if (i !== j && a !== b) best = Math.min(best, king(imm[i]!, a) + king(imm[j]!, b));
    threat += best <= 1 ? 1 : best === 2 ? 0.7 : best === 3 ? 0.15 : 0;
  }
  return threat;
}

it('the immortal threat (R19) equals the search over every pair of immortals and locations', () => {
  let seed = 7;
  const rnd = (n: number) => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) % n;
  let threatened = 0;
  for (let k = 0; k < 3000; k++) {
    const cards = [...new Set(Array.from({ length: 1 + rnd(4) }, () => FEATURES[rnd(FEATURES.length)]!))];
    const imm = Array.from({ length: rnd(4) }, () => rnd(LOCATION_COUNT));
    const henry = rnd(2) ? null : rnd(LOCATION_COUNT);
    const v = { mode: 'full', immortalCards: cards } as unknown as View;
    const want = threatByEveryPair(cards, imm, henry);
    expect(immortalThreat(v, imm, henry), `${cards} ${imm} ${henry}`).toBe(want);
    if (want > 0) threatened++;
  }
  expect(threatened).toBeGreaterThan(500);
});

describe('hard agents: the immortal threat', () => {
  it(
    'R19: where weighing the immortal threat higher changes a half-turn, the agents leave the recruiter fewer immortal recruits within reach',
    async () => {
      const { changed, before, after } = await compareHalves(
        SEEDS,
        (s) => playHalf(s, 0.1),
        (s) => playHalf(s, AGENT_WEIGHTS.immortalThreat),
      );
      expect(changed).toBeGreaterThan(2);
      expect(after).toBeLessThan(before);
    },
    LONG_MS,
  );
});
