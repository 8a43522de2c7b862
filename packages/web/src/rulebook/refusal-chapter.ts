// The rulebook chapter that explains a refusal: the player reads the refusal without the ruling
// ids (i18n/refusals.ts) and gets this chapter's link instead, found from the ruling the engine
// sends as data (`params.rule`), so a reworded sentence cannot lose or change the link.
import { ruleOf } from '@mindmgmt/engine';
import type { Refusal } from '../i18n/refusals.js';
import { rulingChapter, type ChapterId } from './chapters.js';

/** The rulebook chapter of the ruling the engine names in its data; null when it follows from
 * none (not your turn, game over) or from an engine decision (D12), which the player's rulebook
 * does not cover as such. */
export function refusalChapter(e: Refusal): ChapterId | null {
  const rule = ruleOf(e);
  return rule ? rulingChapter(rule) : null;
}
