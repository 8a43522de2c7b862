// The keyboard help overlay ("?" opens and closes it).
import { useI18n } from '../i18n/lookup.js';
import { Modal } from '../ui/Modal.js';
import { keyName, SHORTCUTS } from '../ui/shortcuts.js';

/** The shortcuts of ui/shortcuts.ts, listed ("?" opens and closes it). */
export function KeysHelp({ onClose }: { onClose: () => void }) {
  const { t } = useI18n();
  return (
    <Modal label={t('kb_title')} onClose={onClose} boxClass="modal-box kb-help">
      <h2>{t('kb_title')}</h2>
      <dl className="keys">
        {SHORTCUTS.map((s) => (
          <div key={s.what}>
            <dt>
              {s.keys.map((k) => (
                <kbd key={k}>{keyName(k)}</kbd>
              ))}
            </dt>
            <dd>{t(s.what)}</dd>
          </div>
        ))}
        <div>
          <dt>
            <kbd>←</kbd>
            <kbd>↑</kbd>
            <kbd>→</kbd>
            <kbd>↓</kbd>
          </dt>
          <dd>
            {t('kb_arrows')}
            {t('colon')}
            {t('kb_arrowsText')}
          </dd>
        </div>
      </dl>
      <div className="btnrow">
        <button className="primary" onClick={onClose}>
          {t('close')}
        </button>
      </div>
    </Modal>
  );
}
