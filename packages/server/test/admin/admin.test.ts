// Moderation on a SQLite file (admin-suite.ts).
import { tempDir } from '../temp-dir.js';
import { sqlitePlayerStore } from '../../src/store/players/sqlite.js';
import { SqliteStore } from '../../src/store/sqlite.js';
import { adminSuite } from './admin-suite.js';

adminSuite('sqlite file', async () => {
  const games = SqliteStore.inDir(tempDir('mm-admin-'));
  return { games, players: sqlitePlayerStore(games) };
});
