// The end of the game: who won and why, the recruiter's cards, and the ways on (the replay, the
// analysis, the record, the campaign).
import type { ReactNode } from 'react';
import type { View } from '@mindmgmt/engine';
import { useI18n } from '../i18n/lookup.js';
import { CampaignPanel } from '../players/Campaign.js';
import { RuleLink } from '../rulebook/RuleLink.js';
import { FeatureIcon } from '../ui/icons.js';
import { Modal } from '../ui/Modal.js';
import { reasonText, winnerText } from './log.js';

export function EndDialog({
  gameId,
  view,
  role,
  local,
  onReplay,
  onAnalysis,
  onClose,
}: {
  gameId: string;
  view: View;
  role: 'recruiter' | 'agents' | 'spectator';
  /** An offline game: its own end actions instead of the server's export link, and no campaign. */
  local: { endActions: ReactNode } | undefined;
  onReplay: () => void;
  onAnalysis: () => void;
  onClose: () => void;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const result = view.result;
  const sec = view.recruiter;
  if (!result) return null;
  return (
    <Modal label={t('p_over')} onClose={onClose} boxClass="modal-box end-box">
      <section className={`panel end ${result.winner ?? 'abandoned'}`} aria-label={t('p_over')}>
        <h2>{winnerText(i18n, result)}</h2>
        <p>
          {reasonText(i18n, result)} <RuleLink chapter="winning" />
        </p>
        {sec ? (
          <p className="reveal-cards">
            {sec.card ? <b>{t(`card_${sec.card}`)}</b> : null}{' '}
            {sec.cards.map((c) => (
              <span key={c.feature} className="share">
                <FeatureIcon f={c.feature} size={18} /> {i18n.feature(c.feature)}{' '}
              </span>
            ))}
          </p>
        ) : null}
        {role !== 'spectator' && result.winner !== null ? (
          <p className="big-result">
            {(result.winner === 'recruiter') === (role === 'recruiter') ? t('youWon') : t('youLost')}
          </p>
        ) : null}
        <div className="btnrow">
          <button className="primary" onClick={onReplay}>
            {t('replay')}
          </button>
          <button onClick={onAnalysis}>{t('an_open')}</button>
          {local ? (
            local.endActions
          ) : (
            <a
              className="button"
              href={`/api/games/${encodeURIComponent(gameId)}/record`}
              download={`mindmgmt-${gameId}.json`}
            >
              {t('exportRecord')}
            </a>
          )}
          <button onClick={() => onClose()}>{t('close')}</button>
        </div>
        {local ? null : <CampaignPanel gameId={gameId} over />}
      </section>
    </Modal>
  );
}
