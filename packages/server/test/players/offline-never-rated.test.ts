// docs/offline.md: an uploaded offline game is never rated, whatever its stored
// options say: the player's browser held the recruiter's secrets.
import { describe, expect, it } from 'vitest';
import { countsForRating } from '../../src/players/ratings-rules.js';
import type { GameRow } from '../../src/store/types.js';

const over = (options: Partial<GameRow['options']>): GameRow =>
  ({
    options: { mode: 'training', rated: true, ...options },
    result: { winner: 'agents', reason: 'capture', time: 5 },
  }) as unknown as GameRow;

describe('offline games and ratings', () => {
  it('attack: an offline game stored as "rated" still moves no rating', () => {
    expect(countsForRating(over({}))).toBe(true);
    expect(countsForRating(over({ local: true }))).toBe(false);
    expect(countsForRating(over({ local: true, rated: true }))).toBe(false);
  });
});
