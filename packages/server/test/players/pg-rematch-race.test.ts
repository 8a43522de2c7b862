// Across instances: on PostgreSQL two concurrent rematches answered one of them
// `500 internal` (duplicate key on campaign_games_game_id_key). Two instances over one database,
// each sent rematches of the same finished game at once: no request ends in a 500, and the
// rematch is one table.
import pg from 'pg';
import { expect, it } from 'vitest';
import { pgPlayerStore } from '../../src/store/players/pg.js';
import { Client, testServer } from '../helpers.js';
import { cleanupSchemas, describePg, freshSchema, openPg } from '../pg-helpers.js';
import { authApi, newPlayer, resign } from './http-players-suite.js';

describePg('rematch races across instances (PostgreSQL)', (url) => {
  cleanupSchemas(url);

  it('attack: concurrent rematches on two instances: never a 500, one linked table, no unlinked one left open', async () => {
    const schema = freshSchema();
    const ga = await openPg(url, schema, { instanceId: 'a' });
    const gb = await openPg(url, schema, { instanceId: 'b' });
    const a = await testServer(ga, { players: pgPlayerStore(ga) });
    const b = await testServer(gb, { players: pgPlayerStore(gb) });
    try {
      const ann = await newPlayer(a.url, 'Ann');
      const c1 = await authApi(a.url, 'POST', '/api/games', ann.token, {
        name: 'Ann',
        mode: 'training',
        players: 1,
        solo: { role: 'agents', level: 'easy' },
      });
      const cl = new Client(a.url);
      await cl.hello(c1.body.gameId, c1.body.token);
      const started = cl.wait((m) => m.t === 'state');
      await authApi(a.url, 'POST', `/api/games/${c1.body.gameId}/start`, null, { token: c1.body.token });
      await started;
      await resign({ gameId: c1.body.gameId, clients: [cl] }, cl.seat as number);
      cl.close();
      const body = { token: c1.body.token, swapSides: false };
      const answers = await Promise.all(
        Array.from({ length: 16 }, (_, i) =>
          authApi(i % 2 ? b.url : a.url, 'POST', `/api/games/${c1.body.gameId}/rematch`, null, body),
        ),
      );
      for (const r of answers) expect([200, 409], r.text).toContain(r.status);
      for (const r of answers.filter((x) => x.status === 409)) expect(r.body.error.code).toBe('rematch_busy');
      const linked = await pgPlayerStore(ga).tableAfter(c1.body.gameId);
      expect(linked).not.toBeNull();
      for (const r of answers.filter((x) => x.status === 200)) expect(r.body.gameId).toBe(linked);
      // Every table still waiting in the lobby is the linked one (a loser's table was closed).
      const db = new pg.Client({ connectionString: url });
      await db.connect();
      try {
        const open = await db.query(`SELECT id FROM ${schema}.games WHERE status = 'lobby'`);
        expect(open.rows.map((r) => r.id)).toEqual([linked]);
      } finally {
        await db.end();
      }
    } finally {
      await a.close();
      await b.close();
    }
  }, 60_000);
});
