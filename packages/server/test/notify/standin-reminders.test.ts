// D13 reminders over real HTTP, WebSockets and Web Push (push-endpoint.ts), on a clock the test
// moves: an away player whose time runs low is told once, and told once more when a stand-in
// takes the seat ("a bot is playing for you; come back to take your seat").
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SqliteStore } from '../../src/store/sqlite.js';
import { sqlitePlayerStore } from '../../src/store/players/sqlite.js';
import { SqlNotifyStore } from '../../src/store/notify/sql.js';
import { Client, testServer } from '../helpers.js';
import { tempDir } from '../temp-dir.js';
import { authApi, newPlayer } from '../players/http-players-suite.js';
import { PushEndpoint } from './push-endpoint.js';

const push = new PushEndpoint();
beforeAll(() => push.start().then(() => undefined));
afterAll(() => push.close());

it('regression: an away player was never told their time ran low, nor that a bot took their seat', async () => {
  let now = 1_000_000_000_000;
  const games = SqliteStore.inDir(tempDir('mm-remind-'));
  const players = sqlitePlayerStore(games);
  const s = await testServer(games, {
    players,
    notify: new SqlNotifyStore(players.db),
    service: { pushLoopback: true, wallClock: () => now, sweepMs: 3_600_000 } as never,
  });
  const bob = new Client(s.url);
  try {
    const ann = await newPlayer(s.url, 'Ann');
    const bobP = await newPlayer(s.url, 'Bob');
    const d = push.device();
    expect(
      (await authApi(s.url, 'POST', '/api/me/push', ann.token, { endpoint: d.endpoint, keys: d.keys, lang: 'en' }))
        .status,
    ).toBe(200);
    const c = await authApi(s.url, 'POST', '/api/games', ann.token, {
      name: 'Ann',
      title: 'Slow table',
      mode: 'training',
      players: 2,
      recruiterChoice: 'host',
      timeControl: { kind: 'move', sec: 600 },
      standInLevel: 'random',
    });
    const j = await authApi(s.url, 'POST', `/api/games/${c.body.gameId}/join`, bobP.token, { name: 'Bob' });
    await bob.hello(c.body.gameId, j.body.token);
    const started = bob.wait((m) => m.t === 'state' && !!m.view);
    expect(
      (await authApi(s.url, 'POST', `/api/games/${c.body.gameId}/start`, null, { token: c.body.token })).status,
    ).toBe(200);
    await started;
    const titles = async () => {
      await s.notifier!.queue.idle();
      return push.to(d).map((r) => JSON.parse(d.decrypt(r.body)).title as string);
    };
    expect(await titles()).toEqual(['Someone joined Slow table', 'Your turn at Slow table']);
    now += 400_000; // 200 s left of 600: not yet low (a quarter)
    await s.service.sweep();
    expect(await titles()).toHaveLength(2);
    now += 60_000;
    await s.service.sweep();
    await s.service.sweep();
    expect((await titles()).slice(2)).toEqual(['Your time is running low at Slow table']);
    now += 141_000;
    const seated = bob.wait((m) => m.t === 'lobby' && m.lobby.seats?.[0]?.standIn);
    expect(await s.service.sweep()).toBe(1);
    await seated;
    expect((await titles()).slice(2)).toEqual([
      'Your time is running low at Slow table',
      'A bot is playing for you at Slow table',
    ]);
  } finally {
    bob.close();
    await s.close();
  }
});
