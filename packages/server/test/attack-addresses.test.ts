// Every budget was keyed by the exact address, so many addresses had many budgets:
// 2,000 loopback addresses made 15,985 tables in 20 s, 24 addresses took 24 bot tables, one IPv6
// /64 had unlimited budgets, and behind a proxy `ip:port` was a new address per port. Requests
// here come from real sockets bound to distinct loopback addresses (127.0.x.y).
import { describe, expect, it } from 'vitest';
import { postFrom } from './from-address.js';
import { testServer } from './helpers.js';

const base = { name: 'Ann', mode: 'full', players: 2, bots: {}, turnTimerSec: null };

const post = postFrom;

describe('attack: budgets that many addresses multiply', () => {
  it('20 addresses making a table each get no more than the server-wide table budget', async () => {
    const srv = await testServer(undefined, {
      // one /24: its share of the open list (OPEN_UNVOUCHED_PER_NET) is another test's matter
      limits: {
        createPerIp: { burst: 10, perMin: 2 },
        createTotal: { burst: 5, perMin: 0 },
        openUnvouchedPerNet: 100,
      },
    });
    try {
      const got = [];
      for (let a = 1; a <= 20; a++) got.push(await post(srv.url, '/api/games', base, `127.0.5.${a}`));
      expect(got.filter((r) => r.status === 200)).toHaveLength(5);
      expect(got.slice(5).every((r) => r.status === 503 && r.body.error.code === 'busy')).toBe(true);
      expect((await srv.service.lobby.listOpen(0)).games).toHaveLength(5);
    } finally {
      await srv.close();
    }
  });

  it('5 addresses starting a bot table each get no more than the server-wide bot games', async () => {
    const srv = await testServer(undefined, {
      limits: { botGamesPerIp: 8, botGamesTotal: 3 },
      service: { botPauseMs: 60_000 },
    });
    try {
      const codes = [];
      for (let a = 1; a <= 5; a++) {
        const from = `127.0.6.${a}`;
        const c = await post(srv.url, '/api/games', { ...base, bots: { 2: 'random' } }, from);
        const s = await post(srv.url, `/api/games/${c.body.gameId}/start`, { token: c.body.token }, from);
        codes.push(s.status === 200 ? 'ok' : s.body.error.code);
      }
      expect(codes).toEqual(['ok', 'ok', 'ok', 'bots_busy', 'bots_busy']);
    } finally {
      await srv.close();
    }
  });

  it('behind a trusted proxy, IPv6 addresses of one /64 share one budget', async () => {
    const srv = await testServer(undefined, { limits: { createPerIp: { burst: 1, perMin: 0 }, trustProxy: true } });
    try {
      const as = (xff: string) => post(srv.url, '/api/games', base, '127.0.0.1', { 'x-forwarded-for': xff });
      expect((await as('2001:db8:1:2::1')).status).toBe(200);
      expect((await as('2001:db8:1:2:ffff:1234:5678:9abc')).status).toBe(429);
      expect((await as('2001:db8:1:3::1')).status).toBe(200);
    } finally {
      await srv.close();
    }
  });

  it('behind a trusted proxy, a last hop ip:port is the ip, and a last hop that is no address is the proxy', async () => {
    const srv = await testServer(undefined, { limits: { createPerIp: { burst: 1, perMin: 0 }, trustProxy: true } });
    try {
      const as = (xff: string) => post(srv.url, '/api/games', base, '127.0.0.1', { 'x-forwarded-for': xff });
      expect((await as('1.1.1.1, 203.0.113.5:1000')).status).toBe(200);
      expect((await as('203.0.113.5:1001')).status).toBe(429);
      expect((await as('[2001:db8:9:9::1]:443')).status).toBe(200);
      expect((await as('2001:db8:9:9::2')).status).toBe(429);
      // Hex-looking junk was once a budget of its own per spelling; now it is the proxy's one.
      expect((await as('beef')).status).toBe(200);
      expect((await as('cafe')).status).toBe(429);
      expect((await as('127.0.0.1')).status).toBe(429);
    } finally {
      await srv.close();
    }
  });
});

describe('attack: one address filling the public lobby', () => {
  it('an address keeps at most its cap of tables waiting; a started or left table frees a slot', async () => {
    // one address: the open list's share per network is another test's matter
    const srv = await testServer(undefined, { limits: { openTablesPerIp: 3, openUnvouchedPerNet: 100 } });
    try {
      const from = '127.0.15.1';
      const made = [];
      for (let i = 0; i < 3; i++) made.push(await post(srv.url, '/api/games', base, from));
      expect(made.map((r) => r.status)).toEqual([200, 200, 200]);
      const fourth = await post(srv.url, '/api/games', base, from);
      expect([fourth.status, fourth.body.error.code]).toEqual([429, 'too_many_open_tables']);
      // Another address is not affected.
      expect((await post(srv.url, '/api/games', base, '127.0.15.2')).status).toBe(200);
      // Started: no longer waiting.
      const first = made[0]!.body;
      expect((await post(srv.url, `/api/games/${first.gameId}/join`, { name: 'Bo' }, '127.0.15.3')).status).toBe(200);
      expect((await post(srv.url, `/api/games/${first.gameId}/start`, { token: first.token }, from)).status).toBe(200);
      expect((await post(srv.url, '/api/games', base, from)).status).toBe(200);
      expect((await post(srv.url, '/api/games', base, from)).status).toBe(429);
      // Left by its only person: closed.
      const second = made[1]!.body;
      expect((await post(srv.url, `/api/games/${second.gameId}/leave`, { token: second.token }, from)).status).toBe(
        200,
      );
      expect((await post(srv.url, '/api/games', base, from)).status).toBe(200);
      expect((await post(srv.url, '/api/games', base, from)).status).toBe(429);
      const listed = (await srv.service.lobby.listOpen(0)).games;
      expect(listed).toHaveLength(4);
    } finally {
      await srv.close();
    }
  });
});
