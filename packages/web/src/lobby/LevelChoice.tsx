// The bot level choices of the lobby's forms: the solo opponent's level, a place's player (a person
// or a bot of a level), and the stand-in's level when a player runs out of time.
import { BOT_LEVEL_KEYS, useI18n } from '../i18n/lookup.js';
import type { BotLevel } from '@mindmgmt/table';
import type { BotSide } from '@mindmgmt/ai';
import { BotLevelOptions, LISTED_LEVELS } from './BotLevelOptions.js';

/** The levels the stand-in choice offers, in the order it has always listed them. */
const STAND_IN_LEVELS = ['hard', 'easy', 'random'] as const satisfies readonly BotLevel[];
type StandInLevel = (typeof STAND_IN_LEVELS)[number];

/** The solo opponent's level. */
export function SoloLevelChoice({
  value,
  onChange,
  side,
}: {
  value: BotLevel;
  onChange: (l: BotLevel) => void;
  /** The side the bot plays: each level shows its rating for that side. */
  side: BotSide;
}) {
  const { t } = useI18n();
  return (
    <label>
      {t('level')}
      <select value={value} onChange={(e) => onChange(e.target.value as BotLevel)} name="soloLevel">
        <BotLevelOptions side={side} />
      </select>
    </label>
  );
}

/** Who plays at a place the host does not hold: a person, or a bot of a level. */
export function SeatChoice({
  name,
  value,
  onChange,
}: {
  name: string;
  value: BotLevel | 'human';
  onChange: (v: BotLevel | 'human') => void;
}) {
  const { t } = useI18n();
  return (
    <select name={name} value={value} onChange={(e) => onChange(e.target.value as BotLevel | 'human')}>
      <option value="human">{t('human')}</option>
      {LISTED_LEVELS.map((level) => (
        <option key={level} value={level}>
          {t('botLevel', { level: t(BOT_LEVEL_KEYS[level]) })}
        </option>
      ))}
    </select>
  );
}

/** The level of the bot that stands in for a player out of time. */
export function StandInChoice({ value, onChange }: { value: BotLevel; onChange: (l: StandInLevel) => void }) {
  const { t } = useI18n();
  return (
    <label>
      {t('si_level')}
      <select name="standIn" value={value} onChange={(e) => onChange(e.target.value as StandInLevel)}>
        {STAND_IN_LEVELS.map((level) => (
          <option key={level} value={level}>
            {t(BOT_LEVEL_KEYS[level])}
          </option>
        ))}
      </select>
    </label>
  );
}
