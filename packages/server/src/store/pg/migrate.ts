// Opening the schema: versioned migrations (store/migrations/pg) applied under an advisory lock,
// so instances starting together do not race, and recorded in schema_migrations; then the
// installation's sealing key (seal.ts), made by the first instance and read by all.
import type pg from 'pg';
import { PG_MIGRATIONS } from '../migrations/pg/index.js';
import { newClusterKey } from './seal.js';

/** Applies the migrations this schema lacks; the versions applied now. */
export async function migrate(pool: pg.Pool, schema: string): Promise<number[]> {
  const c = await pool.connect();
  const applied: number[] = [];
  try {
    await c.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [`mm_migrate_${schema}`]);
    await c.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await c.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`);
    const have = new Set(
      (await c.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map((r) => r.version),
    );
    const newest = Math.max(0, ...have);
    const known = Math.max(...PG_MIGRATIONS.map((m) => m.version));
    if (newest > known) throw new Error(`database schema version ${newest} is newer than this server (${known})`);
    for (const m of PG_MIGRATIONS) {
      if (have.has(m.version)) continue;
      await c.query('BEGIN');
      try {
        await c.query(m.sql);
        await c.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
        await c.query('COMMIT');
      } catch (e) {
        await c.query('ROLLBACK');
        throw e;
      }
      applied.push(m.version);
    }
  } finally {
    await c.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [`mm_migrate_${schema}`]).catch(() => {});
    c.release();
  }
  return applied;
}

/** The installation's sealing key. */
export async function loadKey(pool: pg.Pool): Promise<Buffer> {
  await pool.query('INSERT INTO cluster_key (id, key) VALUES (1, $1) ON CONFLICT (id) DO NOTHING', [newClusterKey()]);
  const r = await pool.query<{ key: string }>('SELECT key FROM cluster_key WHERE id = 1');
  return Buffer.from(r.rows[0]!.key, 'base64');
}
