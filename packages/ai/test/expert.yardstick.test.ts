// The yardstick is today's hard bots frozen: its play must never change. This pins one
// Full game of yardstick vs yardstick move for move (a budget no deadline ever reaches,
// NO_CUTOFF_MS, so the moves depend on the seed alone). If this fails, the yardstick was edited:
// revert it and change the live bots instead.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { makeAnyBot, makeYardstick, playGame } from '../src/reference/index.js';
import { NO_CUTOFF_MS } from './work-limited.js';

describe('yardstick', () => {
  it('plays a pinned game move for move (frozen)', () => {
    const moves: string[] = [];
    const r = playGame({
      mode: 'full',
      seed: 2027,
      recruiter: 'yardstick',
      agents: 'yardstick',
      budgetMs: NO_CUTOFF_MS,
      onDecision: (_s, _v, _l, a) => moves.push(JSON.stringify(a)),
    });
    const digest = createHash('sha256').update(moves.join('\n')).digest('hex');
    expect({ moves: moves.length, result: r.result, digest }).toEqual(PINNED);
  });

  it('is not offered to players but is made for both sides', () => {
    expect(makeYardstick('recruiter').level).toBe('yardstick');
    expect(makeYardstick('agents').level).toBe('yardstick');
    expect(makeAnyBot('yardstick', 'agents').level).toBe('yardstick');
  });
});

const PINNED = {
  moves: 83,
  result: { winner: 'agents', reason: 'capture', time: 11 },
  digest: '9ac26499de05fa11ce1ac48a0c4298660c2a0f2d0939d85120fcc714b4a17416',
};
