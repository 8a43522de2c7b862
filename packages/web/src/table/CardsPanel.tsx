// The public cards: the Immortal cards and discards, the exposed features, the ally, the recruiter
// cards still possible and the Mind Slips.
import { LOCATIONS, type FeatureId, type View } from '@mindmgmt/engine';
import { useI18n } from '../i18n/lookup.js';
import { DolphinIcon, FeatureIcon, ImmortalToken, MindSlipIcon } from '../ui/icons.js';

export function CardsPanel({ view }: { view: View }) {
  const i18n = useI18n();
  const { t } = i18n;
  const full = view.mode === 'full';
  return (
    <section className="panel cards" aria-label={t('immortalCards')}>
      <p className="mode">
        {t(view.mode === 'full' ? 'full' : 'training')} ·{' '}
        {t('recruitsTotal', { n: view.recruits.total, max: view.recruitsToWin })}
      </p>
      {full ? (
        <>
          <h3>
            <ImmortalIcon /> {t('immortalCards')}
          </h3>
          <div className="cardrow">
            {view.immortalCards.length ? view.immortalCards.map((f) => <FeatureCard key={f} f={f} />) : t('none')}
            <span className="muted">{t('deck', { n: view.deckCount })}</span>
          </div>
          {view.immortalDiscards.length ? (
            <div className="cardrow">
              <span className="muted">
                {t('discards')}
                {t('colon')}
              </span>
              {view.immortalDiscards.map((f) => (
                <FeatureCard key={f} f={f} small />
              ))}
            </div>
          ) : null}
          <h3>{t('exposed')}</h3>
          <div className="cardrow">
            {view.exposed.length ? (
              view.exposed.map((e) => <FeatureCard key={e.feature} f={e.feature} note={`${e.time}:00`} />)
            ) : (
              <span className="muted">{t('none')}</span>
            )}
          </div>
          <p className={`ally ${view.allyAvailable ? '' : 'used'}`}>
            <DolphinIcon size={22} /> {t('ally')}
            {t('colon')}
            {view.allyAvailable ? t('allyReady') : t('allyUsed')}
          </p>
        </>
      ) : null}
      <p className="muted">
        {t('potential')}
        {t('colon')}
        {view.potentialRecruiterCards.map((c) => t(`card_${c}`)).join(' / ')}
        <br />
        <MindSlipIcon size={14} /> {t('mindSlip')}
        {t('colon')}
        {view.mindSlips.firstUsedAt !== null ? `${view.mindSlips.firstUsedAt}:00` : '—'}
        {full
          ? ` · ${t('secondMindSlip')}${t('colon')}${view.mindSlips.secondUsedAt !== null ? `${view.mindSlips.secondUsedAt}:00` : view.mindSlips.secondOnBoard !== null ? LOCATIONS[view.mindSlips.secondOnBoard]!.label : '—'}`
          : ''}
      </p>
    </section>
  );
}

function ImmortalIcon() {
  return (
    <svg width="18" height="18" viewBox="-12 -14 24 28" aria-hidden="true">
      <ImmortalToken x={0} y={0} s={22} />
    </svg>
  );
}

function FeatureCard({ f, small, note }: { f: FeatureId; small?: boolean; note?: string }) {
  const i18n = useI18n();
  return (
    <span className={`fcard${small ? ' small' : ''}`} title={i18n.feature(f)}>
      <FeatureIcon f={f} size={small ? 18 : 28} />
      <span>{i18n.feature(f)}</span>
      {note ? <small>{note}</small> : null}
    </span>
  );
}
