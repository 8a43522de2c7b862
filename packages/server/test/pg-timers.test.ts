// Turn timers with two instances (in-process) on one PostgreSQL schema: when a deadline passes
// and both instances sweep at the same moment, it is applied exactly once (D13: the other player
// still plays, so a stand-in takes the seat, once), and the players on both instances see it.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RunningServer } from '../src/app/server.js';
import { api, Client, testServer } from './helpers.js';
import { cleanupSchemas, describePg, freshSchema, openPg } from './pg-helpers.js';

describePg('cluster turn timers', (url) => {
  cleanupSchemas(url);
  const schema = freshSchema('tt');
  let A: RunningServer;
  let B: RunningServer;
  beforeAll(async () => {
    A = await testServer(await openPg(url, schema));
    B = await testServer(await openPg(url, schema));
  });
  afterAll(async () => {
    await A?.close();
    await B?.close();
  });

  it('a passed deadline is claimed by one instance and applied once; both sides see it', async () => {
    const c = await api(A.url, 'POST', '/api/games', {
      name: 'Ann',
      mode: 'training',
      players: 2,
      recruiterCard: 'random',
      recruiterChoice: 'host',
      bots: {},
      turnTimerSec: 10,
    });
    const gameId = c.body.gameId as string;
    const j = await api(B.url, 'POST', `/api/games/${gameId}/join`, { name: 'Bo' });
    const ca = new Client(A.url);
    const cb = new Client(B.url);
    await ca.hello(gameId, c.body.token);
    await cb.hello(gameId, j.body.token);
    const started = [ca, cb].map((x) => x.wait((m) => m.t === 'state'));
    expect((await api(A.url, 'POST', `/api/games/${gameId}/start`, { token: c.body.token })).status).toBe(200);
    const [sa] = await Promise.all(started);
    expect(typeof sa.deadline).toBe('number');
    const later = sa.deadline + 1;
    const n = await Promise.all([A.service.sweep(later), B.service.sweep(later), A.service.sweep(later)]);
    expect(n.reduce((x, y) => x + y, 0)).toBe(1);
    // The stand-in's first move reaches both sides; one stand-in, seated in the store once.
    await Promise.all([ca.waitSeq(1), cb.waitSeq(1)]);
    const row = (await A.service.store.getGame(gameId))!;
    expect(row.start!.seats.filter((x) => x.standIn)).toHaveLength(1);
    expect((await A.service.master.getLive(gameId))!.state!.seq).toBeGreaterThanOrEqual(1);
    expect((await B.service.master.getLive(gameId))!.state!.seq).toBeGreaterThanOrEqual(1);
    ca.close();
    cb.close();
  });
});
