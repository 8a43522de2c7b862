// What text people may put in front of other people (player names, chat). One set of rules, so a
// name and a chat line cannot disagree about what "invisible" or "control character" means.
//
// Refused: control characters (C0, C1, DEL: they rewrite terminals and logs), bidirectional
// embedding/override/isolate marks (they reorder what others read, "Trojan Source" style),
// unpaired surrogates (not text), and text that shows nothing (only spaces, zero-width or filler
// characters). Text is NFC-normalised first so one visible string has one stored form.
// Lengths count code points, so an emoji is one character and cannot be split in half.

export type TextProblem =
  'empty' | 'too-long' | 'control' | 'bidi' | 'invisible' | 'not-text' | 'marks' | 'private-use';

export const TEXT_PROBLEMS: Readonly<Record<TextProblem, string>> = {
  empty: 'is empty',
  'too-long': 'is too long',
  control: 'contains control characters',
  bidi: 'contains characters that reverse the reading direction',
  invisible: 'shows nothing',
  'not-text': 'is not valid text',
  marks: 'stacks too many accents on one letter',
  'private-use': 'uses only characters that each device draws differently',
};

// Which characters count as control, bidi or invisible is decided once, in text.ts, for
// every text shown to others (names, titles, notes, chat).
import { CHAT_MAX } from './caps.js';
import { hasBidi, hasControl, hasLoneSurrogate, hasMarkFlood, invisibleOnly, privateUseOnly } from './text.js';

export function codePoints(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

export type TextCheck =
  { readonly ok: true; readonly text: string } | { readonly ok: false; readonly problem: TextProblem };

/** Checks one line of text for display to others; returns it trimmed and NFC-normalised. */
export function checkText(raw: unknown, maxCodePoints: number): TextCheck {
  if (typeof raw !== 'string') return { ok: false, problem: 'not-text' };
  if (hasLoneSurrogate(raw)) return { ok: false, problem: 'not-text' };
  // Bounded before normalising: NFC of a huge input is work we do not owe anyone.
  if (raw.length > maxCodePoints * 4) return { ok: false, problem: 'too-long' };
  if (hasControl(raw)) return { ok: false, problem: 'control' };
  if (hasBidi(raw)) return { ok: false, problem: 'bidi' };
  const text = raw.normalize('NFC').trim();
  if (!text.length) return { ok: false, problem: 'empty' };
  if (codePoints(text) > maxCodePoints) return { ok: false, problem: 'too-long' };
  if (invisibleOnly(text)) return { ok: false, problem: 'invisible' };
  if (hasMarkFlood(text)) return { ok: false, problem: 'marks' };
  if (privateUseOnly(text)) return { ok: false, problem: 'private-use' };
  return { ok: true, text };
}

/** Why a chat line is refused (the schema answers `malformed` with the message; these tell the
 * cases apart for tests and logs). */
export type ChatTextProblem = 'chat_empty' | 'chat_too_long' | 'chat_bad_text';

export type ChatCheck =
  | { readonly ok: true; readonly text: string }
  | { readonly ok: false; readonly code: ChatTextProblem; readonly message: string };

/** One line of chat; returns it trimmed and NFC-normalised. */
export function checkChatText(raw: unknown): ChatCheck {
  const c = checkText(raw, CHAT_MAX);
  if (c.ok) return c;
  if (c.problem === 'empty' || c.problem === 'invisible')
    return { ok: false, code: 'chat_empty', message: 'The message shows nothing.' };
  if (c.problem === 'too-long')
    return { ok: false, code: 'chat_too_long', message: `A message has at most ${CHAT_MAX} characters.` };
  return { ok: false, code: 'chat_bad_text', message: `The message ${TEXT_PROBLEMS[c.problem]}.` };
}
