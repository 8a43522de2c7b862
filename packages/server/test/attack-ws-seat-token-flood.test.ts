// A seat's WebSocket is never closed to make room at the WebSocket total; but a "seat" was any
// socket whose `hello` carried a token holding a place. One waiting table, which any address may
// create, gave the token: said by WebSockets from 20 /24s it held all 630 WebSockets of a
// 1,024-descriptor server, and the players of a running game could not reconnect (503). Now only
// a seat of a running game, and only its token's newest `wsSeatsPerToken` connections, are in
// play; the others are closed to make room (1013) after the silent and spectating ones.
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { RunningServer } from '../src/app/server.js';
import { api, Client, closeTable, openTable, testServer } from './helpers.js';

const CAPS = { maxSockets: 64, socketReserve: 8, connectionsPerIp: 4, wsPerPrefix: 8 };

interface Held {
  code: number | null;
  readonly closed: Promise<number>;
}

function watch(ws: WebSocket): Held {
  const held: Held = {
    code: null,
    closed: new Promise<number>((r) => ws.once('close', (code) => r((held.code = code)))),
  };
  return held;
}

/** A connection from `from` that says `hello` at once; rejects with the status of a refused upgrade. */
async function hello(srv: RunningServer, from: string, gameId: string, token: string | null) {
  const c = new Client(srv.url, undefined, from);
  const held = watch(c.ws);
  const refused = new Promise<never>((_r, reject) =>
    c.ws.once('unexpected-response', (_q, res) => reject(new Error(`refused ${res.statusCode}`))),
  );
  const first = await Promise.race([c.hello(gameId, token), refused]);
  return { c, held, first };
}

async function until(cond: () => boolean): Promise<void> {
  while (!cond()) await new Promise((r) => setTimeout(r, 10));
}

const servers: RunningServer[] = [];
const clients: Client[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  for (const s of servers.splice(0)) await s.close();
});

describe('attack: one seat token said by WebSockets from many networks', () => {
  it("regression: a waiting table's token in hello from many /24s fills the WebSocket total; a running game's player still reconnects", async () => {
    const srv = await testServer(undefined, { limits: { ...CAPS, maxWebSockets: 8 } });
    servers.push(srv);
    const t = await openTable(srv.url, { mode: 'full', players: 2 });
    const seats = t.clients.map((c) => watch(c.ws));
    // The attacker's table: one create, one token.
    const x = await api(srv.url, 'POST', '/api/games', { name: 'X', mode: 'training', players: 2, bots: {} });
    expect(x.status).toBe(200);
    const flood = [];
    for (let n = 1; n <= 6; n++) {
      const h = await hello(srv, `127.0.${30 + n}.1`, x.body.gameId, x.body.token);
      clients.push(h.c);
      flood.push(h.held);
    }
    expect(srv.webSockets.size).toBe(8);
    // The player of the running game, from a new network: in, in the place of one of the flood.
    const back = await hello(srv, '127.0.40.1', t.gameId, t.tokens[1]!);
    clients.push(back.c);
    expect(back.first.t).toBe('lobby');
    await expect(Promise.race(flood.map((h) => h.closed))).resolves.toBe(1013);
    expect(seats.every((h) => h.code === null)).toBe(true);
    closeTable(t);
  });

  it("regression: a running game's one token said by many WebSockets holds only its newest few; the other game's players still get in", async () => {
    const srv = await testServer(undefined, {
      limits: { ...CAPS, connectionsPerIp: 8, maxWebSockets: 6, wsSeatsPerToken: 1 },
    });
    servers.push(srv);
    const t = await openTable(srv.url, { mode: 'full', players: 2 });
    const seats = t.clients.map((c) => watch(c.ws));
    t.spectator.close();
    // The attacker's own running game (two places of its own), then its first seat's token again
    // and again from other networks.
    const a = await openTable(srv.url, { mode: 'full', players: 2 });
    a.spectator.close();
    await until(() => srv.webSockets.size === 4);
    const flood = [];
    for (let n = 1; n <= 5; n++) {
      const h = await hello(srv, `127.0.${50 + n}.1`, a.gameId, a.tokens[0]!);
      clients.push(h.c);
      flood.push(h.held);
    }
    expect(srv.webSockets.size).toBe(6);
    // Both players of the other game reconnect from a new network.
    for (const [i, token] of t.tokens.entries()) {
      const back = await hello(srv, `127.0.60.${i + 1}`, t.gameId, token);
      clients.push(back.c);
      expect(back.first.t).toBe('lobby');
    }
    expect(seats.every((h) => h.code === null)).toBe(true);
    // The flood's newest connection of that token stays (the attacker's seat, as a person's device).
    expect(flood.at(-1)!.code).toBe(null);
    closeTable(t);
    closeTable(a);
  });

  it('regression: running games of its own, their seats said from one /24 past its share, fill the total; a player from another network still reconnects', async () => {
    const srv = await testServer(undefined, { limits: { ...CAPS, maxWebSockets: 6, wsSeatsPerPrefix: 2 } });
    servers.push(srv);
    const t = await openTable(srv.url, { mode: 'full', players: 2 });
    const seats = t.clients.map((c) => watch(c.ws));
    t.spectator.close();
    await until(() => srv.webSockets.size === 2);
    // The attacker's running game, each seat token said twice from its network: 4 seats in play.
    const x = await api(srv.url, 'POST', '/api/games', { name: 'X', mode: 'training', players: 2, bots: {} });
    const y = await api(srv.url, 'POST', `/api/games/${x.body.gameId}/join`, { name: 'Y' });
    const flood = [];
    for (const [i, token] of [x.body.token, y.body.token, x.body.token, y.body.token].entries()) {
      const h = await hello(srv, `127.0.70.${i + 1}`, x.body.gameId, token);
      clients.push(h.c);
      flood.push({ ...h, started: h.c.wait((m) => m.t === 'state') });
    }
    expect((await api(srv.url, 'POST', `/api/games/${x.body.gameId}/start`, { token: x.body.token })).status).toBe(200);
    await Promise.all(flood.map((h) => h.started));
    expect(srv.webSockets.size).toBe(6);
    expect(srv.webSockets.count('seat')).toBe(6);
    // A player of the other game, from another network: in, in the place of one of the flood.
    const back = await hello(srv, '127.0.60.1', t.gameId, t.tokens[0]!);
    clients.push(back.c);
    expect(back.first.t).toBe('lobby');
    await expect(Promise.race(flood.map((h) => h.held.closed))).resolves.toBe(1013);
    expect(seats.every((h) => h.code === null)).toBe(true);
    closeTable(t);
  });
});
