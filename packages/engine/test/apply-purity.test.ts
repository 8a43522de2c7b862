// apply copies only what a rule may change (game.ts draft, which replaced structuredClone for
// speed): every state it returned, and every state given to it, must stay exactly as it was
// while the game goes on from it.
import { describe, expect, test } from 'vitest';
import type { GameState } from '../src/index.js';
import { playRandom } from './helpers/random.js';

describe('apply never changes a state it was given or returned', () => {
  test.each([
    ['full', 1, 11],
    ['full', 4, 12],
    ['full', 2, 13],
    ['training', 3, 14],
  ] as const)('%s game, %i agent seats, seed %i: every state is unchanged at the end', (mode, agentSeats, seed) => {
    const seen: { state: GameState; json: string }[] = [];
    playRandom({
      mode,
      agentSeats,
      seed,
      noteRate: 0.05,
      onStep: (s) => seen.push({ state: s, json: JSON.stringify(s) }),
    });
    expect(seen.length).toBeGreaterThan(50);
    for (const { state, json } of seen) expect(JSON.stringify(state)).toBe(json);
  });
});
