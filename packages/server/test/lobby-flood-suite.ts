// The public lobby stays useful under a flood: 2,000 loopback addresses once filled
// the open list (50 of 50 spam). Tables of hosts signed in to a profile with a finished game are
// listed first, and only the newest few tables of anyone else are listed at all, so a flood from
// many addresses (each within its own cap of waiting tables) pushes no vouched table off the first
// page. Over real sockets from distinct loopback addresses, for every store that keeps the flag.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/app/server.js';
import type { PlayerStore } from '../src/store/players/types.js';
import type { GameStore } from '../src/store/types.js';
import { postFrom } from './from-address.js';
import { api, Client, testServer } from './helpers.js';
import { authApi, eventually, newPlayer, resign } from './players/http-players-suite.js';

const PAGE = 5;
const UNVOUCHED = 7;
const table = { mode: 'training', players: 2, bots: {}, turnTimerSec: null };

export function lobbyFloodSuite(name: string, open: () => Promise<{ games: GameStore; players: PlayerStore }>): void {
  describe(`attack: a flood of anonymous tables from many addresses (${name})`, () => {
    let srv: RunningServer;
    beforeAll(async () => {
      const st = await open();
      srv = await testServer(st.games, {
        players: st.players,
        // one network's share as large as the list: this one is about vouched tables coming first
        limits: { openPageSize: PAGE, openUnvouchedListed: UNVOUCHED, openTablesPerIp: 2, openUnvouchedPerNet: 100 },
      });
    });
    afterAll(() => srv.close());

    /** A signed-in player with one finished game: a solo table against the easy bot, resigned. */
    async function veteran(): Promise<{ id: string; token: string }> {
      const vera = await newPlayer(srv.url, 'Vera');
      const s = await authApi(srv.url, 'POST', '/api/games', vera.token, {
        ...table,
        name: 'Vera',
        players: 1,
        solo: { role: 'agents', level: 'easy' },
      });
      expect(s.status, s.text).toBe(200);
      const cl = new Client(srv.url);
      await cl.hello(s.body.gameId, s.body.token);
      const started = cl.wait((m) => m.t === 'state');
      expect((await api(srv.url, 'POST', `/api/games/${s.body.gameId}/start`, { token: s.body.token })).status).toBe(
        200,
      );
      await started;
      await cl.waitSeq(0);
      await resign({ gameId: s.body.gameId, clients: [cl] }, cl.seat as number);
      cl.close();
      const p = await eventually(
        () => authApi(srv.url, 'GET', `/api/players/${vera.id}`, null),
        (r) => r.body.recent?.length === 1,
      );
      expect(p.body.recent).toHaveLength(1);
      return vera;
    }

    async function listing(): Promise<{ pages: string[][]; more: boolean[] }> {
      const pages: string[][] = [];
      const more: boolean[] = [];
      for (let page = 0; page < 10; page++) {
        const r = await api(srv.url, 'GET', `/api/games?page=${page}`);
        expect(r.status).toBe(200);
        pages.push(r.body.games.map((g: { gameId: string }) => g.gameId));
        more.push(r.body.more);
        if (!r.body.more) break;
      }
      return { pages, more };
    }

    it('tables of a profile with a finished game stay first on page one; only the newest few others are listed', async () => {
      const vera = await veteran();
      const auth = (token: string) => ({ authorization: `Bearer ${token}` });
      const vouched: string[] = [];
      for (let i = 0; i < 2; i++) {
        const r = await postFrom(srv.url, '/api/games', { ...table, name: 'Vera' }, '127.0.21.1', auth(vera.token));
        expect(r.status).toBe(200);
        vouched.unshift(r.body.gameId);
      }
      // A fresh account is as cheap as an address: it vouches for nothing.
      const newt = await newPlayer(srv.url, 'Newt');
      const newtTable = await postFrom(
        srv.url,
        '/api/games',
        { ...table, name: 'Newt' },
        '127.0.21.2',
        auth(newt.token),
      );
      expect(newtTable.status).toBe(200);
      // The flood, newer than every table above: 30 addresses, each up to its cap of 2 waiting.
      const flood: string[] = [];
      for (let a = 1; a <= 30; a++)
        for (let i = 0; i < 2; i++) {
          const r = await postFrom(srv.url, '/api/games', { ...table, name: 'Spam' }, `127.0.22.${a}`);
          expect(r.status).toBe(200);
          flood.unshift(r.body.gameId);
        }

      const { pages, more } = await listing();
      expect(pages[0]!.slice(0, 2)).toEqual(vouched);
      expect(pages[0]).toHaveLength(PAGE);
      // Every vouched table, then the newest UNVOUCHED others, newest first; no table twice.
      expect(pages.flat()).toEqual([...vouched, ...flood.slice(0, UNVOUCHED)]);
      expect(pages.flat()).not.toContain(newtTable.body.gameId);
      expect(more).toEqual([true, false]);
      // A table left out of the list is still there for whoever has its link.
      expect((await api(srv.url, 'GET', `/api/games/${newtTable.body.gameId}`)).status).toBe(200);

      // One vouched profile from other addresses keeps no more tables waiting than one address:
      // it has 2 (its cap here) and cannot push the listed others off with a third.
      const third = await postFrom(srv.url, '/api/games', { ...table, name: 'Vera' }, '127.0.23.1', auth(vera.token));
      expect([third.status, third.body.error?.code]).toEqual([429, 'too_many_open_tables']);
      expect((await listing()).pages.flat()).toEqual([...vouched, ...flood.slice(0, UNVOUCHED)]);
    });
  });

  describe(`attack: a flood of anonymous tables from fresh addresses of a few networks (${name})`, () => {
    let srv: RunningServer;
    beforeAll(async () => {
      const st = await open();
      srv = await testServer(st.games, {
        players: st.players,
        limits: { openPageSize: PAGE, openUnvouchedListed: UNVOUCHED, openTablesPerIp: 2, openUnvouchedPerNet: 2 },
      });
    });
    afterAll(() => srv.close());

    const listed = async (): Promise<string[]> => {
      const out: string[] = [];
      for (let page = 0; page < 5; page++) {
        const r = await api(srv.url, 'GET', `/api/games?page=${page}`);
        out.push(...r.body.games.map((g: { gameId: string }) => g.gameId));
        if (!r.body.more) break;
      }
      return out;
    };
    const create = async (from: string, name = 'Spam'): Promise<string> => {
      const r = await postFrom(srv.url, '/api/games', { ...table, name }, from);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.gameId;
    };

    it('regression: 24 fresh addresses of two networks, 48 tables newer than a real one, list only their share', async () => {
      const real = [await create('127.0.41.7', 'Ann'), await create('127.0.42.9', 'Bob')];
      const flood: Record<string, string[]> = { '127.0.43': [], '127.0.44': [] };
      for (let a = 1; a <= 12; a++)
        for (const net of Object.keys(flood))
          for (let i = 0; i < 2; i++) flood[net]!.unshift(await create(`${net}.${a}`));
      const shown = await listed();
      // each flooding network: its first 2 tables (the oldest of its flood), then nothing more
      const share = (net: string) => flood[net]!.slice(-2);
      expect(shown.filter((id) => flood['127.0.43']!.includes(id)).sort()).toEqual(share('127.0.43').sort());
      expect(shown.filter((id) => flood['127.0.44']!.includes(id)).sort()).toEqual(share('127.0.44').sort());
      expect(shown).toEqual(expect.arrayContaining(real));
      expect(shown).toHaveLength(6);
      // a table beyond its network's share is still there for whoever has its link
      expect((await api(srv.url, 'GET', `/api/games/${flood['127.0.43']![0]}`)).status).toBe(200);

      // Once a listed table of a network leaves the lobby, that network's next table takes its place.
      const ann = await postFrom(srv.url, '/api/games', { ...table, name: 'Ann' }, '127.0.41.8');
      expect(ann.status).toBe(200);
      expect(await listed()).toContain(ann.body.gameId);
      const third = await create('127.0.41.9');
      expect(await listed()).not.toContain(third);
      expect(
        (await api(srv.url, 'POST', `/api/games/${ann.body.gameId}/leave`, { token: ann.body.token })).status,
      ).toBe(200);
      const fourth = await create('127.0.41.10');
      expect(await listed()).toContain(fourth);
    });
  });

  describe(`attack: a create flood from many addresses spends the server-wide budget (${name})`, () => {
    let srv: RunningServer;
    let players: PlayerStore;
    beforeAll(async () => {
      const st = await open();
      players = st.players;
      srv = await testServer(st.games, {
        players: st.players,
        limits: {
          createPerIp: { burst: 2, perMin: 0 },
          openTablesPerIp: 2,
          createTotal: { burst: 4, perMin: 0 },
          createNewcomerTotal: { burst: 10, perMin: 0 },
          createNewcomerTables: 2,
          createVouchedTotal: { burst: 2, perMin: 0 },
        },
      });
    });
    afterAll(() => srv.close());

    const create = async (from: string, token?: string) => {
      const r = await postFrom(
        srv.url,
        '/api/games',
        { ...table, name: 'Host' },
        from,
        token ? { authorization: `Bearer ${token}` } : {},
      );
      return r.status === 200 ? 200 : r.body.error.code;
    };

    it('regression: while 24 addresses of two networks flood creates, a person at a fresh network and a profile with a finished game still create', async () => {
      // A profile with a finished game played here (recorded as a game over records it).
      const vera = await newPlayer(srv.url, 'Vera');
      await players.recordFinishedGame(
        'vouch-game-1',
        [
          {
            playerId: vera.id,
            gameId: 'vouch-game-1',
            finishedAt: 1,
            role: 'agents',
            seat: 1,
            place: 1,
            mode: 'training',
            won: false,
            rated: false,
            campaignId: null,
          },
        ],
        null,
      );
      const newt = await newPlayer(srv.url, 'Newt');
      const flood = [];
      for (let a = 1; a <= 12; a++) for (const net of [60, 61]) flood.push(await create(`127.0.${net}.${a}`));
      expect(flood.filter((c) => c === 200)).toHaveLength(4);
      expect(flood.slice(4).every((c) => c === 'busy')).toBe(true);
      // a person at an address of a network that made fewer than 2 tables: the reserve, twice
      expect(await create('127.0.70.1')).toBe(200);
      expect(await create('127.0.70.1')).toBe(200);
      // then that network is like the flood's, which passed its 2 in the first creates
      expect(await create('127.0.70.2')).toBe('busy');
      expect(await create('127.0.71.1')).toBe(200);
      // a profile with a finished game, from inside a flooding network: its own lane, its own caps
      expect(await create('127.0.60.20', vera.token)).toBe(200);
      expect(await create('127.0.61.20', vera.token)).toBe(200);
      expect(await create('127.0.62.20', vera.token)).toBe('rate_limited');
      // a fresh profile vouches for nothing
      expect(await create('127.0.60.21', newt.token)).toBe('busy');
    });
  });
}
