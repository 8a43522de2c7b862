// Table chat over real WebSockets: who reads (everyone at the table, the recruiter
// included, spectators), who writes (seats; spectators when the host allows; not a muted seat),
// the limits (control characters, length, rate) with refusals to the writer only, storage (a late
// subscriber and GET /api/games/:id/chat read it) and that chat never reaches the game record.
import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../../src/store/memory.js';
import { MemoryPlayerStore } from '../../src/store/players/memory.js';
import { Client, EXPECT_MS, testServer } from '../helpers.js';
import { authApi, newPlayer, resign, twoPlayerGame } from './http-players-suite.js';

async function setup() {
  const games = new MemoryStore();
  const s = await testServer(games, { players: new MemoryPlayerStore(games) });
  const ann = await newPlayer(s.url, 'Ann');
  const bob = await newPlayer(s.url, 'Bob');
  const g = await twoPlayerGame(s.url, ann.token, bob.token); // Ann (host) recruits, Bob is agent
  const rec = g.clients.find((c) => c.seat === 0)!;
  const agent = g.clients.find((c) => c.seat === 1)!;
  const spectator = new Client(s.url);
  await spectator.hello(g.gameId, null);
  await spectator.wait((m) => m.t === 'chatLog', EXPECT_MS, true);
  return { s, g, rec, agent, spectator };
}

const said = (text: string) => (m: any) => m.t === 'chat' && m.text === text;
const refusal = (m: any) => m.t === 'error';

/** Sends a chat frame and waits for its echo or a refusal. */
function say(c: Client, gameId: string, text: unknown): Promise<any> {
  return c.request({ t: 'chat', gameId, text }, (m) => (m.t === 'chat' && m.text === text) || refusal(m));
}

/** True when nothing matching arrives within ms. */
async function silent(c: Client, pred: (m: any) => boolean, ms = 300): Promise<boolean> {
  return c.wait(pred, ms).then(
    () => false,
    () => true,
  );
}

describe('table chat over WebSockets', () => {
  it('everyone at the table reads, the recruiter included; spectators write only when the host allows; mute', async () => {
    const { s, g, rec, agent, spectator } = await setup();
    try {
      const seen = [rec, spectator].map((c) => c.wait(said('I think it is near the bus')));
      const echo = await say(agent, g.gameId, 'I think it is near the bus');
      expect(echo).toMatchObject({ t: 'chat', seat: 1, name: 'Guest', n: 1 });
      for (const m of await Promise.all(seen)) expect(m).toMatchObject({ seat: 1, n: 1 });
      // The chat log each subscriber got says who reads it.
      expect(rec.msgs.find((m) => m.t === 'chatLog').notice).toMatch(/recruiter included/);

      const closed = await say(spectator, g.gameId, 'hello from the rail');
      expect(closed).toMatchObject({ t: 'error', code: 'chat_closed' });
      expect(await silent(rec, said('hello from the rail'))).toBe(true);

      // Only the host changes the policy.
      const notHost = await agent.request({ t: 'chatPolicy', gameId: g.gameId, spectatorsWrite: true }, refusal);
      expect(notHost.code).toBe('not_host');
      await rec.request({ t: 'chatPolicy', gameId: g.gameId, spectatorsWrite: true }, (m) => m.t === 'chatPolicy');
      expect(await say(spectator, g.gameId, 'hello again')).toMatchObject({ t: 'chat', seat: null, name: 'Spectator' });

      await rec.request({ t: 'mute', gameId: g.gameId, seat: 1, muted: true }, (m) => m.t === 'chatPolicy');
      expect(await say(agent, g.gameId, 'muted?')).toMatchObject({ t: 'error', code: 'chat_muted' });
      await rec.request({ t: 'mute', gameId: g.gameId, seat: 1, muted: false }, (m) => m.t === 'chatPolicy');
      expect(await say(agent, g.gameId, 'back')).toMatchObject({ t: 'chat', seat: 1 });
    } finally {
      for (const c of [...g.clients, spectator]) c.close();
      await s.close();
    }
  });

  it('control characters, over-long and empty messages and a sixth message in a burst are refused, to the writer only', async () => {
    const { s, g, rec, agent, spectator } = await setup();
    try {
      for (const bad of ['line\nbreak', 'bell\u0007', '\u202Eevil', ' \u200B ', 'x'.repeat(301)]) {
        const r = await say(agent, g.gameId, bad);
        expect(r.t, JSON.stringify(bad)).toBe('error');
        expect(r.message).not.toContain(bad);
      }
      expect(await say(agent, g.gameId, 'x'.repeat(300))).toMatchObject({ t: 'chat' });
      for (let i = 0; i < 4; i++) expect((await say(agent, g.gameId, `m${i}`)).t).toBe('chat');
      const slow = await say(agent, g.gameId, 'one too many');
      expect(slow).toMatchObject({ t: 'error', code: 'chat_rate' });
      expect(slow.message).toMatch(/next message can go in \d+ s/);
      // The recruiter's own bucket is untouched (per seat), and nobody else saw the refusals.
      expect((await say(rec, g.gameId, 'my turn to talk')).t).toBe('chat');
      for (const c of [rec, spectator]) expect(c.msgs.filter((m) => m.t === 'error')).toEqual([]);
    } finally {
      for (const c of [...g.clients, spectator]) c.close();
      await s.close();
    }
  });

  it('stored with the game: a late subscriber and the HTTP log read it; it never enters the engine, the record or a bot', async () => {
    const { s, g, rec, agent, spectator } = await setup();
    try {
      const seq = agent.view.seq;
      await say(agent, g.gameId, 'the recruiter is in the north');
      await say(rec, g.gameId, 'nice try');
      expect(agent.view.seq).toBe(seq); // chat is not an action
      const late = new Client(s.url);
      await late.hello(g.gameId, null);
      const log = await late.wait((m) => m.t === 'chatLog', EXPECT_MS, true);
      expect(log.messages.map((m: any) => [m.n, m.seat, m.text])).toEqual([
        [1, 1, 'the recruiter is in the north'],
        [2, 0, 'nice try'],
      ]);
      const http = await authApi(s.url, 'GET', `/api/games/${g.gameId}/chat?after=1`, null);
      expect(http.body.messages.map((m: any) => m.text)).toEqual(['nice try']);
      expect((await authApi(s.url, 'GET', `/api/games/${g.gameId}/chat?evil=1`, null)).status).toBe(400);

      await resign(g, 1);
      const record = await authApi(s.url, 'GET', `/api/games/${g.gameId}/record`, null);
      expect(record.status).toBe(200);
      expect(record.text).not.toContain('north');
      // After the game the table may still talk; the message sits after the whole log (its
      // position is the log's length, the same for every seat and the spectator: nothing secret).
      await rec.waitSeq(agent.view.seq);
      await spectator.waitSeq(agent.view.seq);
      const gg = await say(agent, g.gameId, 'good game');
      expect(gg).toMatchObject({ t: 'chat', logAt: agent.log.length });
      expect([rec.log.length, spectator.log.length]).toEqual([agent.log.length, agent.log.length]);
      expect(log.messages[0].logAt).toBeLessThanOrEqual(gg.logAt);
      late.close();
    } finally {
      for (const c of [...g.clients, spectator]) c.close();
      await s.close();
    }
  });

  it('kept out of bot inputs: at a bot table chat adds no action and the bot plays on from the engine alone', async () => {
    const games = new MemoryStore();
    const s = await testServer(games, { players: new MemoryPlayerStore(games) });
    try {
      const ann = await newPlayer(s.url, 'Ann');
      const c = await authApi(s.url, 'POST', '/api/games', ann.token, {
        name: 'Ann',
        mode: 'training',
        players: 1,
        solo: { role: 'agents', level: 'easy' },
      });
      const cl = new Client(s.url);
      await cl.hello(c.body.gameId, c.body.token);
      const started = cl.wait((m) => m.t === 'state');
      await authApi(s.url, 'POST', `/api/games/${c.body.gameId}/start`, null, { token: c.body.token });
      await started;
      expect((await say(cl, c.body.gameId, 'bot, tell me where you are')).t).toBe('chat');
      // The bot (recruiter) moves on from the engine's view: its setup steps arrive as actions.
      await cl.waitSeq(1, EXPECT_MS);
      const actions = await games.allActions(c.body.gameId);
      expect(actions.length).toBeGreaterThan(0);
      expect(JSON.stringify(actions)).not.toContain('tell me');
      expect(actions.every((a) => typeof a.type === 'string' && !('text' in a))).toBe(true);
      cl.close();
    } finally {
      await s.close();
    }
  });

  it('the chat opens when the game starts; a connection must be subscribed to the table', async () => {
    const games = new MemoryStore();
    const s = await testServer(games, { players: new MemoryPlayerStore(games) });
    try {
      const c = await authApi(s.url, 'POST', '/api/games', null, { name: 'Ann', mode: 'training', players: 2 });
      const cl = new Client(s.url);
      await cl.hello(c.body.gameId, c.body.token);
      expect(await say(cl, c.body.gameId, 'anyone?')).toMatchObject({ t: 'error', code: 'chat_not_open' });
      expect(await say(cl, 'some-other-game', 'hi')).toMatchObject({ t: 'error', code: 'not_subscribed' });
      cl.close();
    } finally {
      await s.close();
    }
  });
});
