// The bot level choices of the lobby's forms: the solo opponent's level, a place's player (a person
// or a bot of a level), and the stand-in's level when a player runs out of time.
import { useI18n } from '../i18n/lookup.js';
import type { BotLevel } from '@mindmgmt/table';
import type { BotSide } from '@mindmgmt/ai';
import { BotLevelOptions } from './BotLevelOptions.js';

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
      <option value="easy">{t('botLevel', { level: t('lvEasy') })}</option>
      <option value="hard">{t('botLevel', { level: t('lvHard') })}</option>
      <option value="expert">{t('botLevel', { level: t('lvExpert') })}</option>
      <option value="random">{t('botLevel', { level: t('lvRandom') })}</option>
    </select>
  );
}

/** The level of the bot that stands in for a player out of time. */
export function StandInChoice({
  value,
  onChange,
}: {
  value: BotLevel;
  onChange: (l: 'random' | 'easy' | 'hard') => void;
}) {
  const { t } = useI18n();
  return (
    <label>
      {t('si_level')}
      <select name="standIn" value={value} onChange={(e) => onChange(e.target.value as 'random' | 'easy' | 'hard')}>
        <option value="hard">{t('lvHard')}</option>
        <option value="easy">{t('lvEasy')}</option>
        <option value="random">{t('lvRandom')}</option>
      </select>
    </label>
  );
}
