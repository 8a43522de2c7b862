// Games with bots per profile, address and network, over real sockets on a SQLite file
// (bot-game-caps-suite.ts; PostgreSQL: pg-bot-game-caps.test.ts).
import { sqlitePlayerStore } from '../src/store/players/sqlite.js';
import { SqliteStore } from '../src/store/sqlite.js';
import { botGameCapsSuite } from './bot-game-caps-suite.js';
import { tempDir } from './temp-dir.js';

botGameCapsSuite('sqlite file', async () => {
  const games = SqliteStore.inDir(tempDir('mm-bot-game-caps-'));
  return { games, players: sqlitePlayerStore(games) };
});
