// Fetching a listed table loaded it into memory (all 16,028 listed tables in 8 s,
// RSS +65 MB). A table still in the lobby is answered from its stored row. Over real HTTP, with a
// second server on the same store (the first one's memory gone, as after a restart).
import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../src/store/memory.js';
import { api, openTable, testServer } from './helpers.js';

describe('lobby reads', () => {
  it('attack: reading every listed table loads none of them; the answer is the same as from memory', async () => {
    const store = new MemoryStore();
    const a = await testServer(store);
    const ids: string[] = [];
    const fromMemory = new Map<string, unknown>();
    for (let i = 0; i < 20; i++) {
      const c = await api(a.url, 'POST', '/api/games', { name: `Host ${i}`, mode: 'training', players: 3 });
      ids.push(c.body.gameId);
    }
    for (const id of ids) fromMemory.set(id, (await api(a.url, 'GET', `/api/games/${id}`)).body);
    // A started table is still loaded: only its state knows the seq everyone may see (D12).
    const started = await openTable(a.url, { mode: 'training', players: 2 });
    for (const c of [...started.clients, started.spectator]) c.close();
    await a.close();

    const b = await testServer(store);
    try {
      for (const id of ids) {
        const r = await api(b.url, 'GET', `/api/games/${id}`);
        expect(r.status).toBe(200);
        expect(r.body).toEqual(fromMemory.get(id));
      }
      expect(b.service.master.size).toBe(0);
      expect((await api(b.url, 'GET', '/api/games/nosuchgame')).status).toBe(404);
      expect((await api(b.url, 'GET', `/api/games/${started.gameId}`)).body.status).toBe('active');
      expect(b.service.master.size).toBe(1);
    } finally {
      await b.close();
    }
  });
});
