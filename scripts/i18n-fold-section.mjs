#!/usr/bin/env node
// Folds a section file written the old way -- packages/web/src/i18n/<name>.ts exporting
// <NAME>_EN, <NAME>_ZH and <NAME>_JA -- into the per-language catalogues: each object moves,
// unchanged, to i18n/en/<name>.ts, i18n/zh/<name>.ts, i18n/ja/<name>.ts, and each catalogue
// (i18n/en.ts, zh.ts, ja.ts) gets one import and one spread. The Chinese and Japanese objects are
// typed against the English one, so a missing key stays a compile error; they only load with
// their language.
//
//   node scripts/i18n-fold-section.mjs <name>      (then: npx prettier --write packages/web/src/i18n)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const I18N = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../packages/web/src/i18n');
const LANGS = ['en', 'zh', 'ja'];

const name = process.argv[2];
if (!name || !/^[a-z][\w-]*$/.test(name)) {
  console.error('usage: node scripts/i18n-fold-section.mjs <section name, e.g. table>');
  process.exit(2);
}
const file = path.join(I18N, `${name}.ts`);
const src = fs.readFileSync(file, 'utf8');
const NAME = name.toUpperCase().replace(/-/g, '_');

/** The `{ ... }` text of `export const <id>[: Type] = { ... };` (to its closing line `};`). */
function objectBody(id) {
  const start = new RegExp(`^export const ${id}\\b[^=]*=\\s*\\{\\s*$`, 'm').exec(src);
  if (!start) throw new Error(`${file}: no "export const ${id} = {" line`);
  const from = start.index + start[0].length;
  const end = src.indexOf('\n};', from);
  if (end < 0) throw new Error(`${file}: ${id} has no closing "};" line`);
  return src.slice(from, end + 1);
}

// The file's opening comment says what the strings are for; it stays with the English source.
const header = (/^(?:\/\/.*\n)+/.exec(src)?.[0] ?? '').trimEnd();
const enId = `${NAME}_EN`;
for (const lang of LANGS) {
  const id = `${NAME}_${lang.toUpperCase()}`;
  const body = objectBody(id);
  const out =
    lang === 'en'
      ? `${header ? header + '\n' : ''}export const ${id} = {${body}};\n`
      : `import type { Section } from '../section.js';\nimport type { ${enId} } from '../en/${name}.js';\n\n` +
        `export const ${id}: Section<typeof ${enId}> = {${body}};\n`;
  fs.mkdirSync(path.join(I18N, lang), { recursive: true });
  fs.writeFileSync(path.join(I18N, lang, `${name}.ts`), out);

  const catFile = path.join(I18N, `${lang}.ts`);
  let cat = fs.readFileSync(catFile, 'utf8');
  if (cat.includes(`./${lang}/${name}.js'`)) continue;
  const imports = [...cat.matchAll(/^import .*;\n/gm)];
  const last = imports[imports.length - 1];
  if (!last) throw new Error(`${catFile}: no import lines`);
  const at = last.index + last[0].length;
  cat = cat.slice(0, at) + `import { ${id} } from './${lang}/${name}.js';\n` + cat.slice(at);
  // the spread goes last in the catalogue object, whose closing line is the file's first "};"
  const close = cat.indexOf('\n};');
  cat = cat.slice(0, close) + `\n  ...${id},` + cat.slice(close);
  fs.writeFileSync(catFile, cat);
}
fs.rmSync(file);
console.log(`folded i18n/${name}.ts into i18n/{en,zh,ja}/${name}.ts and the three catalogues`);
