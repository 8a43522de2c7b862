// In a cluster: sign-out everywhere on instance A replaces the player's seat tokens;
// a connection on instance B subscribed with an old token loses the seat's view at once, and the
// old token opens nothing on B either.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildServer, type Instance, launchInstance } from './cluster-helpers.js';
import { Client, EXPECT_MS } from './helpers.js';
import { cleanupSchemas, describePg, freshSchema } from './pg-helpers.js';
import { authApi, newPlayer, twoPlayerGame } from './players/http-players-suite.js';

describePg('cluster: seat tokens revoked across instances', (url) => {
  cleanupSchemas(url);
  const schema = freshSchema('r');
  let A: Instance;
  let B: Instance;

  beforeAll(async () => {
    buildServer();
    [A, B] = await Promise.all([launchInstance('A', url, schema), launchInstance('B', url, schema)]);
  });
  afterAll(async () => {
    await Promise.all([A?.stop(), B?.stop()]);
  });

  it('attack: a device on instance B keeps no seat after its player signs out everywhere on instance A', async () => {
    const ann = await newPlayer(A.url, 'Ann');
    const bob = await newPlayer(A.url, 'Bob');
    const g = await twoPlayerGame(A.url, ann.token, bob.token);
    const old = g.tokens[0]!;
    const seat = g.clients[0]!.seat;
    expect(seat).not.toBe('spectator');
    const other = new Client(B.url);
    await other.hello(g.gameId, old);
    await other.wait((m) => m.t === 'state', EXPECT_MS, true);
    expect(other.seat).toBe(seat);
    const demoted = other.wait((m) => m.t === 'state' && m.seat === 'spectator', EXPECT_MS);
    const out = await authApi(A.url, 'DELETE', '/api/sessions', ann.token, { keepThisDevice: true });
    expect(out.status, out.text).toBe(200);
    expect(out.body.seats).toHaveLength(1);
    await demoted;
    const again = new Client(B.url);
    expect(await again.hello(g.gameId, old)).toMatchObject({ t: 'error', code: 'bad_token' });
    const mine = new Client(B.url);
    await mine.hello(g.gameId, out.body.seats[0].token);
    await mine.wait((m) => m.t === 'state', EXPECT_MS, true);
    expect(mine.seat).toBe(seat);
    for (const c of [...g.clients, other, again, mine]) c.close();
  }, 60_000);
});
