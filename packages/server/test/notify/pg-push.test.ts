// Web Push on PostgreSQL (push-suite.ts); every test reopens the same schema.
import { pgPlayerStore } from '../../src/store/players/pg.js';
import { cleanupSchemas, describePg, freshSchema, openPg } from '../pg-helpers.js';
import { pushSuite } from './push-suite.js';

describePg('PostgreSQL: Web Push', (url) => {
  cleanupSchemas(url);
  const schema = freshSchema('push');
  pushSuite('postgres', async () => {
    const games = await openPg(url, schema);
    return { games, players: pgPlayerStore(games) };
  });
});
