// From a finished game's history rows to the ratings to store (PlayerStore.recordFinishedGame's
// RateFn): Glicko-2 per role, one game = one rating period, the agents' side as a composite
// (glicko2.ts). Players in `fixed` (e.g. a bot whose rating has settled) rate others and never move.
import { NEW_RATING, rateGame, type Rating } from './glicko2.js';
import { ratingKey, type PlayerGameRow, type RateFn, type RatingRow } from '../store/players/types.js';

export function glickoRateFn(rows: readonly PlayerGameRow[], fixed: ReadonlySet<string>, now: number): RateFn {
  return (before) => {
    const rated = rows.filter((r) => r.rated);
    const recruiter = rated.find((r) => r.role === 'recruiter');
    const agents = rated.filter((r) => r.role === 'agents');
    // A game without a rated player on each side rates nobody (e.g. a solo game played unrated).
    if (!recruiter || !agents.length) return [];
    const current = (r: PlayerGameRow): Rating => before.get(ratingKey(r.playerId, r.role)) ?? NEW_RATING;
    const out = rateGame(
      { rating: current(recruiter), fixed: fixed.has(recruiter.playerId) },
      agents.map((a) => ({ rating: current(a), fixed: fixed.has(a.playerId) })),
      recruiter.won,
    );
    const row = (r: PlayerGameRow, n: Rating): RatingRow => ({
      playerId: r.playerId,
      role: r.role,
      rating: n.rating,
      rd: n.rd,
      vol: n.vol,
      games: (before.get(ratingKey(r.playerId, r.role))?.games ?? 0) + 1,
      updatedAt: now,
    });
    return [recruiter, ...agents]
      .map((r, i) => ({ r, n: i === 0 ? out.recruiter : out.agents[i - 1]! }))
      .filter(({ r }) => !fixed.has(r.playerId))
      .map(({ r, n }) => row(r, n));
  };
}
