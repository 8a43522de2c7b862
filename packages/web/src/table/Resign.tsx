// Resigning, asked once more before it is sent.
import type { ClientAction } from '@mindmgmt/table';
import { useI18n } from '../i18n/lookup.js';
import { useState } from 'react';

export function Resign({ act }: { act: (a: ClientAction) => void }) {
  const { t } = useI18n();
  const [ask, setAsk] = useState(false);
  return (
    <div className="resign">
      {ask ? (
        <span className="btnrow">
          {t('c_resign')}
          <button className="danger" onClick={() => act({ type: 'resign' })}>
            {t('confirm')}
          </button>
          <button onClick={() => setAsk(false)}>{t('cancel')}</button>
        </span>
      ) : (
        <button className="link" onClick={() => setAsk(true)}>
          {t('t_resign')}
        </button>
      )}
    </div>
  );
}
