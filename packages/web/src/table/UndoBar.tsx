// The Undo bar, shown while the engine offers `undo` (D12): what this seat did last, and the
// button that takes it back.
import type { Action, View } from '@mindmgmt/engine';
import { useI18n } from '../i18n/lookup.js';
import { describeAction } from './describe.js';

export function UndoBar({ view, lastSent, onUndo }: { view: View; lastSent: Action | null; onUndo: () => void }) {
  const i18n = useI18n();
  const { t } = i18n;
  return (
    <div className="stage-bar" role="region" aria-label={t('u_title')}>
      <span className="stage-what">
        {lastSent ? (
          <>
            <b>
              {t('u_done')}
              {t('colon')}
            </b>{' '}
            {describeAction(i18n, lastSent, view)}
          </>
        ) : null}
        <small>{t('u_note')}</small>
      </span>
      <span className="btnrow">
        <button data-testid="undo" onClick={onUndo}>
          {t('u_undo')}
        </button>
      </span>
    </div>
  );
}
