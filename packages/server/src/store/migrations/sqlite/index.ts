// SQLite schema migrations beyond the game tables' base schema (sql/sqlite.ts, SCHEMA_VERSION 1).
// Each is a module exporting `name` and `sql`, listed here in order and applied once, in one
// transaction each, recorded in schema_migrations (same shape as PostgreSQL's). Numbered like the
// PostgreSQL ones so one number means one change on both backends.
import type Database from 'better-sqlite3';
import * as m100 from './100_players.js';
import * as m101 from './101_place_players.js';
import * as m102 from './102_game_notes.js';
import * as m103 from './103_chat_record.js';
import * as m104 from './104_listed_tables.js';
import * as m105 from './105_handles.js';
import * as m106 from './106_vouched_tables.js';
import * as m107 from './107_notify.js';
import * as m108 from './108_game_analyses.js';
import * as m109 from './109_offline_games.js';
import * as m110 from './110_mail_recipients.js';
import * as m111 from './111_creator_nets.js';
import * as m113 from './113_seat_clocks.js';
import * as m114 from './114_abandoned_games.js';
import * as m120 from './120_admin.js';
import * as m130 from './130_presence.js';

export interface SqliteMigration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

export const SQLITE_MIGRATIONS: readonly SqliteMigration[] = [
  { version: 100, ...m100 },
  { version: 101, ...m101 },
  { version: 102, ...m102 },
  { version: 103, ...m103 },
  { version: 104, ...m104 },
  { version: 105, ...m105 },
  { version: 106, ...m106 },
  { version: 107, ...m107 },
  { version: 108, ...m108 },
  { version: 109, ...m109 },
  { version: 110, ...m110 },
  { version: 111, ...m111 },
  { version: 113, ...m113 },
  { version: 114, ...m114 },
  { version: 120, ...m120 },
  { version: 130, ...m130 },
];

/** Applies the missing migrations; returns the versions applied. BEGIN IMMEDIATE takes the write
 * lock first, so two processes opening one file together apply each migration once. */
export function applySqliteMigrations(db: Database.Database): number[] {
  const applied: number[] = [];
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)`);
  const newest = (db.prepare('SELECT max(version) AS v FROM schema_migrations').get() as { v: number | null }).v ?? 0;
  const known = Math.max(...SQLITE_MIGRATIONS.map((m) => m.version));
  if (newest > known) throw new Error(`database schema version ${newest} is newer than this server (${known})`);
  for (const m of SQLITE_MIGRATIONS) {
    db.exec('BEGIN IMMEDIATE');
    try {
      if (db.prepare('SELECT 1 FROM schema_migrations WHERE version = ?').get(m.version)) {
        db.exec('COMMIT');
        continue;
      }
      db.exec(m.sql);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(
        m.version,
        m.name,
        Date.now(),
      );
      db.exec('COMMIT');
      applied.push(m.version);
    } catch (e) {
      db.exec('ROLLBACK');
      throw e;
    }
  }
  return applied;
}
