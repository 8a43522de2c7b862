// The bot levels of the solo form, each with its approximate rating on the players' Glicko-2
// scale for the side the bot plays (measured by the cli's `ladder`, docs/bots.md "Level
// ratings"), so a player can choose an opponent by strength. The rating is in the option's text,
// so it is also in its accessible name.
import { type BotSide, LEVEL_RATINGS, type RatedLevel } from '@mindmgmt/ai';
import { BOT_LEVEL_KEYS, useI18n } from '../i18n.js';

/** Rounded to tens: the fit's interval is far wider than that. */
const approx = (rating: number) => Math.round(rating / 10) * 10;

/** The options in the order the form has always listed them; random is not rated. */
const ORDER = ['easy', 'hard', 'expert', 'random'] as const;

export function BotLevelOptions({ side }: { side: BotSide }) {
  const { t } = useI18n();
  return (
    <>
      {ORDER.map((level) => {
        const name = t(BOT_LEVEL_KEYS[level]);
        const rated = level === 'random' ? null : LEVEL_RATINGS.ratings[side][level satisfies RatedLevel];
        return (
          <option key={level} value={level}>
            {rated ? t('rt_level', { level: name, rating: approx(rated.rating) }) : name}
          </option>
        );
      })}
    </>
  );
}
