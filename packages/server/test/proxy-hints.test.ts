// What the log tells an operator whose proxy is set up wrong. A refused WebSocket shows the
// browser nothing but a failed socket: behind nginx with `Host $host` (the port dropped) every
// player's socket was refused with 403 and neither the page nor the log said why; behind a
// proxy without TRUST_PROXY every player shared the proxy's address and nothing said so either.
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFUSED_ORIGINS_LOGGED } from '../src/http/client.js';
import type { RunningServer } from '../src/app/server.js';
import { MemoryStore } from '../src/store/memory.js';
import { type LogSink, testServer } from './helpers.js';

/** A WebSocket handshake with these headers: 101, or the status it was refused with. */
function handshake(port: number, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: '127.0.0.1',
      port,
      path: '/ws',
      agent: false,
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-key': randomBytes(16).toString('base64'),
        'sec-websocket-version': '13',
        ...headers,
      },
    });
    req.on('upgrade', (res, socket) => {
      socket.destroy();
      resolve(res.statusCode ?? 0);
    });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

const sink: LogSink = { lines: [] };
let server: RunningServer;
beforeAll(async () => {
  server = await testServer(new MemoryStore(), { limits: { trustProxy: false } }, sink);
});
afterAll(() => server.close());
const said = (text: string) => sink.lines.filter((l) => l.includes(text)).map((l) => JSON.parse(l));

describe('the log says why a proxy in front does not work', () => {
  it('regression: behind `Host $host` every browser WebSocket got 403 and nothing said why', async () => {
    const page = 'https://game.example.org:8443';
    for (let i = 0; i < 3; i++)
      expect(await handshake(server.port, { host: 'game.example.org', origin: page })).toBe(403);
    const lines = said('WebSocket refused');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ origin: page, host: 'game.example.org' });
    // the port kept in Host is accepted, and a default port written out matches the origin without it
    expect(await handshake(server.port, { host: 'game.example.org:8443', origin: page })).toBe(101);
    expect(await handshake(server.port, { host: 'game.example.org:443', origin: 'https://game.example.org' })).toBe(
      101,
    );
    // a flood of made-up origins logs a bounded number of lines
    for (let i = 0; i < REFUSED_ORIGINS_LOGGED + 5; i++)
      expect(await handshake(server.port, { host: 'game.example.org', origin: `https://x${i}.example` })).toBe(403);
    expect(said('WebSocket refused')).toHaveLength(REFUSED_ORIGINS_LOGGED);
  });

  it('regression: behind a proxy without TRUST_PROXY every player shared its address and nothing said so', async () => {
    const host = `127.0.0.1:${server.port}`;
    expect(await handshake(server.port, { host })).toBe(101);
    expect(said('TRUST_PROXY is not set')).toHaveLength(0);
    for (let i = 0; i < 3; i++)
      expect(await handshake(server.port, { host, 'x-forwarded-for': `203.0.113.${i}` })).toBe(101);
    expect(said('TRUST_PROXY is not set')).toHaveLength(1);
  });
});
