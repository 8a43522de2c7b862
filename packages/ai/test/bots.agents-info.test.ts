// The hard agents valued a bit of information about the recruiter's location at 0.04 of
// a capture, so a second activation with no follower to capture often moved for position instead
// of asking (R22) or revealing (R23). Valued higher, the agents learn more each half-turn and win
// more: against the yardstick recruiter, 91.4% -> 96.8% (500 paired games, docs/bots.md "Hard
// agents: the value of a bit").
import { type GameState, view } from '@mindmgmt/engine';
import { describe, expect, it } from 'vitest';
import { AGENT_WEIGHTS } from '../src/bots/agents.js';
import { deduce } from '../src/deduction/index.js';
import { halfTurnStarts, playAgentsHalf } from './agents-half-turns.js';
import { LONG_MS, yieldToRunner } from './yield-to-runner.js';

/**
 * The agents' half-turn from `s` with a bit valued at `perBit`: what they did, and how many places
 * the exact deduction of the public view leaves for the recruiter afterwards (0 after a capture).
 */
function playHalf(s: GameState, perBit: number): { actions: string; places: number } {
  const { actions, after } = playAgentsHalf(s, 'infoPerBit', perBit);
  const done = actions.map((a) => a.type).join();
  if (after.result) return { actions: done, places: after.result.winner === 'agents' ? 0 : 42 };
  return { actions: done, places: deduce(view(after, 1)).candidates };
}

// Each seed's half-turns are a long synchronous run: the test yields to the runner between seeds.
const SEEDS = [60, 61, 62, 63];

describe('hard agents: the value of a bit', () => {
  it(
    'R22/R23: where valuing information higher changes a half-turn, the agents leave the recruiter fewer places to be',
    async () => {
      let changed = 0;
      let before = 0;
      let after = 0;
      for (const seed of SEEDS) {
        await yieldToRunner();
        for (const s of halfTurnStarts([seed])) {
          const lo = playHalf(s, 0.04);
          const hi = playHalf(s, AGENT_WEIGHTS.infoPerBit);
          if (lo.actions === hi.actions) continue;
          changed++;
          before += Math.log2(1 + lo.places);
          after += Math.log2(1 + hi.places);
        }
      }
      expect(changed).toBeGreaterThan(2);
      expect(after).toBeLessThan(before);
    },
    LONG_MS,
  );
});
