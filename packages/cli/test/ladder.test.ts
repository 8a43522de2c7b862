// The ladder's rating fit and what `--write` regenerates, on made-up tables (no games played).
import { describe, expect, it } from 'vitest';
import { LEVEL_RATINGS, type LevelRatings, RATED_LEVELS } from '@mindmgmt/ai';
import { expectedScore } from '@mindmgmt/server';
import { fitRatings } from '../src/ladder/fit.js';
import { ANCHOR, ratingsOf } from '../src/ladder/index.js';
import { DOC_BEGIN, DOC_END, docTable, levelOrder } from '../src/ladder/write.js';

type Wins = LevelRatings['recruiterWins'];

/** A table of 100 games a pairing, won as often as these ratings expect. */
function tableOf(recruiter: number[], agents: number[]): Wins {
  const row = (r: number) =>
    Object.fromEntries(RATED_LEVELS.map((l, j) => [l, Math.round(100 * expectedScore(r, agents[j]!))])) as Wins['easy'];
  return { easy: row(recruiter[0]!), hard: row(recruiter[1]!), expert: row(recruiter[2]!) };
}

describe('ladder', () => {
  it('fits the ratings that produced a table, the anchor fixed, each expected score equal to the observed one', () => {
    const recruiter = [1500, 1650, 1800];
    const agents = [1350, 1700, 1900];
    const wins = tableOf(recruiter, agents);
    const fitted = ratingsOf(wins, 100);
    expect(ANCHOR).toEqual({ side: 'recruiter', level: 'easy', rating: 1500 });
    expect(fitted.ratings.recruiter.easy).toEqual({ rating: 1500, low: 1500, high: 1500 });
    RATED_LEVELS.forEach((l, k) => {
      // the prior (a new player's 1500 +- 350) pulls a little towards 1500; rounding moves the rest
      expect(Math.abs(fitted.ratings.recruiter[l].rating - recruiter[k]!)).toBeLessThan(15);
      expect(Math.abs(fitted.ratings.agents[l].rating - agents[k]!)).toBeLessThan(15);
      const { rating, low, high } = fitted.ratings.agents[l];
      expect(low).toBeLessThan(rating);
      expect(high).toBeGreaterThan(rating);
    });
    // The fit's defining property (without the prior): expected wins = wins, per participant.
    const pairings = RATED_LEVELS.flatMap((r, i) =>
      RATED_LEVELS.map((a, j) => ({ a: i, b: 3 + j, n: 100, aWins: wins[r][a] })),
    );
    const r = fitRatings(6, pairings, 0, 1500).map((f) => f.rating);
    for (let p = 1; p < 6; p++) {
      const mine = pairings.filter((g) => g.a === p || g.b === p);
      const won = mine.reduce((s, g) => s + (g.a === p ? g.aWins : g.n - g.aWins), 0);
      const expected = mine.reduce((s, g) => s + g.n * expectedScore(r[p]!, r[g.a === p ? g.b : g.a]!), 0);
      expect(Math.abs(expected - won)).toBeLessThan(2); // the prior's share
    }
  });

  it('stays finite when a level loses every game, and flags a level that loses to the one below', () => {
    const wins: Wins = {
      easy: { easy: 60, hard: 0, expert: 0 },
      hard: { easy: 50, hard: 10, expert: 5 },
      expert: { easy: 90, hard: 30, expert: 20 },
    };
    const fitted = ratingsOf(wins, 100);
    for (const side of ['recruiter', 'agents'] as const)
      for (const l of RATED_LEVELS) expect(Number.isFinite(fitted.ratings[side][l].rating)).toBe(true);
    const result: LevelRatings = {
      command: 'ladder --games 100',
      date: '2026-12-06',
      mode: 'full',
      seed: 1,
      gamesPerPairing: 100,
      iterations: 1000,
      ...fitted,
      recruiterWins: wins,
    };
    const problems = levelOrder(result);
    expect(problems.some((p) => p.startsWith('hard recruiter won 50 against easy agents'))).toBe(true);
    const doc = docTable(result, 600);
    expect(doc.startsWith(DOC_BEGIN) && doc.endsWith(DOC_END)).toBe(true);
    expect(doc).toContain('| **hard** | 50 (50%');
    expect(doc).toContain('Levels that lose to the level below them');
  });

  it('the lobby reads a generated table whose ratings are the fit of its own wins', () => {
    const r = LEVEL_RATINGS;
    expect(r.command).toMatch(/ladder --games \d+ --seed \d+ --iterations \d+/);
    expect(r.gamesPerPairing).toBeGreaterThan(0);
    expect(ratingsOf(r.recruiterWins, r.gamesPerPairing)).toEqual({ anchor: r.anchor, ratings: r.ratings });
  });
});
