#!/usr/bin/env node
// Fails (exit 1) when a key of the web's catalogue is defined in two of its sections. The
// catalogues are spreads of their sections (packages/web/src/i18n/en.ts), so a second definition
// silently replaces the first in every language: the campaign panel was once titled with the
// Companion's title. Run by the web's build; checks the English sections, the source of every key
// (the other languages are typed against them, section by section).
//
//   node scripts/i18n-keys-once.mjs [section folder]     (default: packages/web/src/i18n/en)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The top-level keys of a section file: prettier writes them two spaces in, one per line. */
export function sectionKeys(src) {
  const keys = [];
  for (const m of src.matchAll(/^ {2}(?:([A-Za-z_$][\w$]*)|'([^']+)'|"([^"]+)")\s*:/gm))
    keys.push(m[1] ?? m[2] ?? m[3]);
  return keys;
}

/** Each key defined more than once in the folder's sections, with the files that define it. */
export function keysTwice(dir) {
  const where = new Map();
  for (const f of fs
    .readdirSync(dir)
    .filter((x) => x.endsWith('.ts'))
    .sort())
    for (const k of sectionKeys(fs.readFileSync(path.join(dir, f), 'utf8'))) where.set(k, [...(where.get(k) ?? []), f]);
  return [...where].filter(([, files]) => files.length > 1).map(([key, files]) => ({ key, files }));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = path.resolve(
    process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '../packages/web/src/i18n/en'),
  );
  const twice = keysTwice(dir);
  for (const { key, files } of twice) console.error(`i18n: "${key}" is defined in ${files.join(' and ')} (${dir})`);
  if (twice.length) process.exit(1);
}
