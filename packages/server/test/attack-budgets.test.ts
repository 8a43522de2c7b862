// One client creating thousands of tables, joining, starting and connecting
// without limit; tables and games that live forever; a restart that replays every game first.
import { describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { MemoryStore } from '../src/store/memory.js';
import type { GameRow } from '../src/store/types.js';
import { api, Client, EXPECT_MS, openTable, testServer } from './helpers.js';

const base = { name: 'Ann', mode: 'full', players: 2, bots: {}, turnTimerSec: null };

function upgradeStatus(url: string, headers: Record<string, string> = {}): Promise<WebSocket | number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`${url.replace('http', 'ws')}/ws`, { headers });
    ws.on('open', () => resolve(ws));
    ws.on('unexpected-response', (_q, res) => resolve(res.statusCode!));
    ws.on('error', () => undefined);
  });
}

describe('attack: table spam from one address', () => {
  it('table creation, joins and starts have per-IP budgets with a clear 429', async () => {
    const srv = await testServer(undefined, {
      limits: {
        createPerIp: { burst: 3, perMin: 1 },
        joinPerIp: { burst: 2, perMin: 1 },
        startPerIp: { burst: 1, perMin: 1 },
      },
    });
    try {
      const made = [];
      for (let i = 0; i < 3; i++) made.push(await api(srv.url, 'POST', '/api/games', base));
      expect(made.map((r) => r.status)).toEqual([200, 200, 200]);
      const fourth = await api(srv.url, 'POST', '/api/games', base);
      expect(fourth.status).toBe(429);
      expect(fourth.body.error.code).toBe('rate_limited');
      expect(fourth.body.error.message).toMatch(/new tables.*try again in \d+ s/);
      const joins = [];
      for (const m of made) joins.push(await api(srv.url, 'POST', `/api/games/${m.body.gameId}/join`, { name: 'Bo' }));
      expect(joins.map((r) => r.status)).toEqual([200, 200, 429]);
      const starts = [];
      for (const m of made.slice(0, 2))
        starts.push(await api(srv.url, 'POST', `/api/games/${m.body.gameId}/start`, { token: m.body.token }));
      expect(starts.map((r) => r.status)).toEqual([200, 429]);
      // A refused request changed nothing.
      expect((await api(srv.url, 'GET', `/api/games/${made[1]!.body.gameId}`)).body.status).toBe('lobby');
    } finally {
      await srv.close();
    }
  });

  it('budgets follow X-Forwarded-For only when trustProxy is set', async () => {
    const plain = await testServer(undefined, { limits: { createPerIp: { burst: 1, perMin: 1 } } });
    const proxied = await testServer(undefined, { limits: { createPerIp: { burst: 1, perMin: 1 }, trustProxy: true } });
    try {
      const post = (url: string, ip: string) =>
        fetch(`${url}/api/games`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
          body: JSON.stringify(base),
        }).then((r) => r.status);
      // Without trust, a forged header does not buy a fresh budget.
      expect([await post(plain.url, '10.0.0.1'), await post(plain.url, '10.0.0.2')]).toEqual([200, 429]);
      // Behind a trusted proxy the last hop is the client.
      expect([await post(proxied.url, '10.0.0.1'), await post(proxied.url, '1.1.1.1, 10.0.0.2')]).toEqual([200, 200]);
      expect(await post(proxied.url, '10.0.0.1')).toBe(429);
    } finally {
      await plain.close();
      await proxied.close();
    }
  });

  it('concurrent connections per IP are capped (429 on upgrade); a closed one frees its slot', async () => {
    const srv = await testServer(undefined, { limits: { connectionsPerIp: 3 } });
    try {
      const open: WebSocket[] = [];
      for (let i = 0; i < 3; i++) open.push((await upgradeStatus(srv.url)) as WebSocket);
      expect(open.every((w) => w instanceof WebSocket)).toBe(true);
      expect(await upgradeStatus(srv.url)).toBe(429);
      await new Promise<void>((r) => {
        open[0]!.once('close', () => r());
        open[0]!.close();
      });
      await new Promise((r) => setTimeout(r, 50));
      const again = await upgradeStatus(srv.url);
      expect(again).toBeInstanceOf(WebSocket);
      for (const w of [...open.slice(1), again as WebSocket]) w.close();
    } finally {
      await srv.close();
    }
  });

  it('concurrent games with bot seats per IP are capped; a finished game frees its slot', async () => {
    const srv = await testServer(undefined, { limits: { botGamesPerIp: 2 }, service: { botPauseMs: 60_000 } });
    try {
      const start = async () => {
        const c = await api(srv.url, 'POST', '/api/games', { ...base, bots: { 2: 'random' } });
        const s = await api(srv.url, 'POST', `/api/games/${c.body.gameId}/start`, { token: c.body.token });
        return {
          id: c.body.gameId as string,
          token: c.body.token as string,
          status: s.status,
          code: s.body?.error?.code,
        };
      };
      const a = await start();
      const b = await start();
      const c = await start();
      expect([a.status, b.status, c.status]).toEqual([200, 200, 429]);
      expect(c.code).toBe('too_many_bot_games');
      // Games without bots are not limited by it.
      const people = await api(srv.url, 'POST', '/api/games', base);
      await api(srv.url, 'POST', `/api/games/${people.body.gameId}/join`, { name: 'Bo' });
      expect(
        (await api(srv.url, 'POST', `/api/games/${people.body.gameId}/start`, { token: people.body.token })).status,
      ).toBe(200);
      // Resigning ends game a: its slot is free again.
      const cl = new Client(srv.url);
      await cl.hello(a.id, a.token);
      const seq = (await srv.service.master.getLive(a.id))!.state!.seq;
      await cl.request({ t: 'act', gameId: a.id, seq, action: { type: 'resign' }, id: 'r' }, (m) => m.id === 'r');
      expect((await srv.service.master.getLive(a.id))!.state!.result).not.toBeNull();
      expect((await start()).status).toBe(200);
      cl.close();
    } finally {
      await srv.close();
    }
  });
});

describe('attack: tables and games that never go away', () => {
  it('idle lobby tables expire: not listed, not joinable, not startable; the list pages', async () => {
    const store = new MemoryStore();
    const srv = await testServer(store, { limits: { lobbyIdleMs: 60_000, openPageSize: 2, openUnvouchedPerNet: 100 } });
    try {
      const ids: string[] = [];
      for (let i = 0; i < 5; i++)
        ids.push((await api(srv.url, 'POST', '/api/games', { ...base, title: `T${i}` })).body.gameId);
      const p0 = (await api(srv.url, 'GET', '/api/games')).body;
      const p1 = (await api(srv.url, 'GET', '/api/games?page=1')).body;
      const p2 = (await api(srv.url, 'GET', '/api/games?page=2')).body;
      expect([p0.games.length, p1.games.length, p2.games.length]).toEqual([2, 2, 1]);
      expect([p0.more, p1.more, p2.more]).toEqual([true, true, false]);
      expect(new Set([...p0.games, ...p1.games, ...p2.games].map((g: any) => g.gameId)).size).toBe(5);
      expect((await api(srv.url, 'GET', '/api/games?page=-1')).status).toBe(400);
      // Age two tables past the idle limit (as if untouched for a day).
      const old = store as unknown as { games: Map<string, { row: GameRow }> };
      for (const id of ids.slice(0, 2)) {
        const e = old.games.get(id)!;
        e.row = { ...e.row, updatedAt: Date.now() - 120_000 };
      }
      const fresh = await testServer(store, { limits: { lobbyIdleMs: 60_000, openPageSize: 10 } });
      try {
        const listed = (await api(fresh.url, 'GET', '/api/games')).body.games.map((g: any) => g.gameId);
        expect(listed.sort()).toEqual(ids.slice(2).sort());
        const j = await api(fresh.url, 'POST', `/api/games/${ids[0]}/join`, { name: 'Bo' });
        expect(j.status).toBe(410);
        expect(j.body.error.code).toBe('expired');
      } finally {
        await fresh.service.close();
        fresh.http.close();
      }
    } finally {
      await srv.close();
    }
  });

  it('a started game nobody plays ends by the timeout rules after the inactivity limit (R33)', async () => {
    const srv = await testServer(undefined, { limits: { gameInactiveMs: 300 }, service: { sweepMs: 50 } });
    try {
      const t = await openTable(srv.url, { mode: 'training', players: 2 });
      const lobby = (await api(srv.url, 'GET', `/api/games/${t.gameId}`)).body;
      expect(lobby.turnDeadline).toBeNull(); // the inactivity limit is not a turn timer
      await t.spectator.wait((m) => m.t === 'events' && m.view.result, EXPECT_MS);
      const st = (await srv.service.master.getLive(t.gameId))!.state!;
      expect(st.result!.reason).toBe('timeout');
      // Frames never show the inactivity limit as a turn clock.
      const frames = t.clients[0]!.msgs.filter((m) => m.t === 'state' || m.t === 'events');
      expect(frames.length).toBeGreaterThan(0);
      expect(frames.every((m) => m.deadline === null)).toBe(true);
      for (const c of [...t.clients, t.spectator]) c.close();
    } finally {
      await srv.close();
    }
  });
});

describe('attack: a restart that replays every stored game before listening', () => {
  it('with 10,000 stored active games the server listens first and loads games on use', async () => {
    const store = new MemoryStore();
    const seed = await testServer(store);
    const t = await openTable(seed.url, { mode: 'training', players: 2 });
    for (const c of [...t.clients, t.spectator]) c.close();
    await seed.service.close();
    seed.http.close();
    // 10,000 copies of the started game under other ids.
    const inner = store as unknown as { games: Map<string, any> };
    const src = inner.games.get(t.gameId)!;
    for (let i = 0; i < 10_000; i++) inner.games.set(`copy${i}`, { ...src, row: { ...src.row, id: `copy${i}` } });
    let loads = 0;
    let loadsAtListen = -1;
    const loadLog = store.loadLog.bind(store);
    store.loadLog = (id) => {
      loads++;
      return loadLog(id);
    };
    const srv = await testServer(store);
    try {
      loadsAtListen = loads;
      expect((await api(srv.url, 'GET', '/api/health')).body).toEqual({ ok: true });
      // At most the few the background resume reached (it yields between games); before the
      // fix all 10,001 were replayed before listen.
      expect(loadsAtListen).toBeLessThan(50);
      // A game loads on first use.
      const lobby = await api(srv.url, 'GET', '/api/games/copy9999');
      expect(lobby.body.status).toBe('active');
      expect((await srv.service.master.getLive('copy9999'))!.state!.seq).toBe(
        (await srv.service.master.getLive(t.gameId))!.state!.seq,
      );
    } finally {
      await srv.close();
    }
  });
});
