// 30 addresses each holding 32 upgraded WebSockets that never said `hello` (answering pings, so
// the heartbeat kept them) took every client socket of a 1,024-descriptor server: health checks,
// lobby reads and players' WebSockets from everyone else failed, and no silent socket was closed.
// Here with small caps (64 sockets, 8 of them the reserve, so 42 WebSockets; 4 per address, 8 per
// /24) and loopback addresses 127.0.x.y standing in for many clients on many networks. The hello
// deadline runs on a clock the test advances: nothing here depends on the machine's speed.
import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { RunningServer } from '../src/app/server.js';
import { Client, closeTable, openTable, testServer } from './helpers.js';
import { ManualClock } from './manual-clock.js';

const CAPS = { maxSockets: 64, socketReserve: 8, connectionsPerIp: 4, wsPerPrefix: 8 };
const HELLO_MS = 5000;

interface Held {
  /** The code the server closed the socket with; null while open. */
  code: number | null;
  readonly closed: Promise<number>;
}

/** The close code of a WebSocket, recorded as soon as it closes. */
function watch(ws: WebSocket): Held {
  const held: Held = {
    code: null,
    closed: new Promise<number>((r) => ws.once('close', (code) => r((held.code = code)))),
  };
  return held;
}

/** A WebSocket from `from` that never sends a frame (ws answers pings by itself); rejects with
 * the HTTP status of a refused upgrade. */
function silent(port: number, from: string): Promise<Held> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, { localAddress: from });
    const held = watch(ws);
    ws.once('unexpected-response', (_req, res) => {
      reject(new Error(`refused ${res.statusCode}`));
      ws.terminate();
    });
    ws.once('error', reject);
    ws.once('open', () => resolve(held));
  });
}

/** Opens `n` silent WebSockets from each of the addresses, one address after the other; what
 * was refused is counted, as the attacker would. */
async function flood(port: number, addresses: string[], n: number, out: Held[]): Promise<number> {
  let refused = 0;
  for (const a of addresses)
    for (const r of await Promise.allSettled(Array.from({ length: n }, () => silent(port, a))))
      if (r.status === 'fulfilled') out.push(r.value);
      else refused++;
  return refused;
}

/** The status of a GET from `from`, or the error code of a refused socket (reset, ...). */
function get(port: number, path: string, from: string): Promise<number | string> {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path, localAddress: from, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
  });
}

/** A player's connection from `from` that says `hello` at once, as the web client does. */
async function player(srv: RunningServer, from: string, gameId: string, token: string | null) {
  const c = new Client(srv.url, undefined, from);
  const held = watch(c.ws);
  const first = await c.hello(gameId, token);
  return { c, held, first };
}

async function until(cond: () => boolean): Promise<void> {
  while (!cond()) await new Promise((r) => setTimeout(r, 10));
}

const servers: RunningServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

describe('attack: silent WebSockets from many addresses hold every socket', () => {
  it('regression: many addresses across several /24s hold silent WebSockets; health, lobby and a seat still get in; the silent ones are closed at the hello deadline', async () => {
    const clock = new ManualClock();
    const srv = await testServer(undefined, { limits: CAPS, ws: { helloMs: HELLO_MS, clock } });
    servers.push(srv);
    // Three quarters of the 56 sockets outside the reserve.
    expect(srv.webSockets.caps).toEqual({ perAddress: 4, perPrefix: 8, total: 42 });
    const t = await openTable(srv.url, { mode: 'full', players: 2 });
    const players = [...t.clients, t.spectator];
    const playerCodes = players.map((c) => watch(c.ws));

    // Per network: a /24 holds 8, whatever its addresses; another /24 still connects.
    const all: Held[] = [];
    expect(await flood(srv.port, ['127.0.1.1', '127.0.1.2'], 4, all)).toBe(0);
    await expect(silent(srv.port, '127.0.1.3')).rejects.toThrow('refused 429');
    all.push(await silent(srv.port, '127.0.2.1'));

    // The flood: 8 more /24s, 2 addresses each, 4 sockets each: 76 WebSockets asked for in all,
    // more than the 64 sockets the server has.
    const nets = Array.from({ length: 8 }, (_, i) => [`127.0.${3 + i}.1`, `127.0.${3 + i}.2`]).flat();
    const refused = await flood(srv.port, nets, 4, all);

    // Health and a lobby read from other addresses; a seat's WebSocket too (it takes a silent
    // socket's place).
    expect(await get(srv.port, '/api/health', '127.0.20.1')).toBe(200);
    expect(await get(srv.port, '/api/games', '127.0.20.2')).toBe(200);
    const back = await player(srv, '127.0.20.3', t.gameId, t.tokens[1]!);
    expect(back.first.t).toBe('lobby');

    // Every one of the flood got in, each over the total in a silent socket's place (closed with
    // 1013), never a player's: 42 held.
    expect(refused).toBe(0);
    expect(srv.webSockets.size).toBe(42);
    const shed = all.length + players.length + 1 - 42;
    expect(shed).toBe(35);
    await until(() => all.filter((h) => h.code !== null).length >= shed);
    expect(all.filter((h) => h.code === 1013).length).toBe(shed);
    expect([...playerCodes, back.held].every((h) => h.code === null)).toBe(true);

    // Nothing closes the silent sockets before the deadline; every one of them at it (4408).
    const left = all.filter((h) => h.code === null);
    expect(left.length).toBe(42 - players.length - 1);
    clock.advance(HELLO_MS - 1);
    await get(srv.port, '/api/health', '127.0.20.1');
    expect(left.every((h) => h.code === null)).toBe(true);
    clock.advance(1);
    expect(await Promise.all(left.map((h) => h.closed))).toEqual(left.map(() => 4408));
    await until(() => srv.webSockets.size === players.length + 1);
    expect([...playerCodes, back.held].every((h) => h.code === null)).toBe(true);
    back.c.close();
    closeTable(t);
  });

  it('regression: at the total, a seat gets in by shedding a silent socket, then a spectator; seats are never closed, and only seats left means a refusal', async () => {
    const clock = new ManualClock();
    const srv = await testServer(undefined, {
      limits: { ...CAPS, maxWebSockets: 5 },
      ws: { helloMs: HELLO_MS, clock },
    });
    servers.push(srv);
    // 2 seats and a spectator (openTable, from 127.0.0.1), a spectator from another /24, and a
    // socket that has not said hello yet: all 5 taken.
    const t = await openTable(srv.url, { mode: 'full', players: 2 });
    const seats = t.clients.map((c) => watch(c.ws));
    const spectator = watch(t.spectator.ws);
    const watcher = await player(srv, '127.0.3.1', t.gameId, null);
    const quiet = await silent(srv.port, '127.0.1.1');
    expect(srv.webSockets.size).toBe(5);

    // A seat's new connection: the silent socket goes first, though spectators are there.
    const seat0 = await player(srv, '127.0.4.1', t.gameId, t.tokens[0]!);
    expect(seat0.first.t).toBe('lobby');
    expect(await quiet.closed).toBe(1013);
    expect(spectator.code ?? watcher.held.code).toBe(null);

    // The next: a spectator goes, the one of the network holding the most (a tie here: the
    // older network), then the other.
    const seat1 = await player(srv, '127.0.4.2', t.gameId, t.tokens[1]!);
    expect(await spectator.closed).toBe(1013);
    expect(watcher.held.code).toBe(null);
    const seat1b = await player(srv, '127.0.4.3', t.gameId, t.tokens[1]!);
    expect(await watcher.held.closed).toBe(1013);

    // Only seats now: a new connection is refused (503), none of them is closed.
    expect(srv.webSockets.count('seat')).toBe(5);
    await expect(silent(srv.port, '127.0.2.1')).rejects.toThrow('refused 503');
    await expect(silent(srv.port, '127.0.2.2')).rejects.toThrow('refused 503');
    // A seat is never closed by the hello deadline either.
    clock.advance(HELLO_MS);
    expect(await get(srv.port, '/api/health', '127.0.20.1')).toBe(200);
    expect([...seats, seat0.held, seat1.held, seat1b.held].every((h) => h.code === null)).toBe(true);
    for (const c of [seat0.c, seat1.c, seat1b.c]) c.close();
    closeTable(t);
  });
});
