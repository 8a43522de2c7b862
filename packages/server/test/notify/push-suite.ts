// Web Push: over real HTTP and WebSockets, the server's pushes go to a local push
// endpoint (push-endpoint.ts) that decrypts them. Turns that begin, joins and game ends reach the
// profiles with no device on the table, in the device's language, and say nothing secret; the
// caps hold; expired subscriptions and deleted profiles leave nothing behind. One suite, run on a
// SQLite file and on PostgreSQL.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RunningServer, ServerOptions } from '../../src/app/server.js';
import { SqlNotifyStore } from '../../src/store/notify/sql.js';
import type { SqlPlayerStore } from '../../src/store/players/sql.js';
import type { GameStore } from '../../src/store/types.js';
import { Client, playOut, testServer } from '../helpers.js';
import { notifyTable } from './notify-table.js';
import { authApi, newPlayer, resign } from '../players/http-players-suite.js';
import { type Device, PushEndpoint } from './push-endpoint.js';

export interface NotifyStores {
  games: GameStore;
  players: SqlPlayerStore;
}

const TITLE = 'Push table';

export function pushSuite(name: string, open: () => Promise<NotifyStores>): void {
  const push = new PushEndpoint();
  beforeAll(() => push.start().then(() => undefined));
  afterAll(() => push.close());

  async function server(extra: Partial<ServerOptions> = {}, stores?: NotifyStores): Promise<RunningServer> {
    const s = stores ?? (await open());
    return testServer(s.games, {
      players: s.players,
      notify: new SqlNotifyStore(s.players.db),
      ...extra,
      service: { pushLoopback: true, ...extra.service },
    });
  }

  async function subscribe(url: string, token: string, d: Device, lang: string): Promise<void> {
    const r = await authApi(url, 'POST', '/api/me/push', token, { endpoint: d.endpoint, keys: d.keys, lang });
    expect(r.status, r.text).toBe(200);
  }

  const table = (url: string, ann: string, bob: string) => notifyTable(url, TITLE, ann, bob);

  const decrypted = (d: Device) => push.to(d).map((r) => JSON.parse(d.decrypt(r.body)));

  it(`${name}: a join and a turn reach the away host's devices, decrypted in each device's language, with nothing secret`, async () => {
    const s = await server();
    try {
      const key = (await authApi(s.url, 'GET', '/api/push/key', null)).body.key as string;
      expect(Buffer.from(key, 'base64url')).toHaveLength(65);
      const ann = await newPlayer(s.url, 'Ann');
      const bob = await newPlayer(s.url, 'Bob');
      const ja = push.device();
      const en = push.device();
      await subscribe(s.url, ann.token, ja, 'ja');
      await subscribe(s.url, ann.token, en, 'en');
      const t = await table(s.url, ann.token, bob.token);
      await s.notifier!.queue.idle();
      const url = `/#/g/${t.gameId}`;
      const tag = `mm-${t.gameId}`;
      expect(decrypted(ja)).toEqual([
        {
          title: `参加者が来ました：${TITLE}`,
          body: 'Mind MGMT：あなたのテーブルに新しいプレイヤーが着席しました。',
          url,
          tag,
        },
      ]);
      expect(decrypted(en)).toEqual([
        { title: `Someone joined ${TITLE}`, body: 'Mind MGMT: a new player took a place at your table.', url, tag },
      ]);
      // Bob watches; Ann (the recruiter) is away when the game starts: her first turn is pushed.
      const bobClient = new Client(s.url);
      await bobClient.hello(t.gameId, t.tokens[1]!);
      expect((await authApi(s.url, 'POST', `/api/games/${t.gameId}/start`, null, { token: t.tokens[0] })).status).toBe(
        200,
      );
      await s.notifier!.queue.idle();
      bobClient.close();
      // The whole payload is these four public fields (toEqual: nothing else, no card, no
      // location, no token).
      expect(decrypted(en)[1]).toEqual({
        title: `Your turn at ${TITLE}`,
        body: 'Mind MGMT: the table is waiting for your move.',
        url,
        tag,
      });
      expect(decrypted(ja)[1]).toEqual({
        title: `あなたの手番です：${TITLE}`,
        body: 'Mind MGMT：テーブルがあなたの手を待っています。',
        url,
        tag,
      });
      // Every message: aes128gcm, signed by the key the server publishes (VAPID, RFC 8292).
      for (const r of push.to(en)) {
        expect(r.headers['content-encoding']).toBe('aes128gcm');
        expect(String(r.headers.authorization)).toMatch(new RegExp(`^vapid t=[\\w.-]+, k=${key}$`));
      }
    } finally {
      await s.close();
    }
  });

  it(`${name}: no push while a device of the seat is connected; a turn is pushed once however many moves it takes; the end reaches the away player`, async () => {
    const s = await server();
    const clients: Client[] = [];
    try {
      const ann = await newPlayer(s.url, 'Ann');
      const bob = await newPlayer(s.url, 'Bob');
      const annDev = push.device();
      const bobDev = push.device();
      await subscribe(s.url, ann.token, annDev, 'en');
      await subscribe(s.url, bob.token, bobDev, 'en');
      const c = await authApi(s.url, 'POST', '/api/games', ann.token, {
        name: 'Ann',
        title: TITLE,
        mode: 'training',
        players: 2,
        recruiterChoice: 'host',
      });
      const gameId: string = c.body.gameId;
      const annClient = new Client(s.url);
      const spectator = new Client(s.url);
      clients.push(annClient, spectator);
      await annClient.hello(gameId, c.body.token);
      await spectator.hello(gameId, null);
      const j = await authApi(s.url, 'POST', `/api/games/${gameId}/join`, bob.token, { name: 'Bob' });
      const started = [annClient, spectator].map((cl) => cl.wait((m) => m.t === 'state' && !!m.view));
      expect((await authApi(s.url, 'POST', `/api/games/${gameId}/start`, null, { token: c.body.token })).status).toBe(
        200,
      );
      await Promise.all(started);
      expect(annClient.seat).toBe(0);
      // Ann is connected: neither the join nor her first turn is pushed to her.
      await s.notifier!.queue.idle();
      expect(push.to(annDev)).toHaveLength(0);
      // Ann plays her whole recruiter turn while Bob is away: Bob's turn begins once.
      await playOut(
        { gameId, tokens: [], clients: [annClient], bySeat: new Map([[0, annClient]]), spectator },
        () => 0.5,
        { stop: () => (spectator.view?.expected ?? []).some((x: number) => x !== 0) },
      );
      await s.notifier!.queue.idle();
      expect(decrypted(bobDev).map((m) => m.title)).toEqual([`Your turn at ${TITLE}`]);
      // Bob comes back, Ann leaves; Bob resigns: the end is pushed to Ann only.
      const bobClient = new Client(s.url);
      clients.push(bobClient);
      await bobClient.hello(gameId, j.body.token);
      // Ann is away once the server has seen her socket close (the table shows her offline): on
      // a loaded machine the resign could otherwise arrive first and find her still connected.
      const annAway = spectator.wait(
        (m) => m.t === 'lobby' && m.lobby.seats?.some((x: any) => x.seat === 0 && x.online === false),
      );
      annClient.close();
      await annAway;
      await resign({ gameId, clients: [bobClient] }, bobClient.seat as number);
      await s.notifier!.queue.idle();
      expect(decrypted(annDev).map((m) => m.title)).toEqual([`The game at ${TITLE} has ended`]);
      expect(push.to(bobDev)).toHaveLength(1);
    } finally {
      for (const cl of clients) cl.close();
      await s.close();
    }
  });

  it(`${name}: hostile subscriptions are refused; a profile holds at most pushSubsPerPlayer devices and gets at most notifyPerPlayer messages (the rest dropped and counted)`, async () => {
    const s = await server({ limits: { pushSubsPerPlayer: 2, notifyPerPlayer: { burst: 1, perMin: 0 } } });
    try {
      const ann = await newPlayer(s.url, 'Ann');
      const bob = await newPlayer(s.url, 'Bob');
      const d = push.device();
      const bad: unknown[] = [
        { endpoint: 'https://127.0.0.1/x', keys: d.keys, lang: 'en' },
        { endpoint: 'https://[::1]/x', keys: d.keys, lang: 'en' },
        { endpoint: 'https://localhost/x', keys: d.keys, lang: 'en' },
        { endpoint: 'http://push.example.com/x', keys: d.keys, lang: 'en' },
        { endpoint: 'https://user:pw@push.example.com/x', keys: d.keys, lang: 'en' },
        { endpoint: `https://push.example.com/${'x'.repeat(1100)}`, keys: d.keys, lang: 'en' },
        { endpoint: d.endpoint, keys: { ...d.keys, p256dh: d.keys.p256dh.slice(4) }, lang: 'en' },
        { endpoint: d.endpoint, keys: { ...d.keys, auth: 'A'.repeat(2000) }, lang: 'en' },
        { endpoint: d.endpoint, keys: d.keys, lang: 'fr' },
        { endpoint: d.endpoint, keys: d.keys, lang: 'en', extra: 1 },
      ];
      for (const b of bad) expect((await authApi(s.url, 'POST', '/api/me/push', ann.token, b)).status).toBe(400);
      expect(
        (await authApi(s.url, 'POST', '/api/me/push', null, { endpoint: d.endpoint, keys: d.keys, lang: 'en' })).status,
      ).toBe(401);
      await subscribe(s.url, ann.token, d, 'en');
      // The same device again is not a new one.
      await subscribe(s.url, ann.token, d, 'en');
      await subscribe(s.url, ann.token, push.device(), 'en');
      const third = push.device();
      const r = await authApi(s.url, 'POST', '/api/me/push', ann.token, {
        endpoint: third.endpoint,
        keys: third.keys,
        lang: 'en',
      });
      expect(r.status, r.text).toBe(409);
      expect(r.body.error.code).toBe('too_many_devices');
      // Two events for Ann (a join, then her turn): the second is over her budget.
      const t = await table(s.url, ann.token, bob.token);
      await authApi(s.url, 'POST', `/api/games/${t.gameId}/start`, null, { token: t.tokens[0] });
      await s.notifier!.queue.idle();
      expect(decrypted(d).map((m) => m.title)).toEqual([`Someone joined ${TITLE}`]);
      expect(s.notifier!.queue.counts.droppedProfileCap).toBe(1);
    } finally {
      await s.close();
    }
  });

  it(`${name}: the VAPID key outlives a restart; an expired subscription (410) is deleted; deleting the profile deletes its subscriptions`, async () => {
    const stores = await open();
    let s = await server({}, stores);
    const key = (await authApi(s.url, 'GET', '/api/push/key', null)).body.key;
    const ann = await newPlayer(s.url, 'Ann');
    const bob = await newPlayer(s.url, 'Bob');
    const gone = push.device();
    const kept = push.device();
    push.status.set(new URL(gone.endpoint).pathname, 410);
    await subscribe(s.url, ann.token, gone, 'en');
    await subscribe(s.url, ann.token, kept, 'en');
    await s.close();
    s = await server({}, await open());
    try {
      expect((await authApi(s.url, 'GET', '/api/push/key', null)).body.key).toBe(key);
      await table(s.url, ann.token, bob.token);
      await s.notifier!.queue.idle();
      expect(push.to(gone)).toHaveLength(1);
      expect((await authApi(s.url, 'GET', '/api/me/push', ann.token)).body.devices).toBe(1);
      const cy = await newPlayer(s.url, 'Cy');
      await subscribe(s.url, cy.token, push.device(), 'zh');
      expect(await s.notifier!.store.pushSubsOf(cy.id)).toHaveLength(1);
      expect((await authApi(s.url, 'DELETE', '/api/me', cy.token, { confirm: 'Cy' })).status).toBe(200);
      expect(await s.notifier!.store.pushSubsOf(cy.id)).toEqual([]);
    } finally {
      await s.close();
    }
  });
}
