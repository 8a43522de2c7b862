// PostgreSQL for the pg-*.test.ts files: a REAL server. The URL comes from TEST_DATABASE_URL /
// DATABASE_URL, or from scripts/ensure-postgres.mjs (which starts a throwaway local cluster,
// installing PostgreSQL first if needed). Without PostgreSQL these tests FAIL (never skip): the
// PostgreSQL backend is part of the product. Each test works in its own schema.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe } from 'vitest';
import { PgStore } from '../src/store/pg/store.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

let cached: string | undefined;

export function pgUrl(): string {
  if (cached !== undefined) return cached;
  const given = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (given) return (cached = given);
  try {
    const out = execFileSync(process.execPath, [path.join(ROOT, 'scripts/ensure-postgres.mjs')], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 600_000,
    });
    cached = String(out).trim().split('\n').pop() || undefined;
  } catch (e) {
    const why = (e as { stderr?: Buffer }).stderr?.toString().trim() || String(e);
    throw new Error(`These tests need a real PostgreSQL, which could not be had: ${why}`);
  }
  if (!cached) throw new Error('scripts/ensure-postgres.mjs printed no URL');
  return cached;
}

/** describe() with the URL of a real PostgreSQL (throws when there is none). */
export function describePg(name: string, fn: (url: string) => void): void {
  const url = pgUrl();
  describe(name, () => fn(url));
}

const made: string[] = [];

/** A fresh schema name, dropped after the test file. */
export function freshSchema(prefix = 't'): string {
  const s = `${prefix}_${randomBytes(5).toString('hex')}`;
  made.push(s);
  return s;
}

export async function openPg(url: string, schema = freshSchema(), o: { instanceId?: string } = {}): Promise<PgStore> {
  return PgStore.open(url, { schema, poolSize: 4, ...o });
}

export async function dropSchemas(url: string): Promise<void> {
  if (!made.length) return;
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    for (const s of made.splice(0)) await c.query(`DROP SCHEMA IF EXISTS ${s} CASCADE`);
  } finally {
    await c.end();
  }
}

/** Registers the schema cleanup for a test file. */
export function cleanupSchemas(url: string): void {
  afterAll(() => dropSchemas(url));
}
