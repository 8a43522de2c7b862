// Moderation on PostgreSQL (admin-suite.ts; scripts/ensure-postgres.mjs).
import { pgPlayerStore } from '../../src/store/players/pg.js';
import { cleanupSchemas, describePg, openPg } from '../pg-helpers.js';
import { adminSuite } from './admin-suite.js';

describePg('PostgreSQL moderation', (url) => {
  cleanupSchemas(url);
  adminSuite('postgres', async () => {
    const games = await openPg(url);
    return { games, players: pgPlayerStore(games) };
  });
});
