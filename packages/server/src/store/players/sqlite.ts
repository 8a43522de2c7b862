// The player store on SQLite: the SQL store over its own connection to the game store's file
// (applies migration 100+ first). Writes here are synchronous on the main thread (one fsync per
// transaction): they happen at sign-in, at the end of a game and per chat message (rate-limited),
// not per game action, so they stay off the game store's writer thread.
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
export function sqlitePlayerStore(games: SqliteStore, sync: SyncMode = 'full'): SqlPlayerStore {
  const own = games.file !== ':memory:';
  const db = own ? new Database(games.file) : games.db;
  if (own) for (const p of sqlitePragmas(sync)) db.pragma(p);
  applySqliteMigrations(db);
  return new SqlPlayerStore(sqliteDriver(db, own));
}
