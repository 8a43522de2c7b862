// The bot levels of the solo form, each with its approximate rating on the players' Glicko-2
// scale for the side the bot plays (measured by the cli's `ladder`, docs/bots.md "Level
// ratings"), so a player can choose an opponent by strength. The rating is in the option's text,
// so it is also in its accessible name.
import type { BotSide } from '@mindmgmt/ai';
import { BOT_LEVELS, type BotLevel } from '@mindmgmt/table';
import { BOT_LEVEL_KEYS, useI18n } from '../i18n/lookup.js';
import { approxRating } from './level-rating.js';

/** The levels in the order the forms have always listed them: the rated ones, then random (not rated). */
export const LISTED_LEVELS: readonly BotLevel[] = [...BOT_LEVELS.filter((l) => l !== 'random'), 'random'];

export function BotLevelOptions({ side }: { side: BotSide }) {
  const { t } = useI18n();
  return (
    <>
      {LISTED_LEVELS.map((level) => {
        const name = t(BOT_LEVEL_KEYS[level]);
        return (
          <option key={level} value={level}>
            {level === 'random' ? name : t('rt_level', { level: name, rating: approxRating(side, level) })}
          </option>
        );
      })}
    </>
  );
}
