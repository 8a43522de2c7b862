// Games with bots counted per profile first, then per address, per network and server-wide, over
// real sockets bound to loopback addresses (127.0.x.y; 127.0.1.x and 127.0.2.x are different
// /24s). A household or a school shares one address; a storm comes from many addresses of one
// network.
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_LIMITS, type LimitsConfig } from '../src/limits/config.js';
import type { RunningServer } from '../src/app/server.js';
import { postFrom } from './from-address.js';
import { testServer } from './helpers.js';
import { authApi, newPlayer, type OpenStores } from './players/http-players-suite.js';

const solo = (name: string) => ({
  name,
  title: `${name} vs the recruiter`,
  mode: 'training',
  recruiterCard: 'random',
  recruiterChoice: 'host',
  players: 1,
  bots: {},
  solo: { role: 'agents', level: 'random' },
  turnTimerSec: null,
});

export function botGameCapsSuite(name: string, open: () => Promise<OpenStores>): void {
  async function withServer(limits: Partial<LimitsConfig>, f: (s: RunningServer) => Promise<void>) {
    const st = await open();
    // bots that never move: each started game stays running for the whole test
    const s = await testServer(st.games, { players: st.players, limits, service: { botPauseMs: 60_000 } });
    try {
      await f(s);
    } finally {
      await s.close();
    }
  }

  /** "Play solo" as the web lobby does it: create, then start, from `from` as profile `token`. */
  async function playSolo(url: string, from: string, who: { token: string } | null, label: string) {
    const headers: Record<string, string> = who ? { authorization: `Bearer ${who.token}` } : {};
    const c = await postFrom(url, '/api/games', solo(label), from, headers);
    expect(c.status, JSON.stringify(c.body)).toBe(200);
    const s = await postFrom(url, `/api/games/${c.body.gameId}/start`, { token: c.body.token }, from, headers);
    return { id: c.body.gameId as string, status: s.status, code: s.body?.error?.code as string | undefined };
  }

  describe(`games with bots per profile, address and network: ${name}`, () => {
    it('regression: the ninth player behind one address could not play solo (counted per profile first)', () =>
      withServer(
        { botGamesPerPlayer: 2, botGamesPerIp: 5, botGamesPerPrefix: 100, botGamesTotal: 100 },
        async ({ url }) => {
          const home = '127.0.1.7';
          const people = [];
          for (const n of ['Ann', 'Bo', 'Cy']) people.push(await newPlayer(url, n));
          const got: string[] = [];
          // Ann plays two games, then her third is hers to finish first; Bo and Cy still play.
          for (const [who, i] of [
            [0, 1],
            [0, 2],
            [0, 3],
            [1, 1],
            [1, 2],
            [2, 1],
            [2, 2],
          ] as const) {
            const r = await playSolo(url, home, people[who]!, `P${who}-${i}`);
            got.push(r.status === 200 ? 'ok' : r.code!);
          }
          // the address's own ceiling (5) stops Cy's second game, not the profile count
          expect(got).toEqual(['ok', 'ok', 'too_many_bot_games', 'ok', 'ok', 'ok', 'too_many_bot_games']);
        },
      ));

    it('regression: the ninth player behind one address could not play solo (the default caps)', () => {
      // the caps as shipped (not the queue-wait admission: a loaded test machine may be behind)
      const { botGamesPerPlayer, botGamesPerIp, botGamesPerPrefix, botGamesTotal } = DEFAULT_LIMITS;
      const defaults = { botGamesPerPlayer, botGamesPerIp, botGamesPerPrefix, botGamesTotal };
      return withServer(defaults, async ({ url }) => {
        const got: number[] = [];
        for (let i = 1; i <= 9; i++) {
          const who = await newPlayer(url, `Kid ${i}`);
          got.push((await playSolo(url, '127.0.1.20', who, `Kid ${i}`)).status);
        }
        expect(got).toEqual(Array(9).fill(200));
      });
    });

    it('regression: a refused solo start left a public waiting table named after the player', () =>
      withServer({ botGamesPerPlayer: 1, botGamesPerIp: 10, botGamesPerPrefix: 100, botGamesTotal: 100 }, async (s) => {
        const ann = await newPlayer(s.url, 'Ann');
        expect((await playSolo(s.url, '127.0.1.8', ann, 'Ann')).status).toBe(200);
        const refused = await playSolo(s.url, '127.0.1.8', ann, 'Ann');
        expect(refused).toMatchObject({ status: 429, code: 'too_many_bot_games' });
        // nothing left: not in the open list, not found by its link, no place held by the profile
        expect((await s.service.lobby.listOpen(0)).games.map((g) => g.gameId)).not.toContain(refused.id);
        expect((await authApi(s.url, 'GET', `/api/games/${refused.id}`, null)).status).toBe(404);
        const row = await s.service.store.getGame(refused.id);
        expect(row).toMatchObject({ status: 'closed' });
        expect(JSON.stringify(row)).not.toContain('Ann');
        const seats = await authApi(s.url, 'GET', '/api/me/seats', ann.token);
        expect(seats.body.seats.map((x: { gameId: string }) => x.gameId)).not.toContain(refused.id);
        // and a second request from the same address is still answered in turn (nothing is held)
        const anon = await playSolo(s.url, '127.0.1.8', null, 'Anon');
        expect(anon.status).toBe(200);
      }));

    it('regression: new bot games started while the bot workers were already behind (below the cap)', () =>
      withServer(
        { botGamesPerPlayer: 8, botGamesPerIp: 8, botGamesPerPrefix: 8, botGamesTotal: 100, botQueueWaitMs: 1000 },
        async (s) => {
          // A loaded machine: a decision has waited 1.5 s for a worker (the pool's own figure is
          // checked on its injected clock in bot-fairness.test.ts).
          const behind = vi.spyOn(s.service.bots, 'oldestWaitMs', 'get').mockReturnValue(1500);
          const refused = await playSolo(s.url, '127.0.6.1', null, 'Ann');
          expect(refused).toMatchObject({ status: 503, code: 'bots_busy' });
          expect((await s.service.lobby.listOpen(0)).games.map((g) => g.gameId)).not.toContain(refused.id);
          behind.mockReturnValue(900);
          expect((await playSolo(s.url, '127.0.6.1', null, 'Ann')).status).toBe(200);
          behind.mockRestore();
        },
      ));

    it('regression: 24 addresses of one network took the server-wide bot games', () =>
      withServer(
        { botGamesPerPlayer: 8, botGamesPerIp: 8, botGamesPerPrefix: 2, botGamesTotal: 4 },
        async ({ url }) => {
          const got: string[] = [];
          for (let a = 1; a <= 4; a++) {
            const r = await playSolo(url, `127.0.2.${a}`, null, `Storm ${a}`);
            got.push(r.status === 200 ? 'ok' : r.code!);
          }
          expect(got).toEqual(['ok', 'ok', 'too_many_bot_games', 'too_many_bot_games']);
          // another network still gets the rest of the server's games, then the server is full
          expect((await playSolo(url, '127.0.3.1', null, 'Other')).status).toBe(200);
          expect((await playSolo(url, '127.0.4.1', null, 'Third')).status).toBe(200);
          expect(await playSolo(url, '127.0.5.1', null, 'Late')).toMatchObject({ status: 503, code: 'bots_busy' });
        },
      ));
  });
}
