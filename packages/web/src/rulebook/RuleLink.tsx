// A link from any rule text in the game to its rulebook chapter. A plain click opens the rulebook
// over the table; the href is the chapter's deep link (new tab, copy link).
import type { ReactNode } from 'react';
import { useI18n } from '../i18n/lookup.js';
import { CHAPTER_TITLES, RULEBOOK_TITLE, chapterFor, openRulebook, rulebookLink, type ChapterId } from './chapters.js';

// Inline: this link is on first-load screens, before the rulebook's stylesheet is loaded.
const LINK_STYLE = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: 24,
  minHeight: 24,
  verticalAlign: 'middle',
  // a phone widens its tap area beyond the 24 px it shows (styles.css)
  position: 'relative',
} as const;

export function RuleLink({ chapter, children }: { chapter: ChapterId; children?: ReactNode }) {
  const { lang } = useI18n();
  const title = `${RULEBOOK_TITLE[lang]}: ${CHAPTER_TITLES[chapter][lang]}`;
  return (
    <a
      className="rule-link"
      href={rulebookLink(chapter)}
      title={title}
      aria-label={children ? undefined : title}
      data-chapter={chapter}
      style={LINK_STYLE}
      onClick={(e) => {
        if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey) return;
        e.preventDefault();
        openRulebook(chapter);
      }}
    >
      {children ?? (
        <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
          <path
            d="M2 3 q3 -1.5 6 0.5 q3 -2 6 -0.5 v10 q-3 -1.5 -6 0.5 q-3 -2 -6 -0.5 z"
            fill="#fff"
            stroke="#1d2b3a"
            strokeWidth="1.3"
          />
          <path d="M8 3.5 v10" stroke="#1d2b3a" strokeWidth="1.2" />
        </svg>
      )}
    </a>
  );
}

/** The link for a rule text known by its i18n key (`p_*` prompts, `t_*` tools, result keys);
 * nothing when no chapter explains that key. */
export function RuleLinkFor({ k }: { k: string }) {
  const chapter = chapterFor(k);
  return chapter ? <RuleLink chapter={chapter} /> : null;
}
