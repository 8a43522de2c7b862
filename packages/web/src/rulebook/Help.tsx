// The player's rulebook host (opened from the header, any RuleLink, or a #/rules/<chapter> address;
// the book itself is a separate chunk loaded on first open) and the first-time hint panel.
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useI18n } from '../i18n/lookup.js';
import { chapterOfHash, OPEN_RULEBOOK, RULEBOOK_TITLE, type ChapterId } from './chapters.js';
import { RuleLink } from './RuleLink.js';
import { Modal } from '../ui/Modal.js';

const Rulebook = lazy(() => import('./Rulebook.js'));

/** Mount once; shows the rulebook while one is asked for. */
export function RulebookHost() {
  const { lang } = useI18n();
  const [open, setOpen] = useState<ChapterId | null>(() => chapterOfHash(location.hash));
  const [jump, setJump] = useState(0);
  // Where focus was when the book opened (a link in the hints, the header button): it goes back there.
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const show = (c: ChapterId | null) => {
      if (!c) return;
      if (!document.querySelector('.rb-modal')) opener.current = document.activeElement as HTMLElement | null;
      setOpen(c);
      setJump((j) => j + 1);
    };
    const onOpen = (e: Event) => show((e as CustomEvent<ChapterId>).detail);
    const onHash = () => show(chapterOfHash(location.hash));
    addEventListener(OPEN_RULEBOOK, onOpen);
    addEventListener('hashchange', onHash);
    return () => {
      removeEventListener(OPEN_RULEBOOK, onOpen);
      removeEventListener('hashchange', onHash);
    };
  }, []);
  if (!open) return null;
  const close = () => {
    setOpen(null);
    // A deep link opened the book over the home page: leave the address at home.
    if (chapterOfHash(location.hash)) history.replaceState(null, '', '#/');
    opener.current?.focus();
  };
  return (
    <Suspense
      fallback={
        <Modal label={RULEBOOK_TITLE[lang]} onClose={close} busy>
          …
        </Modal>
      }
    >
      <Rulebook lang={lang} chapter={open} jump={jump} onClose={close} />
    </Suspense>
  );
}

/** The rulebook chapter each hint line explains. */
const HINT_CHAPTERS: Record<'recruiter' | 'agents' | 'spectator', readonly ChapterId[]> = {
  recruiter: ['overview', 'recruiter-turn', 'recruiter-turn', 'ask', 'winning'],
  agents: ['overview', 'agents-turn', 'ask', 'reveal', 'capture'],
  spectator: ['overview'],
};

export function Hints({ role, onClose }: { role: 'recruiter' | 'agents' | 'spectator'; onClose: () => void }) {
  const { t, list } = useI18n();
  return (
    <section className="panel hints" aria-label={t('hintsTitle')}>
      <div className="panel-head">
        <h3>{t('hintsTitle')}</h3>
        <button className="link" onClick={onClose}>
          {t('close')}
        </button>
      </div>
      <ol>
        {list(`hint_${role}`).map((h, i) => (
          <li key={i}>
            {h}
            <RuleLink chapter={HINT_CHAPTERS[role][i] ?? 'overview'} />
          </li>
        ))}
      </ol>
    </section>
  );
}
