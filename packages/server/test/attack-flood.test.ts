// Clients that never read, keep-alive by unsolicited pongs, hello and
// note floods.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/app/server.js';
import {
  api,
  Client,
  EXPECT_MS,
  type LogSink,
  mulberry,
  openTable,
  playOut,
  type Table,
  testServer,
} from './helpers.js';
import { ManualClock } from './manual-clock.js';
import { rawWs } from './raw-ws.js';

let srv: RunningServer;
let t: Table;
beforeAll(async () => {
  srv = await testServer(undefined, { limits: { maxBufferedBytes: 64 * 1024, slowConsumerMs: 300 } });
  t = await openTable(srv.url, { mode: 'full', players: 5 });
});
afterAll(async () => {
  for (const c of [...t.clients, t.spectator]) c.close();
  await srv.close();
});

/** A server whose heartbeat ticks only when the test advances `clock`. */
async function heartbeatServer(heartbeatMs: number) {
  const clock = new ManualClock();
  return { clock, srv: await testServer(undefined, { ws: { heartbeatMs, clock } }) };
}

/** Once this returns, every ping the server sent `c` before the call has been answered and that
 * answer handled: the client answers a ping as it reads it, before the frames after it, and the
 * server handles a connection's frames in order. */
async function pingsAnswered(c: Client): Promise<void> {
  // The first round trip reads whatever ping came before its reply (answering it on the way);
  // the second is handled after that answer.
  for (let i = 0; i < 2; i++) await c.request({ t: 'ping' }, (m) => m.t === 'pong');
}

/** Resolves once `cond` holds (checked every 10 ms: what it reads has no event to wait on). */
async function until(cond: () => boolean): Promise<void> {
  while (!cond()) await new Promise((r) => setTimeout(r, 10));
}

function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([
    p,
    new Promise<T>((_, rej) => setTimeout(() => rej(new Error(`${what}: not within ${ms} ms`)), ms)),
  ]);
}

describe('attack: a socket that never reads but answers heartbeats with unsolicited pongs', () => {
  it('is closed once its send buffer stays above the limit; others keep playing', async () => {
    // A clock never advanced: no heartbeat tick and no time above the limit, so only the rule of
    // 4 times the limit unsent can drop this socket, as soon as the server has written that much.
    const sink: LogSink = { lines: [] };
    const s2 = await testServer(
      undefined,
      { ws: { clock: new ManualClock() }, limits: { maxBufferedBytes: 64 * 1024, slowConsumerMs: 300 } },
      sink,
    );
    const t2 = await openTable(s2.url, { mode: 'full', players: 5 });
    const bad = await rawWs(s2.port);
    // Keep "alive" the way the attack did: pongs nobody asked for.
    const pongs = setInterval(() => bad.sendPong(), 50);
    try {
      // (~66 MB of frames: more than loopback kernel buffers hold, 32 MB here.)
      for (let i = 0; i < 30_000; i++) bad.sendText(JSON.stringify({ t: 'hello', gameId: t2.gameId, token: null }));
      await within(
        until(() => sink.lines.some((l) => l.includes('closing a connection that does not read'))),
        EXPECT_MS,
        'slow consumer closed',
      );
      // Now read what was sent: a dropped connection ends after its data, a kept one never does.
      bad.socket.on('data', () => undefined);
      bad.socket.resume();
      await within(bad.ended, EXPECT_MS, 'slow consumer dropped');
      expect((await api(s2.url, 'GET', '/api/health')).body).toEqual({ ok: true });
      const c = new Client(s2.url);
      expect((await c.hello(t2.gameId, null)).t).toBe('lobby');
      c.close();
    } finally {
      clearInterval(pongs);
      bad.socket.destroy();
      for (const c of [...t2.clients, t2.spectator]) c.close();
      await s2.close();
    }
  });

  it('a reading socket that only sends unsolicited pongs (never answers pings) is dropped by the heartbeat', async () => {
    const { clock, srv: hb } = await heartbeatServer(150);
    const bad = await rawWs(hb.port);
    let read = '';
    bad.socket.on('data', (d: Buffer) => (read += d.toString('latin1'))); // reads everything, ignores pings
    bad.socket.resume();
    try {
      clock.advance(150); // a ping
      // Pongs nobody asked for, then a frame whose reply says the server handled them.
      for (let i = 0; i < 5; i++) bad.sendPong();
      bad.sendText(JSON.stringify({ t: 'ping' }));
      await within(
        new Promise<void>((r) => {
          const seen = () => read.includes('"t":"pong"') && (bad.socket.off('data', seen), r());
          bad.socket.on('data', seen);
          seen();
        }),
        EXPECT_MS,
        'the unsolicited pongs handled',
      );
      clock.advance(150); // the ping is still unanswered: dropped
      await within(bad.ended, EXPECT_MS, 'heartbeat drop');
    } finally {
      bad.socket.destroy();
      await hb.close();
    }
  });

  it('a normal client answering pings stays connected across many heartbeats', async () => {
    const { clock, srv: hb } = await heartbeatServer(150);
    const c = new Client(hb.url);
    try {
      await c.open();
      let pings = 0;
      c.ws.on('ping', () => pings++);
      for (let i = 0; i < 10; i++) {
        clock.advance(150);
        await pingsAnswered(c);
      }
      expect(pings).toBe(10);
      expect(c.closed).toBe(false);
      expect(await c.request({ t: 'ping' }, (m) => m.t === 'pong')).toEqual({ t: 'pong' });
    } finally {
      c.close();
      await hb.close();
    }
  });
});

describe('the heartbeat spread over the period (one sweep of every connection stalled the loop)', () => {
  it('every connection, whatever its tick, is still pinged: silent ones are dropped, answering ones stay', async () => {
    // 1.2 s period in 12 ticks: thirteen connections in a row fall in every tick at least once.
    const { clock, srv: s2 } = await heartbeatServer(1200);
    const silent = await Promise.all(Array.from({ length: 13 }, () => rawWs(s2.port)));
    const good = await Promise.all(Array.from({ length: 7 }, () => new Client(s2.url)));
    try {
      await Promise.all(good.map((c) => c.open()));
      for (const bad of silent) {
        bad.socket.on('data', () => undefined); // reads everything, answers no ping
        bad.socket.resume();
      }
      const pinged = good.map(() => 0);
      good.forEach((c, i) => c.ws.on('ping', () => pinged[i]!++));
      /** How many answering clients each tick pinged. */
      const perTick: number[] = [];
      // Two periods: every silent connection is pinged in the first and dropped in the second.
      for (let tick = 0; tick < 24; tick++) {
        const before = pinged.reduce((a, b) => a + b, 0);
        clock.advance(100);
        await Promise.all(good.map(pingsAnswered));
        perTick.push(pinged.reduce((a, b) => a + b, 0) - before);
      }
      await within(Promise.all(silent.map((b) => b.ended)), EXPECT_MS, 'every silent connection dropped');
      // Spread: seven connections in a row take seven different ticks, each once a period.
      expect(Math.max(...perTick)).toBe(1);
      expect(pinged).toEqual(good.map(() => 2));
      for (const c of good) {
        expect(c.closed).toBe(false);
        expect(await c.request({ t: 'ping' }, (m) => m.t === 'pong')).toEqual({ t: 'pong' });
      }
    } finally {
      for (const b of silent) b.socket.destroy();
      for (const c of good) c.close();
      await s2.close();
    }
  });
});

describe('attack: hello and note floods', () => {
  it('hello has its own per-connection and per-IP budget', async () => {
    const s2 = await testServer(undefined, {
      limits: { helloPerConn: { burst: 3, perMin: 1 }, helloPerIp: { burst: 5, perMin: 1 } },
    });
    try {
      const c = await api(s2.url, 'POST', '/api/games', {
        name: 'Ann',
        mode: 'full',
        players: 2,
        bots: {},
        turnTimerSec: null,
      });
      const a = new Client(s2.url);
      await a.open();
      const got: string[] = [];
      for (let i = 0; i < 5; i++) got.push((await a.hello(c.body.gameId, null)).t === 'error' ? 'refused' : 'ok');
      expect(got).toEqual(['ok', 'ok', 'ok', 'refused', 'refused']);
      expect(a.msgs.filter((m) => m.t === 'error').every((m) => m.code === 'rate_limited')).toBe(true);
      // The address has 2 left (5 - 3 spent): a second connection gets those, then is refused too.
      const b = new Client(s2.url);
      await b.open();
      const got2: string[] = [];
      for (let i = 0; i < 3; i++) got2.push((await b.hello(c.body.gameId, null)).t === 'error' ? 'refused' : 'ok');
      expect(got2).toEqual(['ok', 'ok', 'refused']);
      a.close();
      b.close();
    } finally {
      await s2.close();
    }
  });

  it('note changes have their own rate limit; other actions are not affected', async () => {
    const s2 = await testServer(undefined, { limits: { notesPerConn: { burst: 3, perMin: 1 } } });
    try {
      const tb = await openTable(s2.url, { mode: 'training', players: 2 });
      const agent = tb.clients.find((c) => c.seat !== 0)!;
      const codes: string[] = [];
      for (let i = 0; i < 5; i++) {
        const seq = (await s2.service.master.getLive(tb.gameId))!.state!.seq;
        const note = { from: null, to: null, crossed: [], text: `n${i}` };
        const r = await agent.request(
          { t: 'act', gameId: tb.gameId, seq, action: { type: 'note', at: i, note }, id: `n${i}` },
          (m) => m.id === `n${i}`,
        );
        codes.push(r.t === 'error' ? r.code : 'ok');
      }
      expect(codes.slice(0, 3).every((c) => c !== 'rate_limited')).toBe(true);
      expect(codes.slice(3)).toEqual(['rate_limited', 'rate_limited']);
      for (const c of [...tb.clients, tb.spectator]) c.close();
    } finally {
      await s2.close();
    }
  });

  it('hello with lastSeq gets only what it missed (nothing when up to date), and the same log as a full state', async () => {
    const tb = await openTable(srv.url, { mode: 'training', players: 2 });
    const watcher = new Client(srv.url);
    await watcher.hello(tb.gameId, null);
    const at = watcher.view.seq as number;
    const heldLog = [...watcher.log];
    // Play a few actions while the watcher is away.
    watcher.close();
    let steps = 0;
    await playOut(tb, mulberry(7), { stop: () => steps++ >= 4 });
    const now = (await srv.service.master.getLive(tb.gameId))!.state!;
    const back = new Client(srv.url);
    await back.open();
    back.send({ t: 'hello', gameId: tb.gameId, token: null, lastSeq: at });
    const m = await back.wait((x) => x.t === 'events' || x.t === 'state');
    expect(now.seq).toBeGreaterThan(at);
    {
      expect(m.t).toBe('events');
      expect(m.logFrom).toBe(heldLog.length);
      const full = new Client(srv.url);
      await full.hello(tb.gameId, null);
      await full.wait((x) => x.t === 'state', EXPECT_MS, true);
      expect([...heldLog, ...m.view.log]).toEqual(full.log);
      full.close();
    }
    // Up to date: no state frame at all.
    const again = new Client(srv.url);
    await again.open();
    again.send({ t: 'hello', gameId: tb.gameId, token: null, lastSeq: now.seq });
    await again.wait((x) => x.t === 'lobby');
    await new Promise((r) => setTimeout(r, 200));
    expect(again.msgs.some((x) => x.t === 'state' || x.t === 'events')).toBe(false);
    for (const c of [...tb.clients, tb.spectator, back, again]) c.close();
  });
});
