// On a SQLite file: a deleted player is gone from every route, frame, log, row and
// from the bytes of the database file (secure_delete).
import Database from 'better-sqlite3';
import fs from 'node:fs';
import { tempDir } from '../temp-dir.js';
import { sqlitePlayerStore } from '../../src/store/players/sqlite.js';
import { SqliteStore } from '../../src/store/sqlite.js';
import { deletedPlayerSuite } from './deleted-player-suite.js';
import { STORED_TEXT } from './stored-text.js';

const dir = tempDir('mm-deleted-player-');
deletedPlayerSuite(
  'sqlite file',
  async () => {
    const games = SqliteStore.inDir(dir);
    return { games, players: sqlitePlayerStore(games) };
  },
  async (s) => {
    const file = (s.games as SqliteStore).file;
    const db = new Database(file, { readonly: true });
    try {
      const rows = STORED_TEXT.flatMap((q) =>
        db
          .prepare(q)
          .all()
          .map((r) => JSON.stringify(r)),
      );
      // Not only the rows: the bytes of the database file (freed cells and pages included).
      const bytes = fs.readFileSync(file).toString('latin1');
      return [...rows, ...['Bea', 'Quilla'].filter((n) => bytes.includes(n)).map((n) => `file bytes hold ${n}`)];
    } finally {
      db.close();
    }
  },
);
