// Secrets that could be computed or were known to the wrong player.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURES, newGame } from '@mindmgmt/engine';
import type { RunningServer } from '../src/app/server.js';
import { MemoryStore } from '../src/store/memory.js';
import { api, testServer } from './helpers.js';

let srv: RunningServer;
let store: MemoryStore;
beforeAll(async () => {
  store = new MemoryStore();
  srv = await testServer(store);
});
afterAll(async () => {
  await srv.close();
});

const base = { name: 'Ann', mode: 'full', players: 2, bots: { 2: 'random' }, turnTimerSec: null };

async function startedGame(extra: Record<string, unknown> = {}) {
  const c = await api(srv.url, 'POST', '/api/games', { ...base, ...extra });
  expect(c.status, c.text).toBe(200);
  expect((await api(srv.url, 'POST', `/api/games/${c.body.gameId}/start`, { token: c.body.token })).status).toBe(200);
  const row = (await store.getGame(c.body.gameId))!;
  const state = (await srv.service.master.getLive(c.body.gameId))!.state!;
  return { id: c.body.gameId as string, row, state };
}

describe('attack: computing the secret deck from a 32-bit seed', () => {
  it('the deck and the random recruiter card are not what the stored 32-bit seed gives', async () => {
    let sameDeck = 0;
    let sameCard = 0;
    const decks = new Set<string>();
    const N = 40;
    for (let i = 0; i < N; i++) {
      const { row, state } = await startedGame();
      const start = row.start!;
      // What the old attack computes: the engine's own shuffle from the stored seed.
      const fromSeed = newGame({ mode: 'full', agentSeats: 1, recruiterCard: 'random' }, start.seed);
      if (fromSeed.initialDeck.join() === state.initialDeck.join()) sameDeck++;
      if (fromSeed.recruiterCard === state.recruiterCard) sameCard++;
      // The deck is stored explicitly (the game replays from it), all 16 features once each.
      expect(start.engineOptions.deck).toEqual(state.initialDeck);
      expect([...state.initialDeck].sort()).toEqual([...FEATURES].sort());
      expect(start.engineOptions.card).toBe(state.recruiterCard);
      expect(state.recruiterCardRule).toBe('random');
      decks.add(state.initialDeck.join());
    }
    // A seed-derived deck would match every time; an independent one by chance ~never (1/16!).
    expect(sameDeck).toBe(0);
    // The card is one bit: independent draws match about half the time, never all of them.
    expect(sameCard).toBeLessThan(N);
    expect(decks.size).toBe(N);
  });

  it('a game started with the crypto deck replays to the same state after a reload', async () => {
    const { id, state } = await startedGame();
    const srv2 = await testServer(store);
    try {
      const again = (await srv2.service.master.getLive(id))!.state!;
      expect(again.initialDeck).toEqual(state.initialDeck);
      expect(again.recruiterCard).toBe(state.recruiterCard);
    } finally {
      await srv2.service.close();
      srv2.http.close();
    }
  });
});

describe('attack: host picks a fixed recruiter card, then plays an agent', () => {
  it('a fixed card is refused unless the host is the recruiter', async () => {
    for (const refused of [
      { players: 3, bots: {}, recruiterCard: 'carl', recruiterChoice: 'random' },
      { players: 3, bots: {}, recruiterCard: 'girl', recruiterChoice: 'volunteer' },
      { players: 1, bots: {}, solo: { role: 'agents', level: 'easy' }, recruiterCard: 'carl' },
    ]) {
      const r = await api(srv.url, 'POST', '/api/games', { ...base, ...refused });
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe('fixed_card_needs_host_recruiter');
      expect(r.body.error.message).toMatch(/host is the recruiter/);
    }
    const { row, state } = await startedGame({ recruiterCard: 'girl', recruiterChoice: 'host' });
    expect(row.start!.seats.find((s) => s.seat === 0)!.place).toBe(1);
    expect(state.recruiterCard).toBe('girl');
    const solo = await api(srv.url, 'POST', '/api/games', {
      ...base,
      players: 1,
      bots: {},
      solo: { role: 'recruiter', level: 'easy' },
      recruiterCard: 'carl',
    });
    expect(solo.status).toBe(200);
  });
});
