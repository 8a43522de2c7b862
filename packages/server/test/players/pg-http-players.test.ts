// The player routes over real HTTP on PostgreSQL (scripts/ensure-postgres.mjs).
import { pgPlayerStore } from '../../src/store/players/pg.js';
import { cleanupSchemas, describePg, openPg } from '../pg-helpers.js';
import { httpPlayersSuite } from './http-players-suite.js';

describePg('PostgreSQL player routes', (url) => {
  cleanupSchemas(url);
  httpPlayersSuite('postgres', async () => {
    const games = await openPg(url);
    return { games, players: pgPlayerStore(games) };
  });
});
