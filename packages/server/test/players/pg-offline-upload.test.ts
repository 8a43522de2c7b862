// Offline games uploaded to the history, over real HTTP on PostgreSQL (scripts/ensure-postgres.mjs).
import { pgPlayerStore } from '../../src/store/players/pg.js';
import { cleanupSchemas, describePg, openPg } from '../pg-helpers.js';
import { offlineUploadSuite } from './offline-upload-suite.js';

describePg('PostgreSQL offline uploads', (url) => {
  cleanupSchemas(url);
  offlineUploadSuite('postgres', async () => {
    const games = await openPg(url);
    return { games, players: pgPlayerStore(games) };
  });
});
