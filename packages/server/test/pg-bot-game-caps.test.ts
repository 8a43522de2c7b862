// Games with bots per profile, address and network, over real sockets on PostgreSQL
// (scripts/ensure-postgres.mjs; bot-game-caps-suite.ts).
import { pgPlayerStore } from '../src/store/players/pg.js';
import { botGameCapsSuite } from './bot-game-caps-suite.js';
import { cleanupSchemas, describePg, openPg } from './pg-helpers.js';

describePg('PostgreSQL bot-game caps', (url) => {
  cleanupSchemas(url);
  botGameCapsSuite('postgres', async () => {
    const games = await openPg(url);
    return { games, players: pgPlayerStore(games) };
  });
});
