// The hosts' finish rates in the open-tables list, on PostgreSQL (lobby-finish-rate-suite.ts).
import { pgPlayerStore } from '../../src/store/players/pg.js';
import { cleanupSchemas, describePg, openPg } from '../pg-helpers.js';
import { lobbyFinishRateSuite } from './lobby-finish-rate-suite.js';

describePg('PostgreSQL: finish rates in the lobby', (url) => {
  cleanupSchemas(url);
  lobbyFinishRateSuite('postgres', async () => {
    const games = await openPg(url);
    return { games, players: pgPlayerStore(games) };
  });
});
