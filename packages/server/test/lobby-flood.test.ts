// The public lobby under a flood on a SQLite file (lobby-flood-suite.ts).
import { sqlitePlayerStore } from '../src/store/players/sqlite.js';
import { SqliteStore } from '../src/store/sqlite.js';
import { lobbyFloodSuite } from './lobby-flood-suite.js';
import { tempDir } from './temp-dir.js';

lobbyFloodSuite('sqlite', async () => {
  const games = SqliteStore.inDir(tempDir('mm-lobby-flood-'));
  return { games, players: sqlitePlayerStore(games) };
});
