// Refused WebSocket frames were parsed whole before the refusal (a 14 KB frame cost
// ~1 ms) and cost the sender nothing but its frame rate, so a few connections flooding them took
// most of a core. Now a frame is judged by its bytes first, and refusals spend a budget of their
// own: beyond it the connection is closed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { RunningServer } from '../src/app/server.js';
import { FRAME_BYTES } from '../src/ws/frame-gate.js';
import { Client, closeTable, mulberry, openTable, playOut, testServer } from './helpers.js';

let srv: RunningServer;
beforeAll(async () => {
  srv = await testServer(undefined, { limits: { refusedFramesPerConn: { burst: 8, perMin: 1 } } });
});
afterAll(async () => srv.close());

/** The close code of a raw client, once the server closed it. */
function closed(ws: WebSocket): Promise<number> {
  return new Promise((r) => ws.once('close', (code) => r(code)));
}

describe('attack: a flood of refused frames', () => {
  it('a connection sending oversized and malformed frames is closed after its refusal budget; an honest game plays on', async () => {
    const t = await openTable(srv.url, { mode: 'full', players: 2 });
    const bad = new WebSocket(srv.url.replace('http', 'ws') + '/ws');
    await new Promise((r) => bad.once('open', r));
    const errors: string[] = [];
    bad.on('message', (d) => errors.push(JSON.parse(d.toString()).code));
    const code = closed(bad);
    const junk = [
      `{"t":"act","gameId":"${t.gameId}","seq":0,"action":{"type":"pass"},"id":"${'x'.repeat(14_000)}"}`,
      'not json at all',
      '{"t":"act",',
      JSON.stringify({ t: 'act', gameId: t.gameId, seq: 'zero', action: {} }),
    ];
    for (let i = 0; i < 200 && bad.readyState === WebSocket.OPEN; i++) bad.send(junk[i % junk.length]!);
    expect(await code).toBe(1008);
    // Exactly the budget got answers; the rest was dropped unread.
    expect(errors).toHaveLength(8);
    expect(errors[0]).toBe('too_large');
    expect(errors[1]).toBe('bad_json');
    // Another game on other connections is untouched and plays to the end.
    const v = await playOut(t, mulberry(3));
    expect(v.result).not.toBeNull();
    closeTable(t);
  });

  it('a 14 KB action is refused by its kind`s size, before any parse (it was `malformed` after a parse)', async () => {
    const c = new Client(srv.url);
    await c.open();
    const big = JSON.stringify({ t: 'act', gameId: 'g', seq: 0, action: { type: 'pass' }, id: 'x'.repeat(14_000) });
    expect(big.length).toBeGreaterThan(FRAME_BYTES.act!);
    const e = await c.request(big, (m) => m.t === 'error');
    expect(e.code).toBe('too_large');
    // An honest frame on the same connection still works.
    expect(await c.request({ t: 'ping' }, (m) => m.t === 'pong')).toEqual({ t: 'pong' });
    c.close();
  });

  it('attack: refused frames spread over many connections of one address are cut off by the address budget', async () => {
    const s2 = await testServer(undefined, {
      limits: { refusedFramesPerConn: { burst: 1e6, perMin: 1e6 }, refusedFramesPerIp: { burst: 10, perMin: 1 } },
    });
    try {
      const socks = await Promise.all(
        Array.from({ length: 5 }, async () => {
          const ws = new WebSocket(s2.url.replace('http', 'ws') + '/ws');
          await new Promise((r) => ws.once('open', r));
          return ws;
        }),
      );
      const codes = socks.map(closed);
      // 15 refusals from one address against its 10: the ones past the budget close their sockets.
      for (const ws of socks) for (let i = 0; i < 3; i++) ws.send('not json');
      const first = await Promise.race(codes);
      expect(first).toBe(1008);
      for (const ws of socks) ws.terminate();
    } finally {
      await s2.close();
    }
  });
});
