// The recruiter's wins against the hard agents that were not on time came from immortal
// recruits (R19): the agents left two immortals close to the locations of a face-up immortal
// card. Weighing that threat at 0.3 of a capture instead of 0.1 took the hard agents from 95.8%
// to 97.2% against the yardstick recruiter (1,000 paired games, docs/bots.md "Hard agents: the
// value of a bit").
import { type GameState, view } from '@mindmgmt/engine';
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
