// On PostgreSQL: a deleted player is gone from every route, frame, log and row.
import pg from 'pg';
import { pgPlayerStore } from '../../src/store/players/pg.js';
import { cleanupSchemas, describePg, freshSchema, openPg } from '../pg-helpers.js';
import { expect, it } from 'vitest';
import { Client, testServer } from '../helpers.js';
import { deletedPlayerSuite } from './deleted-player-suite.js';
import { authApi, eventually, newPlayer, resign, twoPlayerGame } from './http-players-suite.js';
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

describePg('PostgreSQL cluster: a deleted player is gone from the other instance too', (url) => {
  cleanupSchemas(url);
  it('a game held in memory by instance B is renamed when the player deletes the profile on A', async () => {
    const schema = freshSchema('delc');
    const open = async (instanceId: string) => {
      const games = await openPg(url, schema, { instanceId });
      return { games, players: pgPlayerStore(games) };
    };
    const a = await open('A');
    const b = await open('B');
    const A = await testServer(a.games, { players: a.players });
    const B = await testServer(b.games, { players: b.players });
    const watcher = new Client(B.url);
    try {
      const bea = await newPlayer(A.url, 'Bea');
      const rogue = await newPlayer(A.url, 'Rogue');
      const g = await twoPlayerGame(A.url, bea.token, rogue.token, { title: 'Bea vs Rogue' });
      await resign(g, 1);
      for (const c of g.clients) c.close();
      await watcher.hello(g.gameId, null); // B now holds the finished game in memory
      expect((await authApi(B.url, 'GET', `/api/games/${g.gameId}`, null)).text).toContain('Bea vs Rogue');
      expect((await authApi(A.url, 'DELETE', '/api/me', bea.token, { confirm: 'Bea' })).status).toBe(200);
      const after = await eventually(
        () => authApi(B.url, 'GET', `/api/games/${g.gameId}`, null),
        (r) => !/Bea/.test(r.text),
      );
      expect(after.body.title).toBe('Former player vs Rogue');
    } finally {
      watcher.close();
      await Promise.all([A.close(), B.close()]);
    }
  }, 60_000);
});
