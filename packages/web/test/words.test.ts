// The words on the table and the catalogues' shape: each test names
// what it pins. Positions and log lines come from real games played by the engine.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  apply,
  expectedSeats,
  legalActions,
  newGame,
  view,
  type Action,
  type GameState,
  type SeenEvent,
} from '@mindmgmt/engine';
import { pluralForm, type Lang } from '../src/i18n/lookup.js';
import { DICTS, i18nFor } from '../src/i18n/all.js';
import { eventText, resultText } from '../src/table/log.js';
import { chapterFor } from '../src/rulebook/chapters.js';
import { GLOSSARY } from '../src/rulebook/glossary.js';
import { describeAction } from '../src/table/describe.js';
import { WEB } from './paths.js';

const SRC = path.join(WEB, 'src');
const LANGS = ['en', 'zh', 'ja'] as const;
const term = (id: string) => GLOSSARY.find((t) => t.id === id)!;

function playUntil(s: GameState, stop: (s: GameState) => boolean, pick = (as: Action[]) => as[0]!): GameState {
  for (let i = 0; i < 2000 && !stop(s); i++) {
    const seat = expectedSeats(s)[0]!;
    const r = apply(s, pick(legalActions(s, seat)));
    if (!r.ok) throw new Error(r.message);
    s = r.state;
  }
  return s;
}
// end actions last, so each turn does something on the board
const busy = (as: Action[]) => as.find((a) => a.type !== 'endTurn' && a.type !== 'endActivation') ?? as[0]!;

/** Every string of a catalogue, plural forms included, with its key. */
function strings(lang: Lang): [string, string][] {
  const out: [string, string][] = [];
  const walk = (k: string, v: unknown): void => {
    if (typeof v === 'string') out.push([k, v]);
    else if (v && typeof v === 'object') for (const [kk, vv] of Object.entries(v)) walk(`${k}.${kk}`, vv);
  };
  for (const [k, v] of Object.entries(DICTS[lang])) walk(k, v);
  return out;
}

// A full game played to its end by first-legal moves, in the recruiter's and an agent's view.
const finished = playUntil(newGame({ mode: 'full', agentSeats: 2 }, 5), (x) => view(x, 0).result !== null, busy);
const logs: Record<'recruiter' | 'agent', readonly SeenEvent[]> = {
  recruiter: view(finished, 0).log,
  agent: view(finished, 1).log,
};

describe('catalogues', () => {
  it('plurals come from Intl.PluralRules: "1 location", "3 locations"; Chinese and Japanese have one form', () => {
    const en = i18nFor('en');
    expect(en.t('dedCandidates', { n: 1 })).toBe('The recruiter can be on 1 location');
    expect(en.t('dedCandidates', { n: 3 })).toBe('The recruiter can be on 3 locations');
    expect(en.t('dedAgentsConsider', { n: 1 })).toBe('The agents can only consider 1 location');
    expect(i18nFor('zh').t('dedAgentsConsider', { n: 1 })).toBe('特工只需考虑 1 个地点');
    expect(pluralForm('ja', { other: '{n} か所' }, 1)).toBe('{n} か所');
    // no plural spelled as an extra key any more
    for (const lang of LANGS) expect(Object.keys(DICTS[lang]).filter((k) => /One$/.test(k))).toEqual([]);
  });

  it('no "recruit(s)": the log counts recruits in the reader’s grammar', () => {
    for (const lang of LANGS) for (const [k, s] of strings(lang)) expect(s, `${lang} ${k}`).not.toMatch(/\(s\)/);
    const en = i18nFor('en');
    expect(en.t('lg_alert', { n: 1 })).toBe(' Red alert: 1 recruit revealed.');
    expect(en.t('lg_alert', { n: 2 })).toBe(' Red alert: 2 recruits revealed.');
  });

  it('Chinese and Japanese are their own chunks: the first-load code imports only English', () => {
    const i18n = fs.readFileSync(path.join(SRC, 'i18n/lookup.ts'), 'utf8');
    expect(i18n).toMatch(/import\('\.\/zh\.js'\)/);
    expect(i18n).toMatch(/import\('\.\/ja\.js'\)/);
    const statics = [...i18n.matchAll(/^import (?!type).*from '([^']+)'/gm)].map((m) => m[1]);
    expect(statics).not.toContain('./zh.js');
    expect(statics).not.toContain('./ja.js');
    expect(statics).not.toContain('./all.js');
  });
});

describe('words on the table', () => {
  it('"Exposed recruiter cards" is named for what a shakedown exposes: feature cards, in three languages', () => {
    const card = term('feature-card');
    for (const lang of LANGS) {
      const s = DICTS[lang].exposed;
      expect(s.toLowerCase()).toContain(card[lang].toLowerCase());
      expect(s).not.toContain(term('recruiter')[lang]);
    }
    expect(chapterFor('exposed')).toBe('shakedown');
  });

  it('bots are named in the page’s language ("Bot (easy)" was English in zh and ja)', () => {
    expect(i18nFor('zh').player('Bot (easy)')).toBe('电脑（简单）');
    expect(i18nFor('ja').player('Bot (expert)')).toBe(`ボット（${DICTS.ja.lvExpert}）`);
    expect(i18nFor('en').player('Bot (hard)')).toBe('Bot (hard)');
    expect(i18nFor('zh').player('Bot (easy) fan')).toBe('Bot (easy) fan');
  });

  it('the log names who placed mayhem, not "特工座位 1"', () => {
    const placed = logs.agent.filter((e) => e.pub.kind === 'mayhemPlaced' && e.pub.seat !== 0);
    expect(placed.length).toBeGreaterThan(0);
    const names = new Map([
      [1, 'Ann'],
      [2, 'Bot (hard)'],
    ]);
    for (const lang of ['zh', 'ja'] as const) {
      const i18n = i18nFor(lang);
      for (const e of placed) {
        const text = eventText(i18n, e, names);
        expect(text).not.toContain(DICTS[lang].seatN.replace(' {n}', ''));
        expect(text).toContain(e.pub.kind === 'mayhemPlaced' && e.pub.seat === 1 ? 'Ann' : DICTS[lang].lvHard);
      }
    }
  });

  it('times read "8:00" in every language: no "在 8:00 点", no "8:00 時"', () => {
    const clocks = /\d:00\s*[点時]|\d点/;
    let timed = 0;
    for (const lang of ['zh', 'ja'] as const) {
      const i18n = i18nFor(lang);
      for (const e of [...logs.recruiter, ...logs.agent]) {
        const text = eventText(i18n, e);
        if (/\d:00/.test(text)) timed++;
        expect(text, e.pub.kind).not.toMatch(clocks);
      }
      for (const reason of ['capture', 'time', 'recruits'] as const)
        expect(resultText(i18n, { winner: 'agents', reason, time: 8 } as never)).not.toMatch(clocks);
    }
    expect(timed).toBeGreaterThan(10);
  });

  it('D14: an abandoned game names no winner and says it was not rated, in every language', () => {
    const r = { winner: null, reason: 'abandoned', time: 9 } as const;
    const won = new Set<string>();
    for (const lang of LANGS) {
      const i18n = i18nFor(lang);
      const text = resultText(i18n, r);
      for (const k of ['winRecruiter', 'winAgents'] as const) expect(text).not.toContain(i18n.t(k));
      expect(text).toContain(i18n.t('winNobody'));
      expect(text).toContain(i18n.t('r_abandoned'));
      won.add(i18n.t('r_abandoned'));
    }
    expect(won.size).toBe(3);
  });

  it('the recruiter’s secret notes in the log use the language’s brackets, not raw "[秘密：…]"', () => {
    const secret = logs.recruiter.filter((e) => e.secret);
    expect(secret.length).toBeGreaterThan(0);
    for (const lang of ['zh', 'ja'] as const)
      for (const e of secret) {
        const text = eventText(i18nFor(lang), e);
        expect(text).not.toMatch(/[[\]]/);
        expect(text).toMatch(/（秘密：.*）$/);
      }
  });

  it('Chinese and Japanese text has full-width colons only, in the catalogues and around lookups in the pages', () => {
    for (const lang of ['zh', 'ja'] as const)
      for (const [k, s] of strings(lang)) expect(s, `${lang} ${k}`).not.toMatch(/(?<!\d):|:(?!\d)/);
    expect(DICTS.zh.colon).toBe('：');
    // "{t('path')}: …" put an ASCII colon after a translated label in every language
    const sources = fs
      .readdirSync(SRC, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.tsx'))
      .flatMap((f) =>
        fs
          .readFileSync(path.join(SRC, f), 'utf8')
          .split('\n')
          .map((line, i) => ({ at: `${f}:${i + 1}`, line })),
      );
    const lookupThenColon = /\b(?:t|agent)\((?:'[^']*'|`[^`]*`)(?:, \{[^}]*\})?\)\}:|<\/b>:/;
    expect(sources.filter((x) => lookupThenColon.test(x.line)).map((x) => x.at)).toEqual([]);
  });

  it('placing the second token is planned as "2nd mind slip token on C4", not "Mind slip on C4"', () => {
    const s = playUntil(newGame({ mode: 'full', agentSeats: 1 }, 3), (x) =>
      legalActions(x, expectedSeats(x)[0]!).some((a) => a.type === 'placeMindSlip'),
    );
    const seat = expectedSeats(s)[0]!;
    const place = legalActions(s, seat).find((a) => a.type === 'placeMindSlip')!;
    for (const lang of LANGS) {
      const text = describeAction(i18nFor(lang), place, view(s, seat));
      expect(text).toContain(DICTS[lang].secondMindSlip);
    }
  });

  it('the campaign panel says "package 1" and "at most 40", not "1–1" and "≤ 40"', () => {
    const en = i18nFor('en');
    expect(en.t('cp_openedUpTo', { n: 1 })).toBe('package 1');
    expect(en.t('cp_openedUpTo', { n: 3 })).toBe('packages 1–3');
    expect(i18nFor('zh').t('cp_openedUpTo', { n: 1 })).not.toContain('1–1');
    expect(en.t('cp_myModulesMax', { role: 'Recruiter', max: 40 })).toContain('at most 40');
    const panel = fs.readFileSync(path.join(SRC, 'players/Campaign.tsx'), 'utf8');
    expect(panel).not.toMatch(/≤|`1–/);
  });

  it('the rulebook’s word list shows players no "(seed 004)" tags (they stay in docs/glossary.md)', () => {
    const book = fs.readFileSync(path.join(SRC, 'rulebook/Rulebook.tsx'), 'utf8');
    expect(book).not.toMatch(/zhFrom|jaFrom/);
    const doc = fs.readFileSync(path.join(WEB, '../../docs/glossary.md'), 'utf8');
    expect(doc).toContain('(seed 004)');
  });

  it('docs/glossary.md: the Mayhem note counts seed 003’s 群集; no "not" list names a word twice', () => {
    const doc = fs.readFileSync(path.join(WEB, '../../docs/glossary.md'), 'utf8');
    expect(doc.split('\n').find((l) => l.startsWith('| Mayhem'))).toMatch(/群集 4 times/);
    for (const row of doc.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| English'))) {
      const not = row.split(' | ')[3] ?? '';
      for (const list of not.split(';')) {
        const words = list.match(/`[^`]+`/g) ?? [];
        expect(new Set(words).size, row).toBe(words.length);
      }
    }
  });

  it('seed terms: zh 足迹 (not 足迹标记), ja マス (not 場所) and 隠密行動 (not 秘密の移動) everywhere', () => {
    for (const [k, s] of strings('zh')) expect(s, k).not.toContain('足迹标记');
    for (const [k, s] of strings('ja')) {
      expect(s, k).not.toMatch(/(?<!居)場所/);
      expect(s, k).not.toContain('秘密の移動');
    }
    expect(DICTS.ja.p_setupSteps).toContain('隠密行動');
  });
});
