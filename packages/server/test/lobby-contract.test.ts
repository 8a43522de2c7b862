// What the web table (H12a) reads from the lobby: the assistant option, presence, the expert
// bot level.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/app/server.js';
import { tableOptionsFromStored } from '../src/store/types.js';
import { api, Client, EXPECT_MS, testServer } from './helpers.js';

let srv: RunningServer;
beforeAll(async () => {
  srv = await testServer();
});
afterAll(async () => {
  await srv.close();
});

const base = { name: 'Ann', mode: 'full', players: 4, bots: {}, turnTimerSec: null };
const optionsOf = async (body: Record<string, unknown>) => {
  const c = await api(srv.url, 'POST', '/api/games', body);
  expect(c.status, c.text).toBe(200);
  return (await api(srv.url, 'GET', `/api/games/${c.body.gameId}`)).body.options;
};

describe('lobby contract', () => {
  it('assistant: off | count | full, defaults by table kind, old boolean accepted and stored rows read', async () => {
    expect((await optionsOf(base)).assistant).toBe('off');
    expect((await optionsOf({ ...base, mode: 'training' })).assistant).toBe('full');
    expect((await optionsOf({ ...base, players: 1 })).assistant).toBe('full');
    expect((await optionsOf({ ...base, assistant: 'count' })).assistant).toBe('count');
    expect((await optionsOf({ ...base, deduction: true })).assistant).toBe('full');
    expect((await optionsOf({ ...base, mode: 'training', deduction: false })).assistant).toBe('off');
    expect((await api(srv.url, 'POST', '/api/games', { ...base, assistant: 'all' })).status).toBe(400);
    const stored = {
      mode: 'full',
      recruiterCard: 'random',
      recruiterChoice: 'random',
      players: 2,
      solo: null,
      turnTimerSec: null,
    } as const;
    expect(tableOptionsFromStored({ ...stored, deduction: true }).assistant).toBe('full');
    expect(tableOptionsFromStored({ ...stored, deduction: false }).assistant).toBe('off');
    expect('deduction' in tableOptionsFromStored({ ...stored, deduction: true })).toBe(false);
  });

  it('presence: places and seats say who is connected, pushed to everyone when it changes', async () => {
    const c = await api(srv.url, 'POST', '/api/games', { ...base, players: 2, bots: { 2: 'expert' } });
    expect(c.status).toBe(200);
    const watcher = new Client(srv.url);
    const first = await watcher.hello(c.body.gameId, null);
    expect(first.lobby.places.map((p: any) => p.online)).toEqual([false, false]);
    expect(first.lobby.places[1].bot).toBe('expert');
    const host = new Client(srv.url);
    await host.hello(c.body.gameId, c.body.token);
    const on = await watcher.wait((m) => m.t === 'lobby' && m.lobby.places[0].online === true, EXPECT_MS, true);
    expect(on.lobby.places[1].online).toBe(false); // bots are never online
    host.close();
    await watcher.wait((m) => m.t === 'lobby' && m.lobby.places[0].online === false, EXPECT_MS);
    watcher.close();
  });
});
