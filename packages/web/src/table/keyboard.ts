// The table's keyboard shortcuts, defined once: the key handler, the help overlay and the
// rulebook's "Keyboard" section all read this list. A shortcut only presses a
// button that is on screen; where none is, the key does nothing, so no rule lives here.
import { useEffect } from 'react';
import type { StringKey } from '../i18n.js';
import type { TABLELAYOUT_EN } from '../i18n/en/tablelayout.js';
import type { COMMANDS_EN } from '../i18n/en/commands.js';
import type { Section } from '../i18n/section.js';
import type { Block } from '../rulebook/content.js';

type Key = StringKey;
/** The words of the shortcuts' and commands' sections in one language (i18n/<lang>/tablelayout.ts
 * and commands.ts): the rulebook of that language imports just these, not the whole catalogue. */
type Words = Section<typeof TABLELAYOUT_EN & typeof COMMANDS_EN>;

export interface Shortcut {
  /** `KeyboardEvent.key` values (lower case for letters). */
  keys: readonly string[];
  /** What the help overlay shows for it. */
  what: keyof Words & Key;
  /** Buttons it presses (first one found) or elements it focuses, as CSS selectors. */
  press?: string;
  /** Button labels it presses when no selector matches (the buttons of the action panel). */
  labels?: readonly Key[];
  focus?: string;
  help?: true;
}

export const SHORTCUTS: readonly Shortcut[] = [
  // the undo helper's button (data-testid=undo), else the plan bar's
  { keys: ['u'], what: 'kb_undo', press: '[data-testid=undo], .stage-bar [data-stage=undo]' },
  // the one question the table asks before a costly click (a capture, an early end: controls.tsx)
  { keys: ['c'], what: 'kb_confirm', press: '[data-ask=confirm]' },
  { keys: ['e'], what: 'kb_end', labels: ['t_endActivation', 't_endTurn'] },
  { keys: ['b'], what: 'kb_board', focus: 'svg.board [role=gridcell][tabindex="0"]' },
  { keys: ['l'], what: 'kb_log', focus: '#table-log' },
  { keys: ['a'], what: 'kb_ask', focus: 'section.actions [data-cmd=ask]' },
  { keys: ['/'], what: 'kb_command', focus: '#table-command' },
  { keys: ['?'], what: 'kb_help', help: true },
];

/** The command words listed in the rulebook, in this order (table/commands.ts reads them). */
const COMMAND_VERBS = [
  'activate',
  'move',
  'ask',
  'reveal',
  'shakedown',
  'push',
  'capture',
  'scan',
  'nudge',
  'end',
  'undo',
  'slip',
  'immortal',
  'place',
  'start',
  'mayhem',
  'card',
  'answer',
  'none',
  'dolphin',
  'yes',
  'board',
  'row',
  'look',
  'pieces',
  'choices',
  'status',
  'odds',
  'help',
] as const;

/** How a key is written in the help and the rulebook. */
export const keyName = (k: string): string => (k.length === 1 ? k.toUpperCase() : k);

/** The rulebook's "Keyboard" chapter in one language, from the same list. */
export function keyboardChapter(words: Words): Block[] {
  const t = (k: keyof Words): string => String(words[k]);
  return [
    { p: t('kb_intro') },
    {
      list: [
        ...SHORTCUTS.map((s) => `${s.keys.map(keyName).join(' / ')}: ${t(s.what)}`),
        `← ↑ → ↓, Home, End, Enter: ${t('kb_arrowsText')}`,
      ],
    },
    { p: t('kb_shift') },
    { p: t('kb_commandsText') },
    { p: t('cmd_help') },
    { list: COMMAND_VERBS.map((v) => t(`cmd_w_${v}`).split('|').join(' / ')) },
    { p: t('kb_answers') },
  ];
}

/** A key typed into a field, or with a modifier, is not a shortcut. */
function typing(e: KeyboardEvent): boolean {
  if (e.ctrlKey || e.metaKey || e.altKey) return true;
  const el = e.target as HTMLElement | null;
  if (!el || !el.closest) return false;
  if (el.closest('input, textarea, select, [contenteditable=true]')) return true;
  // a dialog (capture confirmation, end of game) keeps its own keys
  // (the Confirm question answers C too)
  return (
    !!el.closest('[role=dialog]') &&
    !el.closest('.kb-help') &&
    !(e.key.toLowerCase() === 'c' && el.closest('[role=dialog]')?.querySelector('[data-ask=confirm]'))
  );
}

function findButton(s: Shortcut, label: (k: Key) => string): HTMLElement | null {
  if (s.press) {
    const el = document.querySelector<HTMLElement>(s.press);
    if (el) return el;
  }
  const names = new Set((s.labels ?? []).map(label));
  for (const b of document.querySelectorAll<HTMLButtonElement>('section.actions button'))
    if (names.has(b.textContent?.trim() ?? '')) return b;
  return null;
}

/** Listens on the document while the table is shown. */
export function useShortcuts(label: (k: Key) => string, toggleHelp: () => void): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (typing(e)) return;
      const s = SHORTCUTS.find((x) => x.keys.includes(e.key.length === 1 ? e.key.toLowerCase() : e.key));
      if (!s) return;
      if (s.help) {
        e.preventDefault();
        toggleHelp();
        return;
      }
      if (s.focus) {
        const el = document.querySelector<HTMLElement>(s.focus);
        if (el) {
          e.preventDefault();
          el.focus();
        }
        return;
      }
      const b = findButton(s, label);
      if (b && !(b as HTMLButtonElement).disabled && b.getAttribute('aria-disabled') !== 'true') {
        e.preventDefault();
        b.click();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [label, toggleHelp]);
}
