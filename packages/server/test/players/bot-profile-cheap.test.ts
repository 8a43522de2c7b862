// A bot's public profile counted every game it ever played on each request (150 ms
// with 200,000 bot games; four clients saturated the server), and its history could be paged back
// through every game's id. Over real HTTP, with a store that counts the counting.
import { describe, expect, it } from 'vitest';
import { BotProfileCache } from '../../src/players/bot-profiles.js';
import { MemoryStore } from '../../src/store/memory.js';
import { MemoryPlayerStore } from '../../src/store/players/memory.js';
import { testServer } from '../helpers.js';
import { authApi, newPlayer } from './http-players-suite.js';

class CountingStore extends MemoryPlayerStore {
  statsCalls = new Map<string, number>();
  override async statsOf(playerId: string) {
    this.statsCalls.set(playerId, (this.statsCalls.get(playerId) ?? 0) + 1);
    return super.statsOf(playerId);
  }
}

describe("a bot's public profile", () => {
  it('attack: many requests for a bot profile count its games once, not once a request', async () => {
    const games = new MemoryStore();
    const players = new CountingStore(games);
    const s = await testServer(games, { players });
    try {
      const ann = await newPlayer(s.url, 'Ann');
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => authApi(s.url, 'GET', '/api/players/bot-hard', null)),
      );
      for (const a of answers) expect(a.status).toBe(200);
      expect(answers[0]!.body.player.id).toBe('bot-hard');
      expect(players.statsCalls.get('bot-hard')).toBe(1);
      // A person's profile is counted fresh each time.
      for (let i = 0; i < 3; i++) await authApi(s.url, 'GET', `/api/players/${ann.id}`, null);
      expect(players.statsCalls.get(ann.id)).toBe(3);
    } finally {
      await s.close();
    }
  });

  it("attack: a bot's history cannot be paged back through every game's id", async () => {
    const games = new MemoryStore();
    const s = await testServer(games, { players: new MemoryPlayerStore(games) });
    try {
      expect((await authApi(s.url, 'GET', '/api/players/bot-hard/games?limit=50', null)).status).toBe(200);
      const back = await authApi(s.url, 'GET', '/api/players/bot-hard/games?beforeAt=5&beforeGame=g1', null);
      expect(back.status).toBe(400);
    } finally {
      await s.close();
    }
  });

  it('the cached counts are computed again when the latest game changes, or after the TTL (injected clock)', async () => {
    const cache = new BotProfileCache<number>(1000);
    let n = 0;
    const compute = async () => ++n;
    expect(await cache.get('bot-easy', 'g1', 0, compute)).toBe(1);
    expect(await cache.get('bot-easy', 'g1', 999, compute)).toBe(1);
    expect(await cache.get('bot-easy', 'g2', 999, compute)).toBe(2); // a game ended
    expect(await cache.get('bot-easy', 'g2', 1999, compute)).toBe(3);
    // A failed computation is not kept.
    await expect(cache.get('bot-hard', 'g', 0, () => Promise.reject(new Error('db down')))).rejects.toThrow();
    expect(await cache.get('bot-hard', 'g', 1, compute)).toBe(4);
  });
});
