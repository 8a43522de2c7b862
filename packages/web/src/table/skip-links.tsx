// The table's skip links: same-page links that move focus to the actions, the board, the first Ask
// or the command line (the hash is the game's route, so they do not change it).
import { useI18n } from '../i18n/lookup.js';
import { COMMAND_ID } from './CommandLine.js';
import { nextAction } from './focus.js';

/** The links above the table, in its Tab order; the skip to Ask only while Ask can be played. */
export function SkipLinks({ canAsk }: { canAsk: boolean }) {
  const { t } = useI18n();
  return (
    <div className="skip-links">
      <a href="#table-actions" className="skip" onClick={skipTo('table-actions')}>
        {t('tl_skipActions')}
      </a>
      <a href="#table-board" className="skip" onClick={skipTo('table-board')}>
        {t('tl_skipBoard')}
      </a>
      {canAsk ? (
        <a href="#table-actions" className="skip" onClick={skipToAsk}>
          {t('cmd_skipAsk')}
        </a>
      ) : null}
      <a href={`#${COMMAND_ID}`} className="skip" onClick={skipTo(COMMAND_ID)}>
        {t('cmd_skip')}
      </a>
    </div>
  );
}

/** A same-page link that moves focus too (the hash is the game's route, so it is not changed). */
export function skipTo(id: string) {
  return (e: { preventDefault: () => void }) => {
    e.preventDefault();
    const el = document.getElementById(id);
    el?.scrollIntoView({ block: 'nearest' });
    const target =
      id === 'table-board'
        ? el?.querySelector<HTMLElement>('[role=gridcell][tabindex="0"]')
        : id === 'table-actions'
          ? (nextAction(false) ?? el)
          : el;
    target?.focus({ preventScroll: true });
  };
}

/** The skip to Ask: the first Ask button. */
function skipToAsk(e: { preventDefault: () => void }) {
  e.preventDefault();
  document.querySelector<HTMLElement>('section.actions [data-cmd=ask]')?.focus();
}
