// Layers you can see in the web client: no two parts of src (a top-level folder or root file)
// import each other, so each part can be read with only the parts below it in mind. The entry
// (main.tsx) wires every screen together and is left out.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script without type declarations
import { partPairs } from '../../../scripts/part-pairs.mjs';
import { WEB } from './paths.js';

const SRC = path.join(WEB, 'src');
const ENTRIES = ['main.tsx'];

interface Pair {
  parts: [string, string];
  imports: string[];
}

const pairs = (partPairs as (src: string, entries: string[]) => Pair[])(SRC, ENTRIES);
const name = (p: readonly string[]) => p.join(' <-> ');

describe('web layers', () => {
  it('no two parts of packages/web/src import each other', () => {
    const found = pairs.map((p) => `${name(p.parts)}:\n  ${p.imports.join('\n  ')}`);
    expect(found, 'node scripts/part-pairs.mjs packages/web/src main.tsx').toEqual([]);
  });
});
