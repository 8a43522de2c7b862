// Fuzz: >= 10,000 malformed or random frames against a live game. The server stays up, every
// frame gets an error, and the game (seq and every seat's view) is unchanged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION_TYPES, seenSeq } from '@mindmgmt/engine';
import type { RunningServer } from '../src/app/server.js';
import { api, Client, closeTable, mulberry, openTable, playOut, testServer } from './helpers.js';

let srv: RunningServer;
beforeAll(async () => {
  // Every bad frame must get its answer here: the refused-frame budget (which would close these
  // connections after a few dozen, attack-refused-frames.test.ts) is opened up.
  srv = await testServer(undefined, {
    limits: { refusedFramesPerConn: { burst: 1e6, perMin: 1e6 }, refusedFramesPerIp: { burst: 1e6, perMin: 1e6 } },
  });
});
afterAll(async () => srv.close());

function junkValue(r: () => number, depth = 0): unknown {
  const k = Math.floor(r() * 10);
  switch (k) {
    case 0:
      return null;
    case 1:
      return r() < 0.5;
    case 2:
      return Math.floor(r() * 100) - 20;
    case 3:
      return r() * 1e12;
    case 4:
      return 'x'.repeat(Math.floor(r() * 50));
    case 5:
      return depth < 3 ? [junkValue(r, depth + 1), junkValue(r, depth + 1)] : [];
    case 6:
      return depth < 3 ? { a: junkValue(r, depth + 1), type: junkValue(r, depth + 1) } : {};
    case 7:
      return -0.5;
    case 8:
      return '\u0000\uffff<script>';
    default:
      return Number.MAX_SAFE_INTEGER;
  }
}

function frame(r: () => number, gameId: string, seq: number, legal: any[]): string | Buffer {
  const k = Math.floor(r() * 14);
  const type = ACTION_TYPES[Math.floor(r() * ACTION_TYPES.length)];
  switch (k) {
    case 0:
      return '{"t":"act",' + 'x'.repeat(Math.floor(r() * 100));
    case 1:
      return JSON.stringify(junkValue(r));
    case 2:
      return JSON.stringify({ t: 'act', gameId, seq, action: { type: 'fly', to: 3 } });
    case 3:
      return JSON.stringify({ t: 'act', gameId, seq, action: { type, to: junkValue(r), at: junkValue(r) } });
    case 4: {
      // A legal action, but with a wrong seq.
      const a = legal[Math.floor(r() * legal.length)] ?? { type: 'endTurn' };
      return JSON.stringify({ t: 'act', gameId, seq: seq + 1 + Math.floor(r() * 5), action: a, id: 'L' });
    }
    case 5:
      return JSON.stringify({ t: 'act', gameId, seq: junkValue(r), action: {} });
    case 6:
      return JSON.stringify({
        t: 'act',
        gameId,
        seq,
        action: { type: 'note', at: 3, note: { from: 1, to: 2, crossed: [], text: 'y'.repeat(5000) } },
      });
    case 7:
      return 'z'.repeat(17 * 1024 + Math.floor(r() * 1000)); // over the 16 KB frame limit
    case 8:
      return JSON.stringify({ t: 'hello', gameId: 'g' + Math.floor(r() * 1e6), token: null });
    case 9:
      return JSON.stringify({ t: junkValue(r), gameId });
    case 10:
      return Buffer.from([0, 1, 2, 3, Math.floor(r() * 255)]);
    case 11:
      return JSON.stringify({ t: 'act', gameId: 'other', seq, action: { type: 'resign' } });
    case 12:
      return JSON.stringify({ t: 'act', gameId, seq, action: { type: 'timeout' } });
    default:
      return JSON.stringify({ t: 'act', gameId, seq, action: { type: 'resign', seat: 4 }, id: 'x'.repeat(100) });
  }
}

describe('fuzz', () => {
  it('10,000+ bad frames: each gets an error, nothing changes, server and game survive', async () => {
    const t = await openTable(srv.url, { mode: 'full', players: 3 });
    await playOut(t, mulberry(7), { maxSteps: 25 }).catch(() => undefined);
    const st = (await srv.service.master.getLive(t.gameId))!.state!;
    const seq = st.seq;
    const conns = [...t.clients, t.spectator];
    // D12: each seat's own count (the others' leaves out what the recruiter took back)
    await Promise.all(conns.map((c) => c.waitSeq(seenSeq(st, c.seat!))));
    const before = conns.map((c) => JSON.stringify(c.view));
    const r = mulberry(99);
    const PER = 3400;
    await Promise.all(
      conns.map(async (c, i) => {
        const errorsBefore = c.msgs.filter((m) => m.t === 'error').length;
        const done = c.wait(() => c.msgs.filter((m) => m.t === 'error').length >= errorsBefore + PER, 120_000);
        for (let n = 0; n < PER; n++) {
          c.send(frame(r, t.gameId, seq, c.legal));
          if (n % 200 === 0) await new Promise((res) => setImmediate(res));
        }
        await done;
        const errors = c.msgs.filter((m) => m.t === 'error').slice(errorsBefore);
        expect(errors).toHaveLength(PER);
        for (const e of errors) {
          expect(typeof e.code).toBe('string');
          expect(typeof e.message).toBe('string');
          expect(e.message.length).toBeLessThan(300);
        }
        expect(c.closed).toBe(false);
        void i;
      }),
    );
    // Nothing changed: same seq, no events, and a fresh hello gives the same view.
    expect((await srv.service.master.getLive(t.gameId))!.state!.seq).toBe(seq);
    for (const c of conns) expect(c.msgs.filter((m) => m.t === 'events' && m.seq > seq)).toHaveLength(0);
    for (let i = 0; i < conns.length; i++) {
      const c = conns[i]!;
      const fresh = await c.request(
        {
          t: 'hello',
          gameId: t.gameId,
          token: i < t.clients.length ? (t.tokens.find((_, k) => t.clients[k] === c) ?? null) : null,
        },
        (m) => m.t === 'state',
      );
      expect(JSON.stringify(fresh.view)).toBe(before[i]);
    }
    expect((await api(srv.url, 'GET', '/api/health')).body).toEqual({ ok: true });
    // The game goes on to a result.
    const v = await playOut(t, mulberry(8));
    expect(v.result).not.toBeNull();
    closeTable(t);
  });

  it('rate limit: a flood gets rate_limited errors, not a crash', async () => {
    const s2 = await testServer(undefined, { ws: { ratePerSec: 5, rateBurst: 10 } });
    const c = new Client(s2.url);
    await c.open();
    for (let i = 0; i < 30; i++) c.send({ t: 'ping' });
    await c.wait(() => c.msgs.length >= 30);
    expect(c.msgs.filter((m) => m.t === 'pong').length).toBeGreaterThanOrEqual(10);
    expect(c.msgs.filter((m) => m.code === 'rate_limited').length).toBeGreaterThan(0);
    c.close();
    await s2.close();
  });
});
