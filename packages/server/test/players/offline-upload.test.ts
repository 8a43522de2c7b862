// Offline games uploaded to the history, over real HTTP on the memory twin and a SQLite file.
import { tempDir } from '../temp-dir.js';
import { MemoryStore } from '../../src/store/memory.js';
import { MemoryPlayerStore } from '../../src/store/players/memory.js';
import { sqlitePlayerStore } from '../../src/store/players/sqlite.js';
import { SqliteStore } from '../../src/store/sqlite.js';
import { offlineUploadSuite } from './offline-upload-suite.js';

offlineUploadSuite('memory', async () => {
  const games = new MemoryStore();
  return { games, players: new MemoryPlayerStore(games) };
});
offlineUploadSuite('sqlite file', async () => {
  const games = SqliteStore.inDir(tempDir('mm-offline-upload-'));
  return { games, players: sqlitePlayerStore(games) };
});
