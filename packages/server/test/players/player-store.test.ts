// The PlayerStore suite on the memory twin and on SQLite (memory database, and a file beside a
// game store with its writer thread), plus SQLite's migrations.
import { expect, it } from 'vitest';
import Database from 'better-sqlite3';
import path from 'node:path';
import { tempDir } from '../temp-dir.js';
import { applySqliteMigrations, SQLITE_MIGRATIONS } from '../../src/store/migrations/sqlite/index.js';
import { SQLITE_SCHEMA } from '../../src/store/sql/sqlite.js';
import { type Param, positionalArgs, toPositional } from '../../src/store/sql/params.js';
import { MemoryStore } from '../../src/store/memory.js';
import { MemoryPlayerStore } from '../../src/store/players/memory.js';
import { sqlitePlayerStore } from '../../src/store/players/sqlite.js';
import { SqliteStore } from '../../src/store/sqlite.js';
import { playerFlowsSuite } from './player-flows-suite.js';
import { afterOfflineMigration, beforeOfflineMigration, type Exec } from './offline-migration.js';
import { playerStoreSuite, type Stores } from './player-store-suite.js';
import { lobbyRow, randomRun, startInfo } from '../store-suite.js';
import { newPlayerId } from '../../src/players/identity.js';

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
  const games = SqliteStore.inDir(tempDir('mm-players-'));
  const players = sqlitePlayerStore(games);
  return { games, players, close: async () => (await players.close(), await games.close()) };
};

playerStoreSuite('memory', memory);
playerStoreSuite('sqlite (:memory:, shared connection)', sqliteMemory);
playerStoreSuite('sqlite (file, beside the writer thread)', sqliteFile);
playerFlowsSuite('memory', memory);
playerFlowsSuite('sqlite (file, beside the writer thread)', sqliteFile);

it('sqlite migrations: applied once, recorded, safe to run again; a newer database is refused', () => {
  const file = path.join(tempDir('mm-players-'), 'db.sqlite');
  const db = new Database(file);
  db.exec(SQLITE_SCHEMA); // migrations 100+ build on the game tables' base schema
  expect(applySqliteMigrations(db)).toEqual(SQLITE_MIGRATIONS.map((m) => m.version));
  expect(applySqliteMigrations(new Database(file))).toEqual([]);
  const rows = db.prepare('SELECT version, name FROM schema_migrations ORDER BY version').all();
  expect(rows).toEqual(SQLITE_MIGRATIONS.map((m) => ({ version: m.version, name: m.name })));
  db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (999, ?, 0)').run('future');
  expect(() => applySqliteMigrations(db)).toThrow(/newer than this server/);
  db.close();
});

it("regression: uploads made before migration 109 leave the bot profiles and are noted as their uploaders' (sqlite)", async () => {
  const file = path.join(tempDir('mm-players-109-'), 'db.sqlite');
  const db = new Database(file);
  db.exec(SQLITE_SCHEMA);
  const exec: Exec = async (sql, params = []) => {
    const { text, order } = toPositional(sql);
    const q = db.prepare(text);
    const args = positionalArgs(params as Param[], order);
    return q.reader ? (q.all(...args) as Record<string, unknown>[]) : (q.run(...args), []);
  };
  // the schema as it was before 109
  db.exec(
    'CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)',
  );
  db.exec('BEGIN');
  for (const m of SQLITE_MIGRATIONS.filter((x) => x.version < 109)) {
    db.exec(m.sql);
    db.prepare('INSERT INTO schema_migrations VALUES (?, ?, 0)').run(m.version, m.name);
  }
  db.exec('COMMIT');
  await beforeOfflineMigration(exec);
  expect(applySqliteMigrations(db)[0]).toBe(109);
  await afterOfflineMigration(exec);
  db.close();
});

it('regression: player writes beside a writer thread that never stops committing meet no "database is locked" (join at high load)', async () => {
  // The player store writes on its own connection to the game store's file. Under load the writer
  // thread's group commits followed each other with no gap, so a player write waited in SQLite's
  // busy handler (blocking the main thread) and failed after busy_timeout. Here busy_timeout is 0,
  // so any wait for the lock fails at once: player writes must never meet the lock.
  const games = SqliteStore.inDir(tempDir('mm-players-busy-'));
  const players = sqlitePlayerStore(games, 'full', { busyTimeoutMs: 0 });
  const ids = Array.from({ length: 8 }, (_, i) => `busy${i}`);
  for (const id of ids) {
    await games.createGame(lobbyRow(id));
    await games.addPlace(id, {
      place: 2,
      name: 'Bo',
      tokenHash: `h-${id}-2`,
      bot: null,
      volunteer: false,
      joinedAt: 2,
    });
    await games.startGame(id, startInfo(id));
  }
  const { actions } = randomRun(60);
  let appended = 0;
  // Eight games appending back to back: the writer thread is almost always inside a transaction.
  const load = Promise.all(
    ids.map(async (id) => {
      for (let i = 0; i < actions.length; i++) {
        expect(
          await games.appendAction({
            gameId: id,
            expectedSeq: i,
            action: actions[i]!,
            deadline: null,
            result: null,
            at: i,
          }),
        ).toBe('ok');
        appended++;
      }
    }),
  );
  const failures: string[] = [];
  let written = 0;
  const until = Date.now() + 20_000;
  while (appended < ids.length * actions.length && Date.now() < until) {
    const p = { id: newPlayerId(), name: `P${written}`, createdAt: 1, passwordHash: null, bot: null };
    await players.createPlayer(p, null).then(
      () => written++,
      (e: Error) => failures.push(e.message),
    );
    await new Promise((r) => setImmediate(r));
  }
  expect(failures.slice(0, 3)).toEqual([]);
  await load;
  expect(written).toBeGreaterThan(20);
  await players.close();
  await games.close();
}, 60_000);
