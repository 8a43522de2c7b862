// The documents describe the code as it is: every `packages/...` path a document of docs/ cites
// (also written from the package, `server/src/...`) names a file or folder of the tree, so a file moved or removed without its documents fails here.
// Built output (`dist/`) and globs (`packages/*/src`) are not files of the tree and are skipped;
// `{a,b}` stands for both paths. docs/history/ records the past and may name files gone since.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('..', import.meta.url).pathname;
const DOCS = join(ROOT, 'docs');

/** `a/{b,c}/d` -> `a/b/d`, `a/c/d` (one level of braces per group, as the documents write them). */
export function expandBraces(path: string): string[] {
  const m = /\{([^{}]*)\}/.exec(path);
  if (!m) return [path];
  return m[1]!
    .split(',')
    .flatMap((alt) => expandBraces(path.slice(0, m.index) + alt + path.slice(m.index + m[0].length)));
}

const PACKAGE_PATH =
  /(?<![\w./-])(?:packages\/[A-Za-z0-9_.\/*{},-]+|(?:engine|ai|server|web|cli)\/(?:src|test|worker|scripts)\b[A-Za-z0-9_.\/*{},-]*)/g;

/** The `packages/...` paths a text cites, each as it would be on disk. */
export function citedPaths(text: string): string[] {
  const out = new Set<string>();
  for (const [raw] of text.matchAll(PACKAGE_PATH)) {
    const path = (raw.startsWith('packages/') ? raw : `packages/${raw}`).replace(/[.,]+$/, '');
    if (path.includes('*') || /(^|\/)dist(\/|$)/.test(path)) continue;
    for (const p of expandBraces(path)) out.add(p.replace(/\/$/, ''));
  }
  return [...out].sort();
}

describe('paths cited in docs/*.md', () => {
  it('the extraction reads paths as the documents write them', () => {
    expect(citedPaths('see `packages/engine/src/game.ts`, and packages/web/src/local/.')).toEqual([
      'packages/engine/src/game.ts',
      'packages/web/src/local',
    ]);
    expect(citedPaths('packages/server/src/store/migrations/{pg,sqlite}/100_players.ts')).toEqual([
      'packages/server/src/store/migrations/pg/100_players.ts',
      'packages/server/src/store/migrations/sqlite/100_players.ts',
    ]);
    expect(citedPaths('packages/*/src and packages/cli/dist/main.js')).toEqual([]);
    expect(citedPaths('(`server/test/action-schemas.test.ts`, not src/game.ts)')).toEqual([
      'packages/server/test/action-schemas.test.ts',
    ]);
  });

  const docs = readdirSync(DOCS).filter((f) => f.endsWith('.md'));
  it.each(docs)('%s: every cited path exists', (doc) => {
    const missing = citedPaths(readFileSync(join(DOCS, doc), 'utf8')).filter((p) => !existsSync(join(ROOT, p)));
    expect(missing).toEqual([]);
  });
});
