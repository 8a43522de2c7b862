// The engine's refusals in the player's language ("clear refusals", zh/ja passes).
// The engine answers an illegal action with a stable code, an English sentence and, where the
// sentence is one a player can meet by clicking, its parameters (`v` picks which of the code's
// sentences). That sentence is translated with its details; every other refusal gets its code's
// general sentence; only an unknown code shows the English text. The sentences are the
// catalogues' `refusals` (i18n/zh/refusals.ts, ja/refusals.ts); game terms come in as {params}
// from the catalogues, so the glossary decides them.
// The ruling ids the engine cites (R20, R21) are for developers and logs: the player's rulebook
// never names them, so a player reads the refusal without them and gets a link to the rulebook
// chapter that explains the rule instead (`refusalChapter`).
import type { I18n } from '../i18n.js';
import { rulingChapter, type ChapterId } from '../rulebook/chapters.js';

export interface Refusal {
  code: string;
  message: string;
  params?: Readonly<Record<string, string | number>>;
}

/** The refusal in the player's language: its own sentence when the engine sent the parameters
 * for one, else its code's general sentence; the engine's English text only for a code the client
 * does not know. */
export function refusalText(i18n: I18n, e: Refusal): string {
  return translatedRefusal(i18n, e) ?? withoutRulings(e.message);
}

/** The ruling ids a refusal cites, in order: from its parameters and its English text. */
export function citedRulings(e: Refusal): string[] {
  const ids = [typeof e.params?.rule === 'string' ? e.params.rule : '', ...(e.message.match(/\bR\d+\b/g) ?? [])];
  return [...new Set(ids.filter((x) => /^R\d+$/.test(x)))];
}

/** The rulebook chapter that explains a refusal: the one of the first ruling it cites that the
 * rulebook covers; null when it cites none (not your turn, game over). */
export function refusalChapter(e: Refusal): ChapterId | null {
  for (const id of citedRulings(e)) {
    const c = rulingChapter(id);
    if (c) return c;
  }
  return null;
}

/** The engine's English sentence without its ruling ids: "(R20, R21)" goes, "(R5: times 2..5)"
 * keeps its words. */
export function withoutRulings(message: string): string {
  const id = /^\s*(?:[RD]\d+(?:\s*-\s*[RD]?\d+)?|issue \d+(?: item \d+)?)\s*$/;
  return message
    .replace(/\s*\(([^()]*)\)/g, (whole, inner: string) => {
      if (!/^\s*[RD]\d+/.test(inner)) return whole;
      const words = inner
        .split(/[,;:]/)
        .map((x) => x.trim())
        .filter((x) => x && !id.test(x));
      return words.length ? ` (${words.join(', ')})` : '';
    })
    .replace(/\s+([.,;])/g, '$1');
}

/** The refusal in the player's language (English: the engine's own text), or null when it has no
 * translation. */
export function translatedRefusal(i18n: I18n, e: Refusal): string | null {
  if (i18n.lang === 'en') return withoutRulings(e.message);
  return specific(i18n, e) ?? generic(i18n, e);
}

/** The code's one sentence. */
function generic(i18n: I18n, e: Refusal): string | null {
  const sentence = i18n.dict.refusals?.generic[e.code];
  return sentence ? fill(i18n, sentence, {}) : null;
}

function specific(i18n: I18n, e: Refusal): string | null {
  const table = i18n.dict.refusals?.specific;
  const p = e.params;
  if (!table || !p) return null;
  const v = typeof p.v === 'string' ? p.v : null;
  const sentence = v ? table[`${e.code}.${v}`] : table[e.code];
  if (!sentence) return null;
  return fill(i18n, sentence, p);
}

function fill(i18n: I18n, sentence: string, p: Readonly<Record<string, string | number>>): string | null {
  const { t } = i18n;
  const words: Record<string, string | number> = {
    immortal: t('immortal'),
    mayhem: t('mayhem'),
    stepToken: t('stepToken'),
    mindSlip: t('mindSlip'),
    temple: t('temple'),
    confirmedNote: t('confirmedNote'),
    recruiter: t('recruiter'),
  };
  for (const [k, val] of Object.entries(p)) {
    if (k === 'agent') words.agent = i18n.agent(String(val));
    else if (k === 'feature') words.feature = i18n.feature(String(val) as Parameters<I18n['feature']>[0]);
    else if (k !== 'v' && k !== 'rule') words[k] = val;
  }
  const out = sentence.replace(/\{(\w+)\}/g, (m, k: string) => (k in words ? String(words[k]) : m));
  // a placeholder the engine did not fill: the translation does not fit this refusal
  return /\{\w+\}/.test(out) ? null : out;
}
