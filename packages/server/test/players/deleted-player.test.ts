// Issue 27 §1 on a SQLite file: a deleted player is gone from every route, frame, log and row.
import Database from 'better-sqlite3';
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
    const db = new Database((s.games as SqliteStore).file, { readonly: true });
    try {
      return STORED_TEXT.flatMap((q) =>
        db
          .prepare(q)
          .all()
          .map((r) => JSON.stringify(r)),
      );
    } finally {
      db.close();
    }
  },
);
