// The rulebook chapter that explains a refusal, found from the ruling ids it cites: the player
// reads the refusal without the ids (i18n/refusals.ts) and gets this chapter's link instead.
import type { Refusal } from '../i18n/refusals.js';
import { rulingChapter, type ChapterId } from './chapters.js';

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
