// Finds the parts of a source folder that import each other. A part is one top-level folder or
// root file of the folder: two parts that import each other cannot be read, changed or tested one
// without the other, so the layers stop being layers even when no file-level circle exists
// (scripts/import-cycles.mjs finds those). Imports are counted as import-cycles.mjs counts them
// (type-only and dynamic ones too).
// Usage: node scripts/part-pairs.mjs <src folder> [entry file ...]; an entry (a page's main.tsx)
// imports everything by design and is left out. Exit 1 when a pair exists.
import { relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importEdges } from './import-cycles.mjs';

/** The pairs of parts of `src` that import each other, each with the imports that make it
 * (`file -> file`, relative to `src`), sorted. */
export function partPairs(src, entries = []) {
  const part = (f) => relative(src, f).split(sep)[0];
  const across = new Map();
  for (const [from, targets] of importEdges([src])) {
    const a = part(from);
    if (entries.includes(a)) continue;
    for (const to of targets) {
      const b = part(to);
      if (a === b || b.startsWith('..')) continue;
      const key = `${a} ${b}`;
      if (!across.has(key)) across.set(key, new Set());
      across.get(key).add(`${relative(src, from)} -> ${relative(src, to)}`);
    }
  }
  const pairs = [];
  for (const [key, files] of across) {
    const [a, b] = key.split(' ');
    const back = across.get(`${b} ${a}`);
    if (a < b && back) pairs.push({ parts: [a, b], imports: [...files, ...back].sort() });
  }
  return pairs.sort((x, y) => x.parts.join(' ').localeCompare(y.parts.join(' ')));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [src, ...entries] = process.argv.slice(2);
  if (!src) throw new Error('usage: node scripts/part-pairs.mjs <src folder> [entry file ...]');
  const pairs = partPairs(src, entries);
  for (const p of pairs) console.log(`${p.parts.join(' <-> ')}\n  ${p.imports.join('\n  ')}`);
  console.log(`${pairs.length} pair${pairs.length === 1 ? '' : 's'} of parts importing each other in ${src}`);
  process.exitCode = pairs.length ? 1 : 0;
}
