// From a finished game's history rows to stored ratings: Glicko-2 per role, the agents' side as a
// composite, unrated and fixed participants left alone.
import { describe, expect, it } from 'vitest';
import { NEW_RATING, rateGame } from '../../src/players/glicko2.js';
import { glickoRateFn } from '../../src/players/rate-game.js';
import { ratingKey, type PlayerGameRow, type RatingRow } from '../../src/store/players/types.js';

const row = (playerId: string, role: PlayerGameRow['role'], won: boolean, rated = true): PlayerGameRow => ({
  playerId,
  gameId: 'g',
  finishedAt: 1,
  role,
  seat: role === 'recruiter' ? 0 : 1,
  place: 1,
  mode: 'full',
  won,
  rated,
  campaignId: null,
});

const stored = (playerId: string, role: PlayerGameRow['role'], rating: number, games: number): RatingRow => ({
  playerId,
  role,
  rating,
  rd: 80,
  vol: 0.06,
  games,
  updatedAt: 0,
});

describe('glickoRateFn', () => {
  it('rates a 1-vs-2 game from the current ratings; new players start at 1500/350/0.06', () => {
    const rows = [row('r', 'recruiter', true), row('a', 'agents', false), row('b', 'agents', false)];
    const before = new Map([
      [ratingKey('r', 'recruiter'), stored('r', 'recruiter', 1600, 7)],
      [ratingKey('a', 'agents'), stored('a', 'agents', 1450, 3)],
      [ratingKey('b', 'agents'), null],
    ]);
    const out = glickoRateFn(rows, new Set(), 99)(before);
    const expected = rateGame(
      { rating: { rating: 1600, rd: 80, vol: 0.06 } },
      [{ rating: { rating: 1450, rd: 80, vol: 0.06 } }, { rating: NEW_RATING }],
      true,
    );
    expect(out).toEqual([
      { playerId: 'r', role: 'recruiter', ...expected.recruiter, games: 8, updatedAt: 99 },
      { playerId: 'a', role: 'agents', ...expected.agents[0]!, games: 4, updatedAt: 99 },
      { playerId: 'b', role: 'agents', ...expected.agents[1]!, games: 1, updatedAt: 99 },
    ]);
  });

  it('unrated rows take no part; a side with no rated player rates nobody', () => {
    const rows = [row('r', 'recruiter', false), row('a', 'agents', true), row('b', 'agents', true, false)];
    const out = glickoRateFn(rows, new Set(), 1)(new Map());
    expect(out.map((r) => r.playerId)).toEqual(['r', 'a']);
    expect(
      glickoRateFn([row('r', 'recruiter', true, false), row('a', 'agents', false)], new Set(), 1)(new Map()),
    ).toEqual([]);
  });

  it('fixed participants rate the others and are not written', () => {
    const rows = [row('bot-hard', 'recruiter', true), row('a', 'agents', false)];
    const before = new Map([[ratingKey('bot-hard', 'recruiter'), stored('bot-hard', 'recruiter', 1800, 50)]]);
    const out = glickoRateFn(rows, new Set(['bot-hard']), 1)(before);
    expect(out.map((r) => r.playerId)).toEqual(['a']);
    const vsStrong = out[0]!.rating;
    const vsNew = glickoRateFn(rows, new Set(['bot-hard']), 1)(new Map())[0]!.rating;
    expect(vsStrong).toBeGreaterThan(vsNew); // losing to a strong bot costs less
  });
});
