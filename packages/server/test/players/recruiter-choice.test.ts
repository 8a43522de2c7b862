// "Random, excluding beginners" (seed 003), with an injected random source.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  ALL_BEGINNERS_NOTE,
  isBeginner,
  pickRecruiterExcludingBeginners,
  type Candidate,
} from '../../src/players/recruiter-choice.js';

const fixed = (k: number) => (n: number) => k % n;

describe('recruiter choice: random, excluding beginners (seed 003)', () => {
  it('a beginner has no finished game on this server; bots never are', () => {
    expect(isBeginner({ bot: false, finishedGames: 0 })).toBe(true);
    expect(isBeginner({ bot: false, finishedGames: null })).toBe(true);
    expect(isBeginner({ bot: false, finishedGames: 1 })).toBe(false);
    expect(isBeginner({ bot: true, finishedGames: 0 })).toBe(false);
  });

  it('draws only among players who have finished a game', () => {
    const table: Candidate[] = [
      { place: 1, beginner: true },
      { place: 2, beginner: false },
      { place: 3, beginner: true },
      { place: 4, beginner: false },
    ];
    const picks = [0, 1, 2, 3].map((k) => pickRecruiterExcludingBeginners(table, fixed(k)));
    expect(picks.map((p) => p.ok && p.place)).toEqual([2, 4, 2, 4]);
    expect(picks.every((p) => p.ok && !p.fallback && p.note === null)).toBe(true);
  });

  it('every player a beginner: plain random among all, and the table is told', () => {
    const table: Candidate[] = [
      { place: 3, beginner: true },
      { place: 1, beginner: true },
    ];
    const p = pickRecruiterExcludingBeginners(table, fixed(1));
    expect(p).toEqual({ ok: true, place: 3, fallback: true, note: ALL_BEGINNERS_NOTE });
  });

  it('the caller order does not change who a draw picks', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.record({ place: fc.integer({ min: 1, max: 5 }), beginner: fc.boolean() }), {
          minLength: 1,
          maxLength: 5,
          selector: (c) => c.place,
        }),
        fc.nat(),
        (table, k) => {
          const a = pickRecruiterExcludingBeginners(table, fixed(k));
          const b = pickRecruiterExcludingBeginners([...table].reverse(), fixed(k));
          expect(a).toEqual(b);
          if (!a.ok) return;
          const chosen = table.find((c) => c.place === a.place)!;
          expect(chosen.beginner).toBe(a.fallback);
        },
      ),
    );
  });

  it('each non-beginner is reachable, beginners never when one exists', () => {
    const table: Candidate[] = [1, 2, 3, 4, 5].map((place) => ({ place, beginner: place % 2 === 1 }));
    const seen = new Set<number>();
    for (let k = 0; k < 10; k++) {
      const p = pickRecruiterExcludingBeginners(table, fixed(k));
      if (p.ok) seen.add(p.place);
    }
    expect([...seen].sort()).toEqual([2, 4]);
  });

  it('refuses an empty table and a random source out of range, without throwing', () => {
    expect(pickRecruiterExcludingBeginners([], fixed(0))).toMatchObject({ ok: false, code: 'no_candidates' });
    for (const bad of [-1, 2, 0.5, NaN])
      expect(
        pickRecruiterExcludingBeginners(
          [
            { place: 1, beginner: false },
            { place: 2, beginner: false },
          ],
          () => bad,
        ),
      ).toMatchObject({
        ok: false,
        code: 'bad_random',
      });
  });
});
