// E-mail on PostgreSQL (mail-suite.ts).
import { pgPlayerStore } from '../../src/store/players/pg.js';
import { cleanupSchemas, describePg, freshSchema, openPg } from '../pg-helpers.js';
import { mailSuite } from './mail-suite.js';

describePg('PostgreSQL: e-mail notifications', (url) => {
  cleanupSchemas(url);
  const schema = freshSchema('mail');
  mailSuite('postgres', async () => {
    const games = await openPg(url, schema);
    return { games, players: pgPlayerStore(games) };
  });
});
