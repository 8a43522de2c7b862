// The public lobby under a flood on a real PostgreSQL (lobby-flood-suite.ts).
import { pgPlayerStore } from '../src/store/players/pg.js';
import { cleanupSchemas, describePg, openPg } from './pg-helpers.js';
import { lobbyFloodSuite } from './lobby-flood-suite.js';

describePg('PostgreSQL lobby under a flood', (url) => {
  cleanupSchemas(url);
  lobbyFloodSuite('postgres', async () => {
    const games = await openPg(url);
    return { games, players: pgPlayerStore(games) };
  });
});
