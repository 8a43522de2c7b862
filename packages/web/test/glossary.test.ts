// Words from the seeds: every UI string uses the glossary's terms. The scan reads
// every source file under packages/web/src, so strings other parts add in new files are covered too.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Lang } from '../src/i18n/lookup.js';
import { DICTS } from '../src/i18n/all.js';
import { GLOSSARY, WORD_PLACEHOLDERS } from '../src/rulebook/glossary.js';
import { glossaryMarkdown } from '../src/rulebook/glossary-doc.js';
import { WEB, ROOT } from './paths.js';

const SRC = path.join(WEB, 'src');
/** The glossary itself holds the wrong variants as data. */
const EXEMPT = new Set(['rulebook/glossary.ts', 'rulebook/glossary-doc.ts']);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.(ts|tsx)$/.test(e.name) && !EXEMPT.has(path.relative(SRC, p).split(path.sep).join('/')) ? [p] : [];
  });
}

/** String literals and JSX text of a source file (comments removed first). */
function literals(file: string): string[] {
  const code = fs
    .readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
  const out: string[] = [];
  const re = /'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`|>([^<>{}]+)</g;
  for (let m; (m = re.exec(code));) out.push(m[1] ?? m[2] ?? m[3] ?? m[4] ?? '');
  return out.filter((s) => /[\u3040-\u30ff\u4e00-\u9fff]/.test(s));
}

const KANA = /[\u3040-\u30ff]/;
const CJK = '[\\u3000-\\u30ff\\u4e00-\\u9fff\\uff00-\\uffef]';
const WORDS = WORD_PLACEHOLDERS.join('|');
const STRAY_SPACE = new RegExp(`\\{(?:${WORDS})\\} (?=${CJK})|(?<=${CJK}) \\{(?:${WORDS})\\}`);

function wrongIn(s: string, lang: 'zh' | 'ja'): string[] {
  return GLOSSARY.flatMap((t) =>
    (t.wrong?.[lang] ?? []).filter((w) => new RegExp(w).test(s)).map((w) => `${w} (use ${t[lang]})`),
  );
}

const all = sourceFiles(SRC).flatMap((f) =>
  literals(f).map((s) => ({ file: path.relative(SRC, f), s, lang: KANA.test(s) ? ('ja' as const) : ('zh' as const) })),
);

describe('glossary: UI strings use the seeds’ words', () => {
  it('finds the catalogues it scans (the zh and ja core and log sections at least)', () => {
    const files = new Set(all.map((x) => x.file.split(path.sep).join('/')));
    for (const lang of ['zh', 'ja'])
      for (const section of ['core', 'log']) expect(files).toContain(`i18n/${lang}/${section}.ts`);
    expect(all.length).toBeGreaterThan(400);
  });

  it('no string in any source file uses a known wrong variant', () => {
    // A string without kana may be Chinese or Japanese kanji: it is checked against both lists.
    const bad = all.flatMap(({ file, s, lang }) =>
      (lang === 'ja' ? wrongIn(s, 'ja') : [...wrongIn(s, 'zh'), ...wrongIn(s, 'ja')]).map(
        (w) => `${file}: "${s}": ${w}`,
      ),
    );
    expect(bad).toEqual([]);
  });

  it('no stray space between a name placeholder and Chinese or Japanese text ("梅鲁 已激活")', () => {
    const bad = all.filter(({ s }) => STRAY_SPACE.test(s)).map(({ file, s }) => `${file}: "${s}"`);
    expect(bad).toEqual([]);
  });

  it('every glossary term appears where the dictionaries name it, in all three languages', () => {
    const missing: string[] = [];
    for (const t of GLOSSARY)
      for (const key of t.keys ?? [])
        for (const lang of ['en', 'zh', 'ja'] as Lang[]) {
          const text = (DICTS[lang] as Record<string, unknown>)[key];
          expect(typeof text, `${lang}.${key} exists`).toBe('string');
          const want = lang === 'en' ? t.en.replace(/ \(.*\)$/, '') : t[lang];
          // English may reorder the words of a term ("Move an immortal" for "Immortal move").
          const has =
            lang === 'en'
              ? want
                  .toLowerCase()
                  .split(/\s+/)
                  .every((w) => String(text).toLowerCase().includes(w))
              : String(text).includes(want);
          if (!has) missing.push(`${lang}.${key} = "${String(text)}" lacks "${want}" (${t.id})`);
        }
    expect(missing).toEqual([]);
  });

  it('the terms themselves are consistent: no term is another term’s wrong variant, ids are unique', () => {
    const ids = GLOSSARY.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const t of GLOSSARY) {
      expect(wrongIn(t.zh, 'zh'), t.id).toEqual([]);
      expect(wrongIn(t.ja, 'ja'), t.id).toEqual([]);
      if (t.zhFrom === 'seed 004' || t.jaFrom === 'seed 003') expect(t.en).not.toBe('');
    }
  });

  it('the check catches the off-glossary variants the UI once had (it would have failed before the fix)', () => {
    expect(wrongIn('回答关于“{feature}”的询问：心灵滑移', 'zh')).toEqual(['心灵滑移 (use 心灵逃脱)']);
    expect(wrongIn('叛变特工获胜', 'zh')).toEqual(['叛变特工 (use 反叛特工)']);
    expect(wrongIn('心理笔记', 'zh')).toEqual(['心理笔记 (use 心灵笔记)']);
    expect(wrongIn('リクルーターの手番', 'ja')).toEqual(['リクルーター (use 採用官)']);
    expect(wrongIn('質問：{feature}', 'ja')).toEqual(['質問 (use 尋問)']);
    expect(wrongIn('特徴物を選ぶ', 'ja')).toEqual([]);
    expect(STRAY_SPACE.test('{agent} 已激活')).toBe(true);
    expect(STRAY_SPACE.test('{agent}已激活：最多移动 2 格')).toBe(false);
    // Shakedown was 尋問, the Ask's word: the key check names it.
    expect(DICTS.ja.t_shakedown).toBe('強制捜査');
    expect(DICTS.ja.t_ask).toContain('尋問');
  });

  it('docs/glossary.md is the rendering of the glossary list', () => {
    const file = path.join(ROOT, 'docs/glossary.md');
    if (process.env.UPDATE_GLOSSARY) fs.writeFileSync(file, glossaryMarkdown());
    expect(fs.readFileSync(file, 'utf8')).toBe(glossaryMarkdown());
  });
});
