// Web Push on a SQLite file (push-suite.ts); every test reopens the same file.
import { SqliteStore } from '../../src/store/sqlite.js';
import { sqlitePlayerStore } from '../../src/store/players/sqlite.js';
import { tempDir } from '../temp-dir.js';
import { pushSuite } from './push-suite.js';

const dir = tempDir('mm-push-');
pushSuite('sqlite file', async () => {
  const games = SqliteStore.inDir(dir);
  return { games, players: sqlitePlayerStore(games) };
});
