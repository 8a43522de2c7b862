// Time controls and stand-ins (D13) on PostgreSQL (standin-suite.ts), and with two instances on
// one schema: a passed deadline is taken by one instance and its stand-in seated once; the
// stand-in then plays on whichever instance holds the game's bot work.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RunningServer } from '../src/app/server.js';
import { api, Client, testServer } from './helpers.js';
import { cleanupSchemas, describePg, freshSchema, openPg } from './pg-helpers.js';
import { standInSuite } from './standin-suite.js';

describePg('stand-ins on PostgreSQL', (url) => {
  cleanupSchemas(url);
  standInSuite('postgres', () => openPg(url));
});

describePg('stand-ins in a cluster', (url) => {
  cleanupSchemas(url);
  const schema = freshSchema('si');
  let A: RunningServer;
  let B: RunningServer;
  let now = 1_000_000_000_000;
  beforeAll(async () => {
    const service = { wallClock: () => now, sweepMs: 3_600_000 } as never;
    A = await testServer(await openPg(url, schema), { service });
    B = await testServer(await openPg(url, schema), { service });
  });
  afterAll(async () => {
    await A?.close();
    await B?.close();
  });

  it('regression: two instances sweeping one passed deadline seated two stand-ins (or none)', async () => {
    const c = await api(A.url, 'POST', '/api/games', {
      name: 'Ann',
      mode: 'training',
      players: 2,
      recruiterChoice: 'host',
      timeControl: { kind: 'move', sec: 60 },
      standInLevel: 'random',
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
    expect(sa.view.expected).toEqual([0]);
    // Ann (seat 0, on A) stops playing; Bo (on B) still plays: a stand-in takes Ann's seat.
    ca.close();
    now += 61_000;
    const seated = cb.wait((m) => m.t === 'lobby' && m.lobby.seats?.[0]?.standIn);
    const n = await Promise.all([A.service.sweep(), B.service.sweep(), A.service.sweep(), B.service.sweep()]);
    expect(n.reduce((x, y) => x + y, 0)).toBe(1);
    expect((await seated).lobby.seats[0].standIn).toMatchObject({ why: 'time', level: 'random' });
    // The stand-in's move reaches Bo, whichever instance made it.
    await cb.wait((m) => m.t === 'events' && m.view.expected.includes(1));
    const rows = [await A.service.store.getGame(gameId), await B.service.store.getGame(gameId)];
    expect(rows.map((r) => r!.start!.seats[0]!.standIn?.level)).toEqual(['random', 'random']);
    cb.close();
  });
});
