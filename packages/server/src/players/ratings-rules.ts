// Which games move ratings and which ratings are settled enough to rank (decisions
// in docs/players.md "Casual and rated").
import type { GameRow } from '../store/types.js';

/**
 * Above this rating deviation a rating is provisional: shown with "?" and kept off the
 * leaderboard. Lichess's provisional threshold, on the same scale: our glicko2.ts shows ratings on
 * Glicko's 1500/350 scale as lichess does, so RD 110 means the same 95 % interval of ±220 points.
 * Lichess ranks only below 75; here one game is one rating period, so the deviation falls much more
 * slowly (measured with glicko2.ts: from 350 against settled opponents, RD 110 after about 10
 * rated games, 75 only after 25 or more), which a board game played a few times a month would
 * hardly ever reach.
 */
export const PROVISIONAL_RD = 110;

export const isProvisional = (rd: number): boolean => rd > PROVISIONAL_RD;

/**
 * A finished game moves ratings when its table was rated (the default) and it lasted into the
 * agents' first turn: the time track advances from 0 to 1 exactly when the recruiter's first turn
 * ends and the agents' begins, so a game that ended at time 0 (a resignation during setup or the
 * recruiter's first turn) tells nothing of anyone's play.
 */
export function countsForRating(row: GameRow): boolean {
  // an uploaded offline game never moves ratings, whatever its options say (docs/offline.md)
  return (row.options.rated ?? true) && !row.options.local && (row.result?.time ?? 0) >= 1;
}
