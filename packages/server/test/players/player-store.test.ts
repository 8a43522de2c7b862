// The PlayerStore suite on the memory twin and on SQLite (memory database, and a file beside a
// game store with its writer thread), plus SQLite's migrations.
import { expect, it } from 'vitest';
import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { applySqliteMigrations, SQLITE_MIGRATIONS } from '../../src/store/migrations/sqlite/index.js';
import { MemoryStore } from '../../src/store/memory.js';
import { SQLITE_SCHEMA } from '../../src/store/sql/sqlite.js';
import { MemoryPlayerStore } from '../../src/store/players/memory.js';
import { sqlitePlayerStore } from '../../src/store/players/sqlite.js';
import { SqliteStore } from '../../src/store/sqlite.js';
import { playerFlowsSuite } from './player-flows-suite.js';
import { playerStoreSuite, type Stores } from './player-store-suite.js';

const memory = async (): Promise<Stores> => {
  const games = new MemoryStore();
  return { games, players: new MemoryPlayerStore(games), close: async () => {} };
};
const sqliteMemory = async (): Promise<Stores> => {
  const games = new SqliteStore(':memory:');
  const players = sqlitePlayerStore(games);
  return { games, players, close: async () => (await players.close(), await games.close()) };
};
const sqliteFile = async (): Promise<Stores> => {
  const games = SqliteStore.inDir(fs.mkdtempSync(path.join(os.tmpdir(), 'mm-players-')));
  const players = sqlitePlayerStore(games);
  return { games, players, close: async () => (await players.close(), await games.close()) };
};

playerStoreSuite('memory', memory);
playerStoreSuite('sqlite (:memory:, shared connection)', sqliteMemory);
playerStoreSuite('sqlite (file, beside the writer thread)', sqliteFile);
playerFlowsSuite('memory', memory);
playerFlowsSuite('sqlite (file, beside the writer thread)', sqliteFile);

it('sqlite migrations: applied once, recorded, safe to run again; a newer database is refused', () => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mm-players-')), 'db.sqlite');
  const db = new Database(file);
  db.exec(SQLITE_SCHEMA); // the game tables come first (migration 103 queues their finished games)
  expect(applySqliteMigrations(db)).toEqual(SQLITE_MIGRATIONS.map((m) => m.version));
  expect(applySqliteMigrations(new Database(file))).toEqual([]);
  const rows = db.prepare('SELECT version, name FROM schema_migrations ORDER BY version').all();
  expect(rows).toEqual(SQLITE_MIGRATIONS.map((m) => ({ version: m.version, name: m.name })));
  db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (999, ?, 0)').run('future');
  expect(() => applySqliteMigrations(db)).toThrow(/newer than this server/);
  db.close();
});
