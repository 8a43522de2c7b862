// Lobby over HTTP (and its WebSocket pushes), seat mapping, timers, static files.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RunningServer } from '../src/app/server.js';
import { MemoryStore } from '../src/store/memory.js';
import { api, Client, EXPECT_MS, closeTable, mulberry, openTable, playOut, testServer } from './helpers.js';
import { ManualClock } from './manual-clock.js';

let srv: RunningServer;
beforeAll(async () => {
  srv = await testServer();
});
afterAll(async () => srv.close());

const base = {
  name: 'Ann',
  mode: 'training',
  recruiterCard: 'random',
  recruiterChoice: 'random',
  bots: {},
  turnTimerSec: null,
};

describe('lobby', () => {
  it('health, validation errors, create/join/leave/start, open games, my games', async () => {
    expect((await api(srv.url, 'GET', '/api/health')).body).toEqual({ ok: true });
    for (const bad of [
      {},
      { ...base, players: 9 },
      { ...base, mode: 'x', players: 2 },
      { ...base, players: 2, name: '' },
      '{not json',
      { ...base, players: 2, extra: 1 },
    ]) {
      const r = await api(srv.url, 'POST', '/api/games', bad);
      expect(r.status).toBe(400);
      expect(typeof r.body.error.code).toBe('string');
      expect(typeof r.body.error.message).toBe('string');
    }
    expect((await api(srv.url, 'POST', '/api/games', { ...base, players: 2, name: 'x'.repeat(20_000) })).status).toBe(
      413,
    );
    const c = await api(srv.url, 'POST', '/api/games', {
      ...base,
      players: 3,
      recruiterChoice: 'volunteer',
    });
    expect(c.status).toBe(200);
    expect(c.body.token).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(c.body.invite).toBe(`/#/g/${c.body.gameId}`);
    const id = c.body.gameId;
    const info = (await api(srv.url, 'GET', `/api/games/${id}`)).body;
    expect(info.options.recruiterCard).toBe('random');
    expect(info.options.assistant).not.toBe('off'); // training default: an assistant
    expect(info.places.map((p: any) => p.taken)).toEqual([true, false, false]);
    // A watcher gets lobby pushes.
    const w = new Client(srv.url);
    await w.hello(id, null);
    const pushed = w.wait((m) => m.t === 'lobby' && m.lobby.places[2].taken);
    const j3 = await api(srv.url, 'POST', `/api/games/${id}/join`, { name: 'Cy', place: 3, volunteer: true });
    expect(j3.body.place).toBe(3);
    await pushed;
    expect((await api(srv.url, 'POST', `/api/games/${id}/join`, { name: 'Dee', place: 3 })).body.error.code).toBe(
      'place_taken',
    );
    expect((await api(srv.url, 'POST', `/api/games/${id}/start`, { token: c.body.token })).body.error.code).toBe(
      'not_full',
    );
    const j2 = await api(srv.url, 'POST', `/api/games/${id}/join`, { name: 'Bo' });
    expect(j2.body.place).toBe(2);
    expect((await api(srv.url, 'POST', `/api/games/${id}/join`, { name: 'Ed' })).body.error.code).toBe('full');
    expect((await api(srv.url, 'GET', '/api/games')).body.games.some((g: any) => g.gameId === id)).toBe(true);
    // Leave and rejoin.
    expect((await api(srv.url, 'POST', `/api/games/${id}/leave`, { token: j2.body.token })).body).toEqual({ ok: true });
    const j2b = await api(srv.url, 'POST', `/api/games/${id}/join`, { name: 'Bo2' });
    expect((await api(srv.url, 'POST', `/api/games/${id}/start`, { token: j2b.body.token })).body.error.code).toBe(
      'not_host',
    );
    expect((await api(srv.url, 'POST', `/api/games/${id}/start`, { token: c.body.token })).body).toEqual({ ok: true });
    const after = (await api(srv.url, 'GET', `/api/games/${id}`)).body;
    expect(after.status).toBe('active');
    // Volunteer-first: Cy (place 3) volunteered, so Cy is the recruiter.
    expect(after.seats.find((s: any) => s.seat === 0).name).toBe('Cy');
    expect(after.places.map((p: any) => p.seat)).toEqual([1, 2, 0]);
    expect((await api(srv.url, 'GET', '/api/games')).body.games.some((g: any) => g.gameId === id)).toBe(false);
    const mine = (await api(srv.url, 'POST', '/api/my-games', { tokens: [c.body.token, j3.body.token, 'bogus'] })).body
      .games;
    expect(mine).toHaveLength(1);
    expect(mine[0].gameId).toBe(id);
    expect(typeof mine[0].myTurn).toBe('boolean');
    expect((await api(srv.url, 'GET', `/api/games/${id}/record`)).status).toBe(403);
    w.close();
  });

  it('host leaving hands over the host; last person leaving closes the table', async () => {
    const c = await api(srv.url, 'POST', '/api/games', { ...base, players: 2 });
    const j = await api(srv.url, 'POST', `/api/games/${c.body.gameId}/join`, { name: 'Bo' });
    await api(srv.url, 'POST', `/api/games/${c.body.gameId}/leave`, { token: c.body.token });
    expect((await api(srv.url, 'GET', `/api/games/${c.body.gameId}`)).body.hostPlace).toBe(2);
    await api(srv.url, 'POST', `/api/games/${c.body.gameId}/leave`, { token: j.body.token });
    expect((await api(srv.url, 'GET', `/api/games/${c.body.gameId}`)).status).toBe(404);
  });

  it('solo tables get bot seats on the other side; options reach the engine', async () => {
    const r = await api(srv.url, 'POST', '/api/games', {
      ...base,
      mode: 'full',
      players: 1,
      solo: { role: 'recruiter', level: 'random' },
      recruiterCard: 'choose',
    });
    await api(srv.url, 'POST', `/api/games/${r.body.gameId}/start`, { token: r.body.token });
    const st = (await srv.service.master.getLive(r.body.gameId))!.state!;
    expect(st.agentSeats).toBe(1);
    expect(st.mode).toBe('full');
    expect(st.recruiterCardRule).toBe('choose');
    const info = (await api(srv.url, 'GET', `/api/games/${r.body.gameId}`)).body;
    expect(info.seats).toEqual([
      { seat: 0, name: 'Ann', bot: null, place: 1, online: false },
      { seat: 1, name: 'Bot (random)', bot: 'random', place: null, online: false },
    ]);
    expect(info.options.assistant).not.toBe('off');
    const m = await api(srv.url, 'POST', '/api/games', { ...base, mode: 'full', players: 4 });
    expect((await api(srv.url, 'GET', `/api/games/${m.body.gameId}`)).body.options.assistant).toBe('off');
  });

  it('turn timer: deadline stored in the store; the sweep seats a stand-in, then applies timeout (D13)', async () => {
    const store = new MemoryStore();
    const s2 = await testServer(store, { service: { sweepMs: 3_600_000 } });
    const t = await openTable(s2.url, { mode: 'training', players: 2, turnTimerSec: 30 });
    const row = (await store.getGame(t.gameId))!;
    expect(row.deadline).not.toBeNull();
    expect(row.deadline!.at).toBeGreaterThan(Date.now() + 25_000);
    expect(await s2.service.sweep(Date.now())).toBe(0);
    // The other player still plays: a stand-in takes the seat that ran out of time (D13).
    const seated = t.spectator.wait((m) => m.t === 'lobby' && m.lobby.seats?.some((x: any) => x.standIn));
    expect(await s2.service.sweep(Date.now() + 31_000)).toBe(1);
    await seated;
    // When the other one's time runs out too, nobody plays: the game ends by timeout.
    const over = t.spectator.wait((m) => m.t === 'events' && m.view.result);
    for (let i = 0; i < 100 && !t.spectator.view.result; i++) {
      await s2.service.sweep(Date.now() + 62_000);
      await new Promise((r) => setTimeout(r, 20));
    }
    const v = (await over).view;
    expect(v.result.reason).toBe('timeout');
    expect((await store.getGame(t.gameId))!.status).toBe('over');
    closeTable(t);
    await s2.close();
  });

  it('bot recruiter answers to asks take a fixed time (no timing leak)', async () => {
    // The release is reckoned on a clock the test moves: the answer must wait for exactly 250 ms
    // of it after the ask, however fast the bot decided (it decides while the clock stands still).
    const rng = mulberry(9);
    let timed = 0;
    // The server draws each game's seed, so a game may end before anyone asks: then sit at a
    // new table (regression: this test failed when a random bot recruiter lost before any ask).
    for (let table = 0; table < 6 && timed < 2; table++) {
      // A server and a clock per table: a table left plays on with a stand-in for the player, and
      // its bot recruiter's answers would wait on this clock too.
      const clock = new ManualClock();
      const s3 = await testServer(new MemoryStore(), { service: { botAskAnswerMs: 250, botReleaseClock: clock } });
      const t = await openTable(s3.url, { mode: 'training', players: 1, solo: { role: 'agents', level: 'random' } });
      const me = t.bySeat.get(1)!;
      for (let i = 0; i < 400 && !me.view.result && timed < 2; i++) {
        await me.waitSeq(t.spectator.view.seq);
        if (!me.view.expected.includes(1) || !me.legal.length) {
          await t.spectator.waitSeq(t.spectator.view.seq + 1);
          continue;
        }
        const ask = me.legal.find((a: any) => a.type === 'ask');
        // never capture before an ask has been timed, so the game does not end early
        const others = me.legal.filter((a: any) => a.type !== 'capture');
        const pool = others.length ? others : me.legal;
        const a = ask ?? pool[Math.floor(rng() * pool.length)];
        const { seat: _s, ...rest } = a;
        const r = await me.request(
          { t: 'act', gameId: t.gameId, seq: me.view.seq, action: rest, id: `q${table}-${i}` },
          (m) => m.id === `q${table}-${i}`,
        );
        if (r.t === 'error' || !ask) continue;
        const isAnswer = (m: any) => m.t === 'events' && m.events.some((e: any) => e.pub.kind === 'askAnswered');
        const before = me.msgs.length;
        // the bot has decided and its answer waits for its release (an event, not a deadline)
        // The clock stood still while the bot decided, so its answer is due 250 ms from now: wait
        // for that alarm (an event, not a deadline). Other alarms of this server may be pending
        // too, so the test follows this one by its time, not by a count.
        const due = clock.now() + 250;
        for (let k = 0; k < 500 && !clock.dueAt.includes(due); k++) await new Promise((res) => setTimeout(res, 10));
        expect(clock.dueAt).toContain(due);
        clock.advance(249);
        // one ms short of the release, the alarm that sends the answer has not rung
        expect(clock.dueAt).toContain(due);
        expect(me.msgs.slice(before).some(isAnswer)).toBe(false);
        const answer = me.wait(isAnswer); // sent after the release, never before: it is async
        clock.advance(1);
        expect(clock.dueAt).not.toContain(due);
        await answer;
        timed++;
      }
      closeTable(t);
      await s3.close();
    }
    expect(timed).toBe(2);
  });

  it('serves the web build with SPA fallback, or a placeholder page', async () => {
    const r = await fetch(srv.url + '/some/route');
    expect(r.status).toBe(200);
    expect(await r.text()).toContain('Mind MGMT');
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'mm-web-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<html>APP</html>');
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'assets', 'a.js'), 'console.log(1)');
    const s4 = await testServer(new MemoryStore(), { webDist: dist });
    expect(await (await fetch(s4.url + '/g/abc')).text()).toBe('<html>APP</html>');
    const js = await fetch(s4.url + '/assets/a.js');
    expect(js.headers.get('content-type')).toContain('javascript');
    expect(await js.text()).toBe('console.log(1)');
    expect(await (await fetch(s4.url + '/..%2F..%2Fetc%2Fpasswd')).text()).toBe('<html>APP</html>');
    expect((await api(s4.url, 'GET', '/api/nope')).status).toBe(404);
    await s4.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });
});

describe('reconnect', () => {
  it('hello again gives a fresh state; the game goes on', async () => {
    const t = await openTable(srv.url, { mode: 'training', players: 2 });
    const rng = mulberry(5);
    await playOut(t, rng, { maxSteps: 10, onStep: () => undefined }).catch(() => undefined);
    const seat = t.clients[0]!.seat as number;
    const tok = t.tokens[0]!;
    t.clients[0]!.close();
    const c = new Client(srv.url);
    const st = await c.hello(t.gameId, tok);
    const s = st.t === 'state' ? st : await c.wait((m) => m.t === 'state', EXPECT_MS, true);
    expect(s.seat).toBe(seat);
    expect(s.view.seq).toBe((await srv.service.master.getLive(t.gameId))!.state!.seq);
    c.close();
    closeTable(t);
  });
});
