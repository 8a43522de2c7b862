// Issue 27 §1 on PostgreSQL: a deleted player is gone from every route, frame, log and row.
import pg from 'pg';
import { pgPlayerStore } from '../../src/store/players/pg.js';
import { cleanupSchemas, describePg, freshSchema, openPg } from '../pg-helpers.js';
import { deletedPlayerSuite } from './deleted-player-suite.js';
import { STORED_TEXT } from './stored-text.js';

describePg('PostgreSQL: a deleted player is gone', (url) => {
  cleanupSchemas(url);
  const schema = freshSchema('del');
  deletedPlayerSuite(
    'postgres',
    async () => {
      const games = await openPg(url, schema);
      return { games, players: pgPlayerStore(games) };
    },
    async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        await c.query(`SET search_path TO ${schema}`);
        const out: string[] = [];
        for (const q of STORED_TEXT) for (const r of (await c.query(q)).rows) out.push(JSON.stringify(r));
        return out;
      } finally {
        await c.end();
      }
    },
  );
});
