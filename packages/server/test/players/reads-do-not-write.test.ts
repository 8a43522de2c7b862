// Every signed-in request wrote its session (last seen, expiry) synchronously, so
// 1,762 GET /api/me a second were 1,762 writes; and a create wrote before its limit was checked.
// Over real HTTP.
import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../../src/store/memory.js';
import { MemoryPlayerStore } from '../../src/store/players/memory.js';
import { testServer } from '../helpers.js';
import { authApi, newPlayer } from './http-players-suite.js';

class CountingStore extends MemoryPlayerStore {
  sessionReads = 0;
  override async sessionPlayer(tokenHash: string, now: number, slideTo: number) {
    this.sessionReads++;
    return super.sessionPlayer(tokenHash, now, slideTo);
  }
}

describe('reads do not write', () => {
  it('attack: signed-in GET /api/me many times leaves the session row as it was', async () => {
    const games = new MemoryStore();
    const players = new MemoryPlayerStore(games);
    const s = await testServer(games, { players });
    try {
      const ann = await newPlayer(s.url, 'Ann');
      const [before] = await players.sessionsOf(ann.id);
      // Later than the session's creation by a clear margin, so a write would change last seen.
      await new Promise((r) => setTimeout(r, 20));
      for (let i = 0; i < 5; i++) expect((await authApi(s.url, 'GET', '/api/me', ann.token)).status).toBe(200);
      expect(await players.sessionsOf(ann.id)).toEqual([before]);
    } finally {
      await s.close();
    }
  });

  it('attack: a create refused by its limit never reaches the session', async () => {
    const games = new MemoryStore();
    const players = new CountingStore(games);
    const s = await testServer(games, { players, limits: { createPerIp: { burst: 1, perMin: 1 } } });
    try {
      const ann = await newPlayer(s.url, 'Ann');
      const table = { name: 'Ann', mode: 'training', players: 2 };
      expect((await authApi(s.url, 'POST', '/api/games', ann.token, table)).status).toBe(200);
      const reads = players.sessionReads;
      const over = await authApi(s.url, 'POST', '/api/games', ann.token, table);
      expect(over.status).toBe(429);
      expect(players.sessionReads).toBe(reads);
    } finally {
      await s.close();
    }
  });

  it('attack: a join refused by its limit never reaches the session', async () => {
    const games = new MemoryStore();
    const players = new CountingStore(games);
    const s = await testServer(games, { players, limits: { joinPerIp: { burst: 1, perMin: 1 } } });
    try {
      const ann = await newPlayer(s.url, 'Ann');
      const c = await authApi(s.url, 'POST', '/api/games', ann.token, { name: 'Ann', mode: 'training', players: 3 });
      const join = () => authApi(s.url, 'POST', `/api/games/${c.body.gameId}/join`, ann.token, { name: 'Ann 2' });
      expect((await join()).status).toBe(200);
      const reads = players.sessionReads;
      expect((await join()).status).toBe(429);
      expect(players.sessionReads).toBe(reads);
    } finally {
      await s.close();
    }
  });
});
