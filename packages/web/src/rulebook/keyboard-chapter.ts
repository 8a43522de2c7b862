// The rulebook's "Keyboard" chapter, written from the table's own shortcut list (ui/shortcuts.ts)
// and command words, so the book and the keys cannot disagree.
import type { Block } from './content.js';
import { keyName, SHORTCUTS, type Words } from '../ui/shortcuts.js';

/** The command words listed in the rulebook, in this order (table/commands.ts parses the same words). */
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
