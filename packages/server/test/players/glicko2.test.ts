// Glicko-2 against the paper's worked example (Glickman, "Example of the Glicko-2 system"), and the
// properties our per-game, per-role use relies on.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { composite, NEW_RATING, rateGame, updateRating, type Rating } from '../../src/players/glicko2.js';

const rating = fc.record({
  rating: fc.double({ min: 800, max: 2400, noNaN: true }),
  rd: fc.double({ min: 30, max: 350, noNaN: true }),
  vol: fc.double({ min: 0.04, max: 0.09, noNaN: true }),
});

describe('Glicko-2', () => {
  it("reproduces the paper's worked example: 1500/200/0.06 vs 1400/30 (win), 1550/100, 1700/300 (losses)", () => {
    const r = updateRating({ rating: 1500, rd: 200, vol: 0.06 }, [
      { opponent: { rating: 1400, rd: 30, vol: 0.06 }, score: 1 },
      { opponent: { rating: 1550, rd: 100, vol: 0.06 }, score: 0 },
      { opponent: { rating: 1700, rd: 300, vol: 0.06 }, score: 0 },
    ]);
    // The paper rounds mu' and phi' to 4 decimals (-0.2069, 0.8722) before converting back, which
    // prints 1464.06 / 151.52; unrounded, mu' = -0.20694 gives 1464.05. Both are checked.
    expect(((r.rating - 1500) / 173.7178).toFixed(4)).toBe('-0.2069');
    expect((r.rd / 173.7178).toFixed(4)).toBe('0.8722');
    expect(Math.abs(r.rating - 1464.06)).toBeLessThan(0.01);
    expect(Math.abs(r.rd - 151.52)).toBeLessThan(0.01);
    expect(Math.abs(r.vol - 0.05999)).toBeLessThan(0.00001);
  });

  it('a period without games only widens the RD (step 6 of the paper)', () => {
    const r = updateRating({ rating: 1500, rd: 200, vol: 0.06 }, []);
    expect(r.rating).toBe(1500);
    expect(r.rd).toBeCloseTo(Math.sqrt((200 / 173.7178) ** 2 + 0.06 ** 2) * 173.7178, 9);
  });

  it('one game as one rating period: the winner gains, the loser loses, no RD exceeds the widened RD of step 6', () => {
    fc.assert(
      fc.property(rating, rating, fc.boolean(), (rec, ag, recruiterWon) => {
        const out = rateGame({ rating: rec }, [{ rating: ag }], recruiterWon);
        const [win, lose] = recruiterWon ? [out.recruiter, out.agents[0]!] : [out.agents[0]!, out.recruiter];
        const [win0, lose0] = recruiterWon ? [rec, ag] : [ag, rec];
        expect(win.rating).toBeGreaterThan(win0.rating);
        expect(lose.rating).toBeLessThan(lose0.rating);
        expect(out.recruiter.rd).toBeLessThanOrEqual(Math.hypot(rec.rd, out.recruiter.vol * 173.7178) * (1 + 1e-9));
        expect(out.agents[0]!.rd).toBeLessThanOrEqual(Math.hypot(ag.rd, out.agents[0]!.vol * 173.7178) * (1 + 1e-9));
      }),
    );
  });

  it('team games: the recruiter meets the composite of 1-4 agents; each agent meets the recruiter alone', () => {
    fc.assert(
      fc.property(rating, fc.array(rating, { minLength: 1, maxLength: 4 }), fc.boolean(), (rec, team, won) => {
        const out = rateGame(
          { rating: rec },
          team.map((r) => ({ rating: r })),
          won,
        );
        expect(out.recruiter).toEqual(updateRating(rec, [{ opponent: composite(team), score: won ? 1 : 0 }]));
        out.agents.forEach((a, i) =>
          expect(a).toEqual(updateRating(team[i]!, [{ opponent: rec, score: won ? 0 : 1 }])),
        );
      }),
    );
  });

  it('composite of identical members is that member; of a strong and a weak one, the mean', () => {
    const r: Rating = { rating: 1620, rd: 80, vol: 0.06 };
    expect(composite([r, r, r])).toEqual(r);
    const c = composite([
      { rating: 1800, rd: 50, vol: 0.06 },
      { rating: 1400, rd: 150, vol: 0.06 },
    ]);
    expect(c.rating).toBe(1600);
    expect(c.rd).toBeCloseTo(Math.sqrt((50 * 50 + 150 * 150) / 2), 9);
  });

  it('bots (fixed public profiles) count as opponents and never change', () => {
    const bot: Rating = { rating: 1700, rd: 50, vol: 0.06 };
    const out = rateGame({ rating: bot, fixed: true }, [{ rating: NEW_RATING }, { rating: bot, fixed: true }], true);
    expect(out.recruiter).toEqual(bot);
    expect(out.agents[1]).toEqual(bot);
    expect(out.agents[0]!.rating).toBeLessThan(1500);
  });

  it('refuses a side with no agent or more than four', () => {
    expect(() => rateGame({ rating: NEW_RATING }, [], true)).toThrow(RangeError);
    const five = Array.from({ length: 5 }, () => ({ rating: NEW_RATING }));
    expect(() => rateGame({ rating: NEW_RATING }, five, true)).toThrow(RangeError);
  });
});
