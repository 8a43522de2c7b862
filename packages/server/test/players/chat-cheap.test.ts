// Chat history and a muted writer: a join on a full chat read all 2,000 rows and
// sent 200; GET /api/games/:id/chat?limit=500 was unthrottled; one address writing as spectators
// (a new connection each time) filled the table's chat until the players got `chat_full`; a muted
// player kept writing by coming back as a spectator. Over real sockets.
import { describe, expect, it } from 'vitest';
import type { ServerOptions } from '../../src/app/server.js';
import { CHAT_SPECTATORS_MAX_PER_GAME, CHAT_SPECTATOR_RATE } from '../../src/players/chat.js';
import { MemoryStore } from '../../src/store/memory.js';
import { MemoryPlayerStore } from '../../src/store/players/memory.js';
import { Client, EXPECT_MS, testServer } from '../helpers.js';
import { authApi, newPlayer, twoPlayerGame } from './http-players-suite.js';

async function setup(extra: Partial<ServerOptions> = {}) {
  const games = new MemoryStore();
  const players = new MemoryPlayerStore(games);
  const s = await testServer(games, { players, ...extra });
  const ann = await newPlayer(s.url, 'Ann');
  const bob = await newPlayer(s.url, 'Bob');
  const g = await twoPlayerGame(s.url, ann.token, bob.token); // Ann (host) recruits, Bob is agent
  const rec = g.clients.find((c) => c.seat === 0)!;
  const agent = g.clients.find((c) => c.seat === 1)!;
  return { s, g, rec, agent, players };
}

function say(c: Client, gameId: string, text: string): Promise<any> {
  return c.request({ t: 'chat', gameId, text }, (m) => (m.t === 'chat' && m.text === text) || m.t === 'error');
}

async function spectate(url: string, gameId: string): Promise<Client> {
  const c = new Client(url);
  await c.hello(gameId, null);
  await c.wait((m) => m.t === 'chatLog', EXPECT_MS, true);
  return c;
}

const row = (gameId: string, seat: number | null, i: number) => ({
  gameId,
  at: i,
  seat,
  playerId: null,
  name: seat === null ? 'Spectator' : 'Guest',
  text: `m${i}`,
  logAt: 0,
});

describe('chat history and writers', () => {
  it('attack: a join on a full chat is sent only the last 50 messages; the rest is paged by a cursor', async () => {
    const { s, g, players } = await setup();
    try {
      for (let i = 1; i <= 2000; i++) await players.addChat(row(g.gameId, 1, i), 2000);
      const late = await spectate(s.url, g.gameId);
      const log = late.msgs.find((m) => m.t === 'chatLog');
      expect(log.messages.map((m: any) => m.n)).toEqual(Array.from({ length: 50 }, (_, i) => 1951 + i));
      const page = await authApi(s.url, 'GET', `/api/games/${g.gameId}/chat?before=1951&limit=100`, null);
      expect(page.body.messages.map((m: any) => m.n)).toEqual(Array.from({ length: 100 }, (_, i) => 1851 + i));
      // A page is small: 500 at once is refused.
      expect((await authApi(s.url, 'GET', `/api/games/${g.gameId}/chat?limit=500`, null)).status).toBe(400);
      late.close();
    } finally {
      for (const c of g.clients) c.close();
      await s.close();
    }
  });

  it('attack: chat reads are budgeted per address', async () => {
    const { s, g } = await setup({ limits: { chatReadsPerIp: { burst: 3, perMin: 1 } } });
    try {
      for (let i = 0; i < 3; i++)
        expect((await authApi(s.url, 'GET', `/api/games/${g.gameId}/chat`, null)).status).toBe(200);
      const over = await authApi(s.url, 'GET', `/api/games/${g.gameId}/chat`, null);
      expect(over.status).toBe(429);
      expect(over.body.error.code).toBe('rate_limited');
    } finally {
      for (const c of g.clients) c.close();
      await s.close();
    }
  });

  it('attack: one address writing as spectators on new connections is held to one small allowance, and spectators cannot fill the seats` room', async () => {
    // The service's clock moves only when the test moves it (the chat rates refill on it).
    let wall = Date.UTC(2026, 0, 1);
    const { s, g, rec, agent, players } = await setup({ service: { wallClock: () => wall } });
    try {
      await rec.request({ t: 'chatPolicy', gameId: g.gameId, spectatorsWrite: true }, (m) => m.t === 'chatPolicy');
      // A new connection per message used to get a fresh bucket each time.
      const codes: string[] = [];
      for (let i = 0; i < CHAT_SPECTATOR_RATE.burst + 2; i++) {
        const sp = await spectate(s.url, g.gameId);
        const r = await say(sp, g.gameId, `spam ${i}`);
        codes.push(r.t === 'chat' ? 'ok' : r.code);
        sp.close();
      }
      expect(codes).toEqual([...Array(CHAT_SPECTATOR_RATE.burst).fill('ok'), 'chat_rate', 'chat_rate']);
      // Spectators' messages stop at their share of the table's chat; the seats still write.
      for (let i = CHAT_SPECTATOR_RATE.burst; i < CHAT_SPECTATORS_MAX_PER_GAME; i++)
        await players.addChat(row(g.gameId, null, i), 2000);
      const other = new Client(s.url);
      // (another spectator address is not at hand on loopback: the table's share is what refuses)
      await other.hello(g.gameId, null);
      wall += CHAT_SPECTATOR_RATE.refillMs; // the address's allowance refilled: the table's share refuses
      expect(await say(other, g.gameId, 'more')).toMatchObject({ t: 'error', code: 'chat_spectators_full' });
      expect(await say(agent, g.gameId, 'we can still talk')).toMatchObject({ t: 'chat', seat: 1 });
      other.close();
    } finally {
      for (const c of g.clients) c.close();
      await s.close();
    }
  }, 20_000);

  it('attack: a muted player cannot write by reconnecting as a spectator', async () => {
    const { s, g, rec, agent } = await setup();
    try {
      await rec.request({ t: 'chatPolicy', gameId: g.gameId, spectatorsWrite: true }, (m) => m.t === 'chatPolicy');
      await rec.request({ t: 'mute', gameId: g.gameId, seat: 1, muted: true }, (m) => m.t === 'chatPolicy');
      expect(await say(agent, g.gameId, 'muted?')).toMatchObject({ t: 'error', code: 'chat_muted' });
      agent.close();
      const back = await spectate(s.url, g.gameId);
      expect(await say(back, g.gameId, 'I am back')).toMatchObject({ t: 'error', code: 'chat_muted' });
      // Unmuted, the same address writes again.
      await rec.request({ t: 'mute', gameId: g.gameId, seat: 1, muted: false }, (m) => m.t === 'chatPolicy');
      expect(await say(back, g.gameId, 'thanks')).toMatchObject({ t: 'chat', seat: null });
      back.close();
    } finally {
      for (const c of g.clients) c.close();
      await s.close();
    }
  });

  it('attack: a letter with 299 combining marks, and text of only private-use characters, are refused', async () => {
    // Text-rule refusals are a person's mistake, not refused frames: they never close the
    // connection, even with a refused-frame budget of one.
    const { s, g, rec, agent } = await setup({ limits: { refusedFramesPerConn: { burst: 1, perMin: 1 } } });
    try {
      const zalgo = 'a' + '\u0301'.repeat(299);
      const privateOnly = '\ue000\ue001 \uf8ff';
      for (const text of [zalgo, privateOnly, zalgo, privateOnly]) {
        const r = await say(agent, g.gameId, text);
        expect(r).toMatchObject({ t: 'error', code: 'malformed' });
      }
      // Accents as languages write them, and a private-use character among words, still pass.
      expect(await say(agent, g.gameId, 'Tiếng Việt')).toMatchObject({ t: 'chat' });
      expect(await say(agent, g.gameId, 'logo \uf8ff here')).toMatchObject({ t: 'chat' });
      expect(rec.msgs.filter((m) => m.t === 'chat' && m.text.length > 100)).toEqual([]);
    } finally {
      for (const c of g.clients) c.close();
      await s.close();
    }
  });
});
