// The live bots and every production host of bots (the server, its bot worker, the web) depend
// only on live code: the frozen yardstick is a reference only measurement imports, so a player can
// never be given it and changing it can never change play. And no files of packages/ai or
// packages/cli import each other in a loop (there were two: bots/index.ts <-> runner.ts,
// simulate.ts <-> simulate-pool.ts).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const PACKAGES = join(dirname(fileURLToPath(import.meta.url)), '../..');

function tsFiles(dir: string, ends: readonly string[] = ['.ts']): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return tsFiles(p, ends);
    return ends.some((e) => p.endsWith(e)) && !p.endsWith('.d.ts') ? [p] : [];
  });
}

/** Every module a file names in an import, export or dynamic import (bare or relative). */
function specifiersOf(file: string): string[] {
  const src = readFileSync(file, 'utf8');
  return [...src.matchAll(/(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)].map(
    (m) => (m[1] ?? m[2])!,
  );
}

/** Relative imports of a file (type-only ones too: a type circle is still a circle of files). */
function importsOf(file: string): string[] {
  const src = readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of src.matchAll(/(?:import|export)\s[^'"]*?from\s*'(\.[^']+)'|import\(\s*'(\.[^']+)'\s*\)/g)) {
    const spec = (m[1] ?? m[2])!;
    const target = resolve(dirname(file), spec).replace(/\.js$/, '.ts');
    out.push(existsSync(target) ? target : join(target, 'index.ts'));
  }
  return out;
}

/** Every import circle (as a list of files) found by depth-first search; each reported once. */
function circles(files: readonly string[]): string[][] {
  const edges = new Map(files.map((f) => [f, importsOf(f).filter((t) => files.includes(t))]));
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (f: string): void => {
    state.set(f, 'open');
    stack.push(f);
    for (const t of edges.get(f)!) {
      if (state.get(t) === 'open') found.push(stack.slice(stack.indexOf(t)));
      else if (!state.has(t)) visit(t);
    }
    stack.pop();
    state.set(f, 'done');
  };
  for (const f of files) if (!state.has(f)) visit(f);
  return found;
}

describe('imports', () => {
  it('the live bots never import the frozen yardstick or the measurement harness', () => {
    const bots = tsFiles(join(PACKAGES, 'ai/src/bots'));
    expect(bots.length).toBeGreaterThan(20);
    for (const f of bots)
      for (const t of importsOf(f))
        expect(relative(join(PACKAGES, 'ai/src'), t), relative(PACKAGES, f)).not.toMatch(/^reference\/|yardstick/);
  });

  it.each(['server/src', 'server/worker', 'web/src'])(
    'no production file of packages/%s imports the frozen reference (players get only makeBot)',
    (dir) => {
      const files = tsFiles(join(PACKAGES, dir), ['.ts', '.tsx', '.mjs']);
      expect(files.length).toBeGreaterThan(0);
      for (const f of files)
        for (const spec of specifiersOf(f)) {
          const target = spec.startsWith('.') ? relative(PACKAGES, resolve(dirname(f), spec)) : spec;
          expect(target, relative(PACKAGES, f)).not.toMatch(/^@mindmgmt\/ai\/yardstick|^ai\/src\/reference\//);
        }
    },
  );

  it.each(['ai/src', 'cli/src', 'ai/test', 'cli/test'])('no import circles in packages/%s', (dir) => {
    const files = tsFiles(join(PACKAGES, dir));
    expect(files.length).toBeGreaterThan(1);
    expect(circles(files).map((c) => c.map((f) => relative(PACKAGES, f)).join(' -> '))).toEqual([]);
  });
});
