// Games with bots per profile, address and network, over real sockets on the memory twin and a
// SQLite file (bot-game-caps-suite.ts).
import { MemoryStore } from '../src/store/memory.js';
import { MemoryPlayerStore } from '../src/store/players/memory.js';
import { sqlitePlayerStore } from '../src/store/players/sqlite.js';
import { SqliteStore } from '../src/store/sqlite.js';
import { botGameCapsSuite } from './bot-game-caps-suite.js';
import { tempDir } from './temp-dir.js';

botGameCapsSuite('memory', async () => {
  const games = new MemoryStore();
  return { games, players: new MemoryPlayerStore(games) };
});
botGameCapsSuite('sqlite file', async () => {
  const games = SqliteStore.inDir(tempDir('mm-bot-game-caps-'));
  return { games, players: sqlitePlayerStore(games) };
});
