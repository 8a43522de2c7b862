// The hard agents valued a bit of information about the recruiter's location at 0.04 of
// a capture, so a second activation with no follower to capture often moved for position instead
// of asking (R22) or revealing (R23). Valued higher, the agents learn more each half-turn and win
// more: against the yardstick recruiter, 91.4% -> 96.8% (500 paired games, docs/bots.md "Hard
// agents: the value of a bit").
import { type GameState, view } from '@mindmgmt/engine';
import { describe, expect, it } from 'vitest';
import { AGENT_WEIGHTS } from '../src/bots/agents.js';
import { deduce } from '../src/deduction/index.js';
import { compareHalves, type Half, playAgentsHalf } from './agents-half-turns.js';
import { LONG_MS } from './yield-to-runner.js';

/**
 * The agents' half-turn from `s` with a bit valued at `perBit`: what they did, and how many places
 * the exact deduction of the public view leaves for the recruiter afterwards (0 after a capture).
 */
function playHalf(s: GameState, perBit: number): Half {
  const { actions, after } = playAgentsHalf(s, 'infoPerBit', perBit);
  const done = actions.map((a) => a.type).join();
  const places = after.result ? (after.result.winner === 'agents' ? 0 : 42) : deduce(view(after, 1)).candidates;
  // scored in bits: a place fewer counts for more when few are left
  return { actions: done, score: Math.log2(1 + places) };
}

const SEEDS = [60, 61, 62, 63];

describe('hard agents: the value of a bit', () => {
  it(
    'R22/R23: where valuing information higher changes a half-turn, the agents leave the recruiter fewer places to be',
    async () => {
      const { changed, before, after } = await compareHalves(
        SEEDS,
        (s) => playHalf(s, 0.04),
        (s) => playHalf(s, AGENT_WEIGHTS.infoPerBit),
      );
      expect(changed).toBeGreaterThan(2);
      expect(after).toBeLessThan(before);
    },
    LONG_MS,
  );
});
