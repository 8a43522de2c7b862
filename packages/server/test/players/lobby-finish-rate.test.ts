// The hosts' finish rates in the open-tables list, on SQLite (lobby-finish-rate-suite.ts).
import { SqliteStore } from '../../src/store/sqlite.js';
import { sqlitePlayerStore } from '../../src/store/players/sqlite.js';
import { tempDir } from '../temp-dir.js';
import { lobbyFinishRateSuite } from './lobby-finish-rate-suite.js';

lobbyFinishRateSuite('sqlite', async () => {
  const games = SqliteStore.inDir(tempDir('mm-lobby-rate-'));
  return { games, players: sqlitePlayerStore(games) };
});
