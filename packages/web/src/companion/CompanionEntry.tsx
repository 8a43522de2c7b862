// The lobby's way into the companion for the physical box (the screen itself loads on demand).
import type { ReactElement } from 'react';
import { useI18n } from '../i18n/lookup.js';

export function CompanionEntry(): ReactElement {
  const { t } = useI18n();
  return (
    <section className="panel companion-entry" aria-labelledby="companion-entry-title">
      <h2 id="companion-entry-title">{t('cp_title')}</h2>
      <p>{t('cp_lobbyHint')}</p>
      <a className="button" href="#/companion" data-testid="companion-entry">
        {t('cp_title')}
      </a>
    </section>
  );
}
