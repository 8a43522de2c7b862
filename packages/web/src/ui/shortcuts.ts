// The table's keyboard shortcuts, defined once: the table's key handler (table/keyboard.ts), its
// help overlay and the rulebook's "Keyboard" chapter (rulebook/keyboard-chapter.ts) all read this
// list. A shortcut only presses a button that is on screen; where none is, the key does nothing,
// so no rule lives here.
import type { StringKey } from '../i18n/lookup.js';
import type { TABLELAYOUT_EN } from '../i18n/en/tablelayout.js';
import type { COMMANDS_EN } from '../i18n/en/commands.js';
import type { Section } from '../i18n/section.js';

type Key = StringKey;
/** The words of the shortcuts' and commands' sections in one language (i18n/<lang>/tablelayout.ts
 * and commands.ts): the rulebook of that language imports just these, not the whole catalogue. */
export type Words = Section<typeof TABLELAYOUT_EN & typeof COMMANDS_EN>;

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
  // the one question the table asks before a costly click (a capture, an early end: table/ConfirmDialog.tsx)
  { keys: ['c'], what: 'kb_confirm', press: '[data-ask=confirm]' },
  { keys: ['e'], what: 'kb_end', labels: ['t_endActivation', 't_endTurn'] },
  { keys: ['b'], what: 'kb_board', focus: 'svg.board [role=gridcell][tabindex="0"]' },
  { keys: ['l'], what: 'kb_log', focus: '#table-log' },
  { keys: ['a'], what: 'kb_ask', focus: 'section.actions [data-cmd=ask]' },
  { keys: ['/'], what: 'kb_command', focus: '#table-command' },
  { keys: ['?'], what: 'kb_help', help: true },
];

/** How a key is written in the help and the rulebook. */
export const keyName = (k: string): string => (k.length === 1 ? k.toUpperCase() : k);
