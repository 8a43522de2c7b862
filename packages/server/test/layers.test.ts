// The parts of the server are layers: a part is a top-level folder of packages/server/src (a file
// left in its root is a part of its own), and no two parts import each other. Two parts that do
// cannot be read, tested or changed one without the other, and the one above cannot be replaced
// (a bot driver without the master, a transport without the game service). The entries
// (index.ts, main.ts) import every part and nothing imports them: they are the top, not a part.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script without type declarations
import { importEdges } from '../../../scripts/import-cycles.mjs';
// @ts-expect-error -- a plain .mjs script without type declarations
import { partPairs } from '../../../scripts/part-pairs.mjs';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');
const ENTRIES = new Set(['index.ts', 'main.ts']);

/** Pairs still broken on another branch that moves the store's files: each must still import the
 * other here (a pair that no longer does fails, so the entry cannot outlive its reason). */
const PENDING = new Set<string>([]);

interface Pair {
  parts: [string, string];
  imports: string[];
}

/** For each pair of parts importing each other ("a <-> b", a < b): the imports each way. */
function mutualParts(): Map<string, string[]> {
  const pairs = (partPairs as (src: string, entries: string[]) => Pair[])(src, [...ENTRIES]);
  return new Map(pairs.map((p) => [p.parts.join(' <-> '), p.imports]));
}

describe('layers of packages/server/src', () => {
  const mutual = mutualParts();

  it('no two parts import each other (the offending imports are listed)', () => {
    const offending = [...mutual].filter(([pair]) => !PENDING.has(pair));
    expect(offending.map(([pair, files]) => `${pair}:\n  ${files.join('\n  ')}`).join('\n')).toBe('');
  });

  it('each pair left to another branch still imports each other (else drop it from PENDING)', () => {
    expect([...PENDING].filter((pair) => !mutual.has(pair))).toEqual([]);
  });

  it('nothing but the entries imports an entry', () => {
    const edges = (importEdges as (roots: string[]) => Map<string, string[]>)([src]);
    const intoEntries = [...edges].flatMap(([from, targets]) =>
      targets.filter((t) => path.dirname(t) === src && ENTRIES.has(path.basename(t))).map((t) => `${from} -> ${t}`),
    );
    expect(intoEntries.filter((e) => !ENTRIES.has(path.basename(e.split(' -> ')[0]!)))).toEqual([]);
  });
});
