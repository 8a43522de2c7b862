// No import circles in the server (docs/architecture.md "No import circles"): found
// by scripts/import-cycles.mjs, which `node scripts/import-cycles.mjs` runs over every package.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script without type declarations
import { importCycles } from '../../../scripts/import-cycles.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

describe('import cycles', () => {
  it('no two files of any package import each other, directly or around a loop (type-only imports count)', () => {
    const cycles = (importCycles as (roots: string[], cwd: string) => string[][])(
      ['engine', 'ai', 'table', 'server', 'cli', 'web'].map((p) => path.join(root, 'packages', p, 'src')),
      root,
    );
    expect(cycles).toEqual([]);
  });
});
