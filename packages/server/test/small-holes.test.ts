// Smaller holes, each pinned by the attack that found it. Over real sockets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/app/server.js';
import { chooseModulesSchema } from '@mindmgmt/table';
import { MemoryStore } from '../src/store/memory.js';
import { api, closeTable, type LogSink, mulberry, openTable, playOut, testServer } from './helpers.js';

let srv: RunningServer;
beforeAll(async () => {
  srv = await testServer();
});
afterAll(async () => srv.close());

const table = { name: 'Host', mode: 'training', players: 2, bots: {}, turnTimerSec: null };

describe('smaller holes', () => {
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

  it('attack: a table name with a lone surrogate is refused, not stored altered', async () => {
    for (const title of ['Room \ud800', '\udc00 half', 'ok \ud83d']) {
      const r = await api(srv.url, 'POST', '/api/games', { ...table, title });
      expect(r.status, JSON.stringify(title)).toBe(400);
      expect(r.body.error.code).toBe('malformed');
    }
    const name = await api(srv.url, 'POST', '/api/games', { ...table, name: 'Ann \udfff' });
    expect(name.status).toBe(400);
    // A whole pair (an emoji) is text.
    expect((await api(srv.url, 'POST', '/api/games', { ...table, title: 'Room \ud83d\ude00' })).status).toBe(200);
  });

  it('attack: a player named "Spectator" (or its zh/ja words, any case or look-alike letters)', async () => {
    for (const name of ['Spectator', 'SPECTATOR', 'spеctator', 'Sp3ctator', '观众', '観戦者']) {
      const r = await api(srv.url, 'POST', '/api/games', { ...table, name });
      expect(r.status, name).toBe(400);
    }
    const c = await api(srv.url, 'POST', '/api/games', { ...table, name: 'Host' });
    const j = await api(srv.url, 'POST', `/api/games/${c.body.gameId}/join`, { name: 'Spectator' });
    expect(j.status).toBe(400);
    expect((await api(srv.url, 'POST', '/api/games', { ...table, name: 'Spectacle' })).status).toBe(200);
  });

  it('attack: campaign module notes with NUL, ESC, a right-to-left override or a newline (stored in a public ledger)', () => {
    const notes = (text: string) => chooseModulesSchema.safeParse({ side: 'agents', count: 1, text }).success;
    for (const bad of ['a\u0000b', 'a\u001b[31mred', '\u202eevil', 'two\nlines', '\u0301'.repeat(20) + 'x'])
      expect(notes(bad), JSON.stringify(bad)).toBe(false);
    expect(notes('')).toBe(true);
    expect(notes('SHIFT 1 and 2: the lighthouse')).toBe(true);
  });

  it("attack: a bot recruiter's thinking time shows in when its moves arrive", async () => {
    // Moves of a bot recruiter are released FIXED ms after they were asked for, however long it
    // thought; the easy bot thinks a few ms, so without the rule its moves came at once.
    const FIXED = 300;
    const sink: LogSink = { lines: [] };
    const s = await testServer(
      new MemoryStore(),
      { service: { botRecruiterMoveMs: FIXED, botAskAnswerMs: FIXED } },
      sink,
    );
    try {
      const t = await openTable(s.url, { mode: 'training', players: 1, solo: { role: 'agents', level: 'easy' } });
      await playOut(t, mulberry(5), { maxSteps: 12 }).catch(() => undefined);
      closeTable(t);
      const actions = sink.lines
        .map((l) => JSON.parse(l))
        .filter((l) => l.msg === 'action' || l.msg === 'started' || l.msg === 'game started');
      const gaps: number[] = [];
      for (let i = 1; i < actions.length; i++)
        if (actions[i].seat === 0 && actions[i].gameId === actions[i - 1].gameId)
          gaps.push(actions[i].time - actions[i - 1].time);
      expect(gaps.length).toBeGreaterThan(2);
      for (const ms of gaps) expect(ms).toBeGreaterThanOrEqual(FIXED - 5);
    } finally {
      await s.close();
    }
  }, 60_000);
});
