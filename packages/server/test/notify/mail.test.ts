// E-mail on a SQLite file (mail-suite.ts).
import { SqliteStore } from '../../src/store/sqlite.js';
import { sqlitePlayerStore } from '../../src/store/players/sqlite.js';
import { tempDir } from '../temp-dir.js';
import { mailSuite } from './mail-suite.js';

const dir = tempDir('mm-mail-');
mailSuite('sqlite file', async () => {
  const games = SqliteStore.inDir(dir);
  return { games, players: sqlitePlayerStore(games) };
});
