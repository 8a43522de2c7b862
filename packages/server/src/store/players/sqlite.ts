// The player store on SQLite: the SQL store over its own connection to the game store's file
// (applies migration 100+ first). Writes here are synchronous on the main thread (one fsync per
// transaction): they happen at sign-in, at the end of a game and per chat message (rate-limited),
// not per game action. Each runs while the game store's writer thread holds back
// (SqliteStore.exclusive), so it never waits for, or fails on, the file's write lock.
import Database from 'better-sqlite3';
import { applySqliteMigrations } from '../migrations/sqlite/index.js';
import { sqlitePragmas, type SyncMode } from '../sql/sqlite.js';
import type { SqliteStore } from '../sqlite.js';
import { sqliteDriver } from './sql-driver.js';
import { SqlPlayerStore } from './sql.js';

/**
 * Beside a SqliteStore: a second connection to its file, or, for ':memory:', its one connection
 * (a memory database cannot be opened twice).
 */
export function sqlitePlayerStore(
  games: SqliteStore,
  sync: SyncMode = 'full',
  /** busyTimeoutMs: SQLite's wait for the write lock (tests set 0: any wait fails at once). */
  o: { busyTimeoutMs?: number } = {},
): SqlPlayerStore {
  const own = games.file !== ':memory:';
  const db = own ? new Database(games.file) : games.db;
  if (own) for (const p of sqlitePragmas(sync)) db.pragma(p);
  if (own && o.busyTimeoutMs !== undefined) db.pragma(`busy_timeout = ${Math.max(0, Math.floor(o.busyTimeoutMs))}`);
  applySqliteMigrations(db);
  return new SqlPlayerStore(sqliteDriver(db, own, (f) => games.exclusive(f)));
}
