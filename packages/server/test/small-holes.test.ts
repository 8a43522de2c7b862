// Issue 29 §5: smaller holes, each pinned by the attack that found it. Over real sockets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/server.js';
import { api, testServer } from './helpers.js';

let srv: RunningServer;
beforeAll(async () => {
  srv = await testServer();
});
afterAll(async () => srv.close());

const table = { name: 'Host', mode: 'training', players: 2, bots: {}, turnTimerSec: null };

describe('smaller holes (issue 29 §5)', () => {
  it('attack: the host fixes the recruiter card, leaves, and rejoins as an agent', async () => {
    const c = await api(srv.url, 'POST', '/api/games', { ...table, recruiterCard: 'carl', recruiterChoice: 'host' });
    expect(c.status).toBe(200);
    const id = c.body.gameId;
    expect((await api(srv.url, 'POST', `/api/games/${id}/join`, { name: 'Guest' })).status).toBe(200);
    expect((await api(srv.url, 'POST', `/api/games/${id}/leave`, { token: c.body.token })).status).toBe(200);
    // The table closed with its chooser gone: nobody can be seated knowing the card.
    expect((await api(srv.url, 'GET', `/api/games/${id}`)).status).toBe(404);
    const back = await api(srv.url, 'POST', `/api/games/${id}/join`, { name: 'Host again' });
    expect(back.status).toBe(404);
    // A random-card table is passed on to the next host as before.
    const r = await api(srv.url, 'POST', '/api/games', { ...table, recruiterCard: 'random', recruiterChoice: 'host' });
    await api(srv.url, 'POST', `/api/games/${r.body.gameId}/join`, { name: 'Guest' });
    await api(srv.url, 'POST', `/api/games/${r.body.gameId}/leave`, { token: r.body.token });
    expect((await api(srv.url, 'GET', `/api/games/${r.body.gameId}`)).body.hostPlace).toBe(2);
  });
});
