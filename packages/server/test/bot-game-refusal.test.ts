// The refusal of a game with bots names its cause; a cap an operator set to 0 (no games with bots)
// says so instead of "you already play 0 games" (regression: solo-refused.test.ts's server log).
import { describe, expect, it } from 'vitest';
import { botGameRefusal } from '../src/bots/game-budget.js';

const caps = (n: number) => ({ player: n, address: n, prefix: n, total: 100 });

describe('botGameRefusal', () => {
  it.each([
    ['player', /You already play 3 games with bots/],
    ['address', /Your address already runs 3 games with bots/],
    ['prefix', /Your network already runs 3 games with bots/],
  ] as const)('%s full at a cap of 3: 429 too_many_bot_games naming the count', (why, text) => {
    const e = botGameRefusal(why, caps(3));
    expect([e.status, e.code]).toEqual([429, 'too_many_bot_games']);
    expect(e.message).toMatch(text);
  });

  it.each(['player', 'address'] as const)('%s cap set to 0: the server takes no games with bots', (why) => {
    const e = botGameRefusal(why, caps(0));
    expect([e.status, e.code]).toEqual([429, 'too_many_bot_games']);
    expect(e.message).toBe('This server takes no games with bots.');
  });
});
