// No import circles in the server (issue 26 §4; docs/architecture.md "No import circles"): found
// by scripts/import-cycles.mjs, which `node scripts/import-cycles.mjs` runs over every package.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script without type declarations
import { importCycles } from '../../../scripts/import-cycles.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

describe('import cycles', () => {
  it('no two files of packages/server/src import each other, directly or around a loop', () => {
    const cycles = (importCycles as (roots: string[], cwd: string) => string[][])(
      [path.join(root, 'packages/server/src')],
      root,
    );
    // The one left is issue 26 §1's (one definition of each message, another workstream): when
    // schemas.ts and store/types.ts stop importing each other, this list is empty.
    expect(cycles).toEqual([['packages/server/src/schemas.ts', 'packages/server/src/store/types.ts']]);
  });
});
