// The recruiter's own panel: its card, its features, its path, and how exposed it is to the agents'
// deduction.
import { LOCATIONS, type View } from '@mindmgmt/engine';
import type { Belief } from './deduction.js';
import { useI18n } from '../i18n/lookup.js';
import { FeatureIcon, MindSlipIcon } from '../ui/icons.js';

export function SecretPanel({
  view,
  belief,
  showHeat,
  setShowHeat,
}: {
  view: View;
  belief: Belief | null;
  showHeat: boolean;
  setShowHeat: (on: boolean) => void;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const sec = view.recruiter!;
  let exposure: number | null = null;
  if (belief && sec.at !== null) {
    const sum = belief.weights.reduce((a, b) => a + b, 0);
    exposure = sum > 0 ? (belief.weights[sec.at] ?? 0) / sum : null;
  }
  return (
    <section className="panel secret" aria-label={t('secretMap')}>
      <h3>{t('secretMap')}</h3>
      {sec.card ? (
        <p>
          {t('yourCard')}
          {t('colon')}
          <b>{t(`card_${sec.card}`)}</b>
          <br />
          <small>{t(`cardPower_${sec.card}`)}</small>
        </p>
      ) : null}
      {sec.cards.length ? (
        <div>
          {t('yourFeatures')}
          {t('colon')}
          <ul className="cardlist">
            {sec.cards.map((c) => (
              <li key={c.feature} className={c.exposedAt !== null ? 'exposed' : ''}>
                <FeatureIcon f={c.feature} size={22} /> {i18n.feature(c.feature)}
                {c.exposedAt !== null ? ` ✗ ${c.exposedAt}:00` : ''}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <p>
        {t('path')}
        {t('colon')}
        {sec.path.map((l, i) => `${i + 1}:${LOCATIONS[l]!.label}`).join(' → ') || '—'}
      </p>
      <p>{t('unrevealed', { n: sec.unrevealed })}</p>
      {sec.secondMindSlipHeld ? (
        <p>
          <MindSlipIcon size={18} /> {t('secondHeld')}
        </p>
      ) : null}
      {exposure !== null ? (
        <div className="meter" aria-label={t('dedExposure')}>
          {t('dedExposure')}
          {t('colon')}
          {Math.round(exposure * 100)}%
          <div className="bar">
            <div style={{ width: `${Math.round(exposure * 100)}%` }} />
          </div>
          <small>{t('dedExposureText')}</small>
          <p>{t('dedAgentsConsider', { n: belief!.candidates })}</p>
          <label className="check">
            <input type="checkbox" checked={showHeat} onChange={(e) => setShowHeat(e.target.checked)} />{' '}
            {t('dedShowTheirs')}
          </label>
        </div>
      ) : null}
    </section>
  );
}
