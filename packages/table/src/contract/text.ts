// What free text from players may contain (names, table titles, note texts):
// no control characters (they corrupt logs and terminals, and newlines fake lobby lines), no
// bidirectional overrides or isolates (they reorder what others read: "Bot (hard)" spelled
// backwards), not only invisible characters, and for names nothing that reads as a bot or the
// system.

/** C0, DEL, C1, line/paragraph separators. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u;
/** Bidi embeddings, overrides, isolates and marks. */
const BIDI = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/u;
/** Characters that show nothing: format characters, spaces, combining marks alone, and the
 * fillers that fonts draw blank (Hangul fillers, braille blank). */
const INVISIBLE = /[\p{Cf}\p{Z}\p{M}\s\u115f\u1160\u3164\uffa0\u2800]/gu;

/** A run of combining marks longer than any script writes on one letter (one
 * letter with 299 marks draws over the lines around it). Vietnamese stacks 2, Indic and Tibetan
 * syllables a few; 8 leaves room for all of them. */
export const MAX_MARKS_IN_A_ROW = 8;
const MARK_FLOOD = new RegExp(`\\p{M}{${MAX_MARKS_IN_A_ROW + 1}}`, 'u');
/** Private-use characters: each device draws them differently (or not at all). */
const PRIVATE_USE = /\p{Co}/gu;
const SPACES = /[\p{Z}\s]/gu;
/** A UTF-16 half without its other half: not text (a database would store it altered). */
const LONE_SURROGATE = /\p{Surrogate}/u;

export function hasMarkFlood(s: string): boolean {
  return MARK_FLOOD.test(s);
}
/** Text whose every visible character is a private-use one. */
export function privateUseOnly(s: string): boolean {
  const shown = s.replace(SPACES, '');
  return shown.length > 0 && shown.replace(PRIVATE_USE, '').length === 0;
}
export function hasLoneSurrogate(s: string): boolean {
  return LONE_SURROGATE.test(s);
}

export function hasControl(s: string): boolean {
  return CONTROL.test(s);
}
export function hasBidi(s: string): boolean {
  return BIDI.test(s);
}
export function invisibleOnly(s: string): boolean {
  return s.length > 0 && s.replace(INVISIBLE, '').length === 0;
}

/** Look-alikes folded to the Latin letters they imitate (after NFKC and lower-casing). */
const FOLD: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  $: 's',
  '@': 'a',
  '!': 'i',
  '|': 'i',
  l: 'i',
  а: 'a',
  е: 'e',
  о: 'o',
  р: 'p',
  с: 'c',
  у: 'y',
  х: 'x',
  ѕ: 's',
  і: 'i',
  ј: 'j',
  т: 't',
  в: 'b',
  м: 'm',
  н: 'h',
  к: 'k',
  α: 'a',
  ο: 'o',
  ε: 'e',
  τ: 't',
  ι: 'i',
  β: 'b',
  ν: 'v',
  κ: 'k',
};

/** A name's skeleton: NFKC, lower case, look-alikes folded, only letters kept. */
export function skeleton(name: string): string {
  return folded(name, /\p{L}/u);
}

/** A sign-in handle's key: folded as names are, digits kept (the folds already
 * turn 0/1/3/4/5/7 into the letters they imitate), so "Bea", "BEA" and "Bеa" (Cyrillic е) are one
 * handle while "bea2" and "bea8" stay two. */
export function handleKey(handle: string): string {
  return folded(handle, /[\p{L}\p{N}]/u);
}

function folded(name: string, keep: RegExp): string {
  let out = '';
  for (const ch of name.normalize('NFKC').toLowerCase()) {
    const c = FOLD[ch] ?? ch;
    if (keep.test(c)) out += c;
  }
  return out;
}

/** Skeletons a player's name may not have: the bots' names ("Bot (hard)") and the system's. */
const RESERVED = new Set(
  [
    'bot',
    'botrandom',
    'boteasy',
    'bothard',
    'botexpert',
    'robot',
    'system',
    'server',
    'admin',
    'administrator',
    'moderator',
    'mod',
    'mindmgmt',
    'referee',
    // Spectators are named this way in chat, in each language of the client.
    'spectator',
    '观众',
    '觀眾',
    '観戦者',
    '観客',
  ].map((n) => skeleton(n)),
);

export function impersonates(name: string): boolean {
  const k = skeleton(name);
  return RESERVED.has(k) || /^bot(random|easy|hard|expert|ai|player)?$/.test(k) || k.startsWith('system');
}
