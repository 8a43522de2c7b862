// The rulebook's content without a browser: every chapter written in all three languages with the
// same diagrams, links between chapters that exist, stable deep-link addresses, and a chapter for
// every prompt and tool of the table (chapterFor, for RuleLinks next to them).
import { describe, expect, it } from 'vitest';
import { DICTS } from '../src/i18n/all.js';
import {
  CHAPTERS,
  CHAPTER_TITLES,
  chapterFor,
  chapterOfHash,
  isChapter,
  rulebookLink,
} from '../src/rulebook/chapters.js';
import type { Block, RulebookText } from '../src/rulebook/content.js';
import en from '../src/rulebook/text-en.js';
import ja from '../src/rulebook/text-ja.js';
import zh from '../src/rulebook/text-zh.js';

const BOOKS: Record<'en' | 'zh' | 'ja', RulebookText> = { en, zh, ja };
const diagrams = (b: readonly Block[]) => b.flatMap((x) => ('diagram' in x ? [x.diagram] : []));

describe('rulebook content', () => {
  it('has every chapter, titled and written, in English, Chinese and Japanese', () => {
    for (const [lang, book] of Object.entries(BOOKS) as ['en' | 'zh' | 'ja', RulebookText][]) {
      expect(Object.keys(book.chapters).sort(), lang).toEqual([...CHAPTERS].sort());
      for (const id of CHAPTERS) {
        expect(CHAPTER_TITLES[id][lang].length, `${lang} ${id} title`).toBeGreaterThan(0);
        expect(book.chapters[id].length, `${lang} ${id}`).toBeGreaterThan(0);
      }
    }
  });

  it('shows the same diagrams in the same chapters in every language', () => {
    for (const id of CHAPTERS) {
      expect(diagrams(zh.chapters[id]), id).toEqual(diagrams(en.chapters[id]));
      expect(diagrams(ja.chapters[id]), id).toEqual(diagrams(en.chapters[id]));
    }
    const all = CHAPTERS.flatMap((id) => diagrams(en.chapters[id]));
    expect(new Set(all)).toEqual(
      new Set(['board', 'step', 'mind-slip', 'immortal-move', 'mayhem', 'agent-move', 'meru']),
    );
  });

  it('cross-references point to chapters that exist, the same in every language', () => {
    for (const id of CHAPTERS) {
      const sees = (b: RulebookText) => b.chapters[id].flatMap((x) => ('see' in x ? x.see : []));
      for (const c of sees(en)) expect(isChapter(c)).toBe(true);
      expect(sees(zh)).toEqual(sees(en));
      expect(sees(ja)).toEqual(sees(en));
    }
  });

  it('deep links are stable addresses that parse back to their chapter', () => {
    for (const id of CHAPTERS) expect(chapterOfHash(rulebookLink(id))).toBe(id);
    expect(rulebookLink('ask')).toBe('#/rules/ask');
    expect(chapterOfHash('#/rules')).toBe('overview');
    expect(chapterOfHash('#/rules/nope')).toBe('overview');
    expect(chapterOfHash('#/g/abc')).toBeNull();
    expect(chapterOfHash('#/')).toBeNull();
  });

  it('every prompt and action of the table has a chapter to link to', () => {
    const keys = Object.keys(DICTS.en).filter((k) => /^(p_|t_)/.test(k));
    // Tools that are not rules: resetting a planned move, its label, resigning.
    const notRules = new Set(['t_resetMove', 't_plannedMove', 't_resign']);
    const missing = keys.filter((k) => !notRules.has(k) && chapterFor(k) === null);
    expect(missing).toEqual([]);
    expect(chapterFor('p_agents_me')).toBe('setup');
    expect(chapterFor('p_agentsTurn_active_me')).toBe('agents-turn');
    expect(chapterFor('t_shakedown')).toBe('shakedown');
    expect(chapterFor('t_moveImmortal')).toBe('immortals');
    expect(chapterFor('p_answerAsk_me')).toBe('ask');
  });
});
