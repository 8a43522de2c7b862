// A bot level's approximate rating as the lobby shows it: the ladder's fit (docs/bots.md "Level
// ratings") on the players' Glicko-2 scale, for the side the bot plays.
import { type BotSide, LEVEL_RATINGS, type RatedLevel } from '@mindmgmt/ai';

/** Rounded to tens: the fit's interval is far wider than that. */
export function approxRating(side: BotSide, level: RatedLevel): number {
  return Math.round(LEVEL_RATINGS.ratings[side][level].rating / 10) * 10;
}
