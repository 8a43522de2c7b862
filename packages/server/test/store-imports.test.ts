// The store is below the parts that use it: cluster/ (following other instances' commits) and
// players/ (the players' rules) import the store's contracts, and the store imports nothing of
// them, so each can be read without the other. The shapes the store keeps are declared with it
// (store/players/campaign-ledger.ts, the chat policy), and so is the sealing of its bus (store/pg/seal.ts).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');
const IMPORT =
  /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s+)?['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

function files(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory() ? files(path.join(dir, e.name)) : /\.ts$/.test(e.name) ? [path.join(dir, e.name)] : [],
    );
}

/** Every relative import of the files under `part`, as the part of src/ it lands in. */
function importedParts(part: string): { from: string; to: string }[] {
  return files(path.join(src, part)).flatMap((f) =>
    [...fs.readFileSync(f, 'utf8').matchAll(IMPORT)].map((m) => {
      const to = path.relative(src, path.resolve(path.dirname(f), m[1] ?? m[2]!));
      return { from: path.relative(src, f), to: to.split(path.sep)[0]! };
    }),
  );
}

it('the store imports nothing of cluster/ or players/ (they import the store)', () => {
  expect(importedParts('store').filter((x) => x.to === 'cluster' || x.to === 'players')).toEqual([]);
  // the test can fail: cluster/ does import the store
  expect(importedParts('cluster').some((x) => x.to === 'store')).toBe(true);
});
