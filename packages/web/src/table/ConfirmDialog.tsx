// The one question the table asks before a costly click (a capture, an early end): Confirm sends
// the action, Cancel or Escape drops it.
import { useI18n } from '../i18n/lookup.js';
import { Modal } from '../ui/Modal.js';

export function ConfirmDialog({
  text,
  onConfirm,
  onCancel,
}: {
  text: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useI18n();
  return (
    <Modal label={t('confirm')} onClose={onCancel}>
      <p>{text}</p>
      <div className="btnrow">
        <button className="primary" data-ask="confirm" autoFocus onClick={onConfirm}>
          {t('confirm')}
        </button>
        <button onClick={onCancel}>{t('cancel')}</button>
      </div>
    </Modal>
  );
}
