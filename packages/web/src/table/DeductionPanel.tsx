// The deduction assistant's panel: where the recruiter can be, and the odds of its features.
import { FEATURES, type View } from '@mindmgmt/engine';
import { useI18n, type I18n } from '../i18n/lookup.js';
import { RuleLinkFor } from '../rulebook/RuleLink.js';
import { FeatureIcon } from '../ui/icons.js';
import type { AssistantMode } from './assistant.js';
import type { Belief } from './deduction.js';

export function DeductionPanel({
  view,
  belief,
  assistant,
  count,
  odds,
  showHeat,
  setShowHeat,
}: {
  view: View;
  belief: Belief | null;
  assistant: AssistantMode;
  /** Whether the count of candidate locations shows. */
  count: boolean;
  /** Whether the features' odds show. */
  odds: boolean;
  showHeat: boolean;
  setShowHeat: (on: boolean) => void;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  return (
    <section className="panel deduction" aria-label={t('dedTitle')} data-assistant={assistant}>
      <h3>
        {t('dedTitle')} <RuleLinkFor k="dedTitle" />
      </h3>
      <label className="check">
        <input type="checkbox" checked={showHeat} onChange={(e) => setShowHeat(e.target.checked)} />{' '}
        {t('dedShowAssistant')}
      </label>
      {count ? <p className="candidates">{candidatesText(i18n, view, belief)}</p> : null}
      {belief && odds ? (
        <div className="shares">
          {FEATURES.filter((f) => (belief.cardShares as Readonly<Record<string, number>>)[f]).map((f) => (
            <span key={f} className="share" title={i18n.feature(f)}>
              <FeatureIcon f={f} size={16} /> <span className="sr">{i18n.feature(f)}</span>
              {Math.round(100 * ((belief.cardShares as Readonly<Record<string, number>>)[f] ?? 0))}%
            </span>
          ))}
        </div>
      ) : null}
    </section>
  );
}

/** "The recruiter can be on N locations", without "0 locations" before the hidden steps are
 * made nor "1 locations". */
function candidatesText(i18n: I18n, view: View, belief: Belief | null): string {
  const { t } = i18n;
  const setup = ['mayhem', 'recruiterCard', 'start', 'setupSteps'].includes(view.phase);
  if (setup || !belief || belief.candidates === 0)
    return setup ? t('candidatesSetup', { recruiter: t('recruiter') }) : t('dedWaiting');
  return t('dedCandidates', { n: belief.candidates });
}
