// Cluster presence (docs/players.md "Absent players"): two instances on one PostgreSQL schema. A
// player watching a table on instance B is not away when instance A moves the game: A pushes
// nothing; once they left B (or B stopped refreshing its rows), A pushes as usual. Expiry is
// reckoned on the injected clock.
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { RunningServer } from '../../src/app/server.js';
import { SqlNotifyStore } from '../../src/store/notify/sql.js';
import { pgPlayerStore } from '../../src/store/players/pg.js';
import { hashToken } from '../../src/play/tokens.js';
import { Client, testServer } from '../helpers.js';
import { authApi, newPlayer, resign } from '../players/http-players-suite.js';
import { cleanupSchemas, describePg, freshSchema, openPg } from '../pg-helpers.js';
import { notifyTable } from './notify-table.js';
import { PushEndpoint } from './push-endpoint.js';

describePg('cluster presence', (url) => {
  cleanupSchemas(url);
  const schema = freshSchema('presence');
  const push = new PushEndpoint();
  let A: RunningServer;
  let B: RunningServer;
  let now = 1_000_000_000_000;
  const ttlMs = 60_000;

  async function instance(): Promise<RunningServer> {
    const games = await openPg(url, schema);
    const players = pgPlayerStore(games);
    return testServer(games, {
      players,
      notify: new SqlNotifyStore(players.db),
      // No beat runs by itself: the test says when one happens.
      presence: { beatMs: 3_600_000, ttlMs },
      service: { pushLoopback: true, wallClock: () => now } as never,
    });
  }

  beforeAll(async () => {
    await push.start();
    A = await instance();
    B = await instance();
  });
  afterAll(async () => {
    await A?.close();
    await B?.close();
    await push.close();
  });

  /** What A sees of `token` at `gameId` on the other instances, once it settled to `want`. */
  const seenFromA = (gameId: string, token: string, want: boolean) =>
    vi.waitFor(
      async () => expect((await A.notifier!.presence!.elsewhere(gameId, [hashToken(token)])).size).toBe(want ? 1 : 0),
      { timeout: 5000, interval: 20 },
    );

  async function table(title: string) {
    const ann = await newPlayer(A.url, 'Ann');
    const bob = await newPlayer(A.url, 'Bob');
    const dev = push.device();
    const r = await authApi(A.url, 'POST', '/api/me/push', ann.token, {
      endpoint: dev.endpoint,
      keys: dev.keys,
      lang: 'en',
    });
    expect(r.status, r.text).toBe(200);
    const t = await notifyTable(A.url, title, ann.token, bob.token);
    await A.notifier!.queue.idle();
    const pushed = () => push.to(dev).map((x) => JSON.parse(dev.decrypt(x.body)).title as string);
    return { ...t, pushed, before: pushed().length };
  }

  it('regression: a player watching the table on another instance was pushed their turn as if away', async () => {
    const t = await table('Presence table');
    // Ann (the recruiter) watches on B; Bob on A. A starts the game: Ann's turn, and she is there.
    const annOnB = new Client(B.url);
    const bobOnA = new Client(A.url);
    await annOnB.hello(t.gameId, t.tokens[0]!);
    await bobOnA.hello(t.gameId, t.tokens[1]!);
    await seenFromA(t.gameId, t.tokens[0]!, true);
    const started = bobOnA.wait((m) => m.t === 'state' && !!m.view);
    expect((await authApi(A.url, 'POST', `/api/games/${t.gameId}/start`, null, { token: t.tokens[0] })).status).toBe(
      200,
    );
    await started;
    await A.notifier!.queue.idle();
    expect(t.pushed().slice(t.before)).toEqual([]);
    // She leaves B: away everywhere. The game's end (Bob resigns on A) reaches her.
    annOnB.close();
    await seenFromA(t.gameId, t.tokens[0]!, false);
    await resign({ gameId: t.gameId, clients: [bobOnA] }, 1);
    await A.notifier!.queue.idle();
    expect(t.pushed().slice(t.before)).toEqual(['The game at Presence table has ended']);
    bobOnA.close();
  });

  it('regression: an instance that stopped refreshing its rows kept its players present for ever', async () => {
    const t = await table('Lapsed table');
    const annOnB = new Client(B.url);
    await annOnB.hello(t.gameId, t.tokens[0]!);
    await seenFromA(t.gameId, t.tokens[0]!, true);
    // A beat keeps the row alive past its first expiry...
    now += ttlMs - 1;
    await B.notifier!.presence!.beat(B.service.master.all());
    now += ttlMs - 1;
    await seenFromA(t.gameId, t.tokens[0]!, true);
    // ...and without one it lapses, as when B died without a word: the turn is pushed.
    now += 2;
    await seenFromA(t.gameId, t.tokens[0]!, false);
    expect((await authApi(A.url, 'POST', `/api/games/${t.gameId}/start`, null, { token: t.tokens[0] })).status).toBe(
      200,
    );
    await A.notifier!.queue.idle();
    expect(t.pushed().slice(t.before)).toEqual(['Your turn at Lapsed table']);
    annOnB.close();
  });
});
