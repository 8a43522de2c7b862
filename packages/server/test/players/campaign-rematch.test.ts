// Campaigns through "Rematch" over real HTTP and WebSockets (seed 001), on a SQLite
// file and on PostgreSQL:
// - a solo campaign: one person against bots continues it game after game; the ledger counts
//   wins, losses and streaks per side, the losing side opens its next SHIFT package, and module
//   counts follow the streak rule (winner: the loser's count minus 1 after 1 win, 2 after 2, ...);
//   a side of bots writes down no modules;
// - a multi-seat rematch (4 people): every person at the table is told of the rematch table and
//   takes a seat at it, an outsider cannot; sides swapped (the first agent recruits, the old
//   recruiter joins the agents) and kept.
import { tempDir } from '../temp-dir.js';
import { describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/app/server.js';
import { pgPlayerStore } from '../../src/store/players/pg.js';
import { sqlitePlayerStore } from '../../src/store/players/sqlite.js';
import type { PlayerStore } from '../../src/store/players/types.js';
import { SqliteStore } from '../../src/store/sqlite.js';
import type { GameStore } from '../../src/store/types.js';
import { Client, testServer } from '../helpers.js';
import { cleanupSchemas, describePg, openPg } from '../pg-helpers.js';
import { authApi, eventually, newPlayer, resign } from './http-players-suite.js';

type Open = () => Promise<{ games: GameStore; players: PlayerStore }>;

async function withServer(open: Open, f: (s: RunningServer) => Promise<void>): Promise<void> {
  const st = await open();
  const s = await testServer(st.games, { players: st.players });
  try {
    await f(s);
  } finally {
    await s.close();
  }
}

/** Starts a created table with the host's token; answers the host's connected client. */
async function startWith(url: string, gameId: string, token: string): Promise<Client> {
  const cl = new Client(url);
  await cl.hello(gameId, token);
  const started = cl.wait((m) => m.t === 'state');
  const s = await authApi(url, 'POST', `/api/games/${gameId}/start`, null, { token });
  expect(s.status, s.text).toBe(200);
  await started;
  return cl;
}

async function ledgerAfter(url: string, gameId: string, games: number) {
  const r = await eventually(
    () => authApi(url, 'GET', `/api/games/${gameId}/campaign`, null),
    (x) => x.body.campaign?.ledger.games.length === games,
  );
  return r.body as { campaign: { id: string; ledger: any; allowance: any }; next: string | null };
}

const modules = (url: string, campaignId: string, token: string, side: string, count: number) =>
  authApi(url, 'POST', `/api/campaigns/${campaignId}/modules`, token, { side, count, text: `${count} modules` });

function campaignSuite(name: string, open: Open): void {
  it(`${name}: attack: 30 concurrent rematch requests make one table, and none ends in a 500`, () =>
    withServer(open, async (s) => {
      const { url } = s;
      const ann = await newPlayer(url, 'Ann');
      const c1 = await authApi(url, 'POST', '/api/games', ann.token, {
        name: 'Ann',
        mode: 'training',
        players: 1,
        solo: { role: 'agents', level: 'easy' },
      });
      const cl = await startWith(url, c1.body.gameId, c1.body.token);
      await resign({ gameId: c1.body.gameId, clients: [cl] }, cl.seat as number);
      cl.close();
      let created = 0;
      const create = s.service.lobby.createGame.bind(s.service.lobby);
      s.service.lobby.createGame = (b) => {
        created++;
        return create(b);
      };
      const answers = await Promise.all(
        Array.from({ length: 30 }, () =>
          authApi(url, 'POST', `/api/games/${c1.body.gameId}/rematch`, null, {
            token: c1.body.token,
            swapSides: false,
          }),
        ),
      );
      for (const a of answers) expect(a.status, a.text).toBe(200);
      expect(new Set(answers.map((a) => a.body.gameId)).size).toBe(1);
      expect(answers.filter((a) => a.body.token !== null)).toHaveLength(1);
      expect(created).toBe(1);
    }));

  it(`${name}: a solo campaign against bots goes on through Rematch: ledger, packages, modules by the streak (seed 001)`, () =>
    withServer(open, async ({ url }) => {
      const ann = await newPlayer(url, 'Ann');
      const solo = (role: string) => ({
        name: 'Ann',
        mode: 'training',
        players: 1,
        solo: { role, level: 'easy' },
      });
      const c1 = await authApi(url, 'POST', '/api/games', ann.token, solo('agents'));
      expect(c1.status, c1.text).toBe(200);
      let cl = await startWith(url, c1.body.gameId, c1.body.token);
      await resign({ gameId: c1.body.gameId, clients: [cl] }, cl.seat as number); // Ann's agents lose
      cl.close();

      // Game 2, sides kept: Ann plays the agents again.
      const r1 = await authApi(url, 'POST', `/api/games/${c1.body.gameId}/rematch`, null, {
        token: c1.body.token,
        swapSides: false,
      });
      expect(r1.status, r1.text).toBe(200);
      const l1 = await ledgerAfter(url, c1.body.gameId, 1);
      const cid = l1.campaign.id;
      expect(l1.next).toBe(r1.body.gameId);
      expect(l1.campaign.ledger).toMatchObject({
        sides: {
          recruiter: { wins: 1, losses: 0, streak: 1, opened: 0 },
          agents: { wins: 0, losses: 1, streak: 0, opened: 1 },
        },
        seating: { recruiter: ['bot-easy'], agents: [ann.id] },
      });
      // The losing side chooses any number of its opened modules; the bots' side never opened one.
      expect(l1.campaign.allowance).toEqual({ recruiter: { min: 0, max: 0 }, agents: { min: 0, max: 40 } });
      expect((await modules(url, cid, ann.token, 'agents', 2)).status).toBe(200);
      expect((await modules(url, cid, ann.token, 'recruiter', 0)).status).toBe(403); // not Ann's side
      const lobby2 = (await authApi(url, 'GET', `/api/games/${r1.body.gameId}`, null)).body;
      expect(lobby2.title).toBe('Campaign game 2');
      cl = await startWith(url, r1.body.gameId, r1.body.token);
      expect(cl.seat).not.toBe(0); // Ann is an agent
      await resign({ gameId: r1.body.gameId, clients: [cl] }, cl.seat as number);
      cl.close();

      // Game 3, sides swapped: Ann recruits against the bots.
      const r2 = await authApi(url, 'POST', `/api/games/${r1.body.gameId}/rematch`, null, {
        token: r1.body.token,
        swapSides: true,
      });
      expect(r2.status, r2.text).toBe(200);
      const l2 = await ledgerAfter(url, r1.body.gameId, 2);
      expect(l2.campaign.ledger).toMatchObject({
        sides: {
          recruiter: { wins: 2, losses: 0, streak: 2, opened: 0 },
          agents: { wins: 0, losses: 2, streak: 0, opened: 2 },
        },
        seating: { recruiter: [ann.id], agents: ['bot-easy'] },
      });
      expect(l2.campaign.ledger.games[1]).toMatchObject({
        gameId: r1.body.gameId,
        winner: 'recruiter',
        modules: { agents: { count: 2 } },
      });
      // The bots lost: they write down no modules, so Ann's winning side may choose none.
      expect(l2.campaign.ledger.next).toEqual({ recruiter: null, agents: { count: 0, text: '' } });
      expect(l2.campaign.allowance).toEqual({ recruiter: { min: 0, max: 0 }, agents: { min: 0, max: 40 } });
      cl = await startWith(url, r2.body.gameId, r2.body.token);
      expect(cl.seat).toBe(0);
      await resign({ gameId: r2.body.gameId, clients: [cl] }, 0); // Ann's recruiter side loses
      cl.close();

      // Game 4, sides kept: Ann (recruiter) lost and opens her side's first package.
      const r3 = await authApi(url, 'POST', `/api/games/${r2.body.gameId}/rematch`, null, {
        token: r2.body.token,
        swapSides: false,
      });
      expect(r3.status, r3.text).toBe(200);
      const l3 = await ledgerAfter(url, r2.body.gameId, 3);
      expect(l3.campaign.ledger.sides).toEqual({
        recruiter: { wins: 2, losses: 1, streak: 0, opened: 1 },
        agents: { wins: 1, losses: 2, streak: 1, opened: 2 },
      });
      expect(l3.campaign.ledger.lastLoser).toBe('recruiter');
      expect(l3.campaign.allowance.recruiter).toEqual({ min: 0, max: 40 });
      // The bots' agents won once in a row (streak 1): they may take one module fewer than Ann.
      const chose = await modules(url, cid, ann.token, 'recruiter', 3);
      expect(chose.status, chose.text).toBe(200);
      expect(chose.body.allowance.agents).toEqual({ min: 0, max: 2 });
      expect(chose.body.ledger.next.recruiter).toEqual({ count: 3, text: '3 modules' });
      // Ann's history: four games, each in the campaign after the first (which started it).
      const h = await eventually(
        () => authApi(url, 'GET', `/api/players/${ann.id}/games`, null),
        (x) => x.body.games?.length === 3,
      );
      expect(h.body.games.map((g: any) => [g.role, g.won])).toEqual([
        ['recruiter', false],
        ['agents', false],
        ['agents', false],
      ]);
    }));

  it(`${name}: a rematch of four people: everyone is told of the table and takes a seat; sides swapped, then kept`, () =>
    withServer(open, async ({ url }) => {
      const people = await Promise.all(['Ann', 'Bob', 'Cid', 'Dan'].map((n) => newPlayer(url, n)));
      const outsider = await newPlayer(url, 'Eve');
      const [ann, bob, cid, dan] = people as [
        (typeof people)[0],
        (typeof people)[0],
        (typeof people)[0],
        (typeof people)[0],
      ];

      /** The joiners take places 2, 3, 4 in order; everyone connects; the host starts. */
      async function play(gameId: string, hostToken: string, joiners: typeof people) {
        const tokens = [hostToken];
        for (const p of joiners) {
          const j = await authApi(url, 'POST', `/api/games/${gameId}/join`, p.token, { name: p.id.slice(0, 8) });
          expect(j.status, j.text).toBe(200);
          tokens.push(j.body.token);
        }
        const clients = tokens.map(() => new Client(url));
        for (let i = 0; i < tokens.length; i++) await clients[i]!.hello(gameId, tokens[i]!);
        const started = clients.map((c) => c.wait((m) => m.t === 'state'));
        const s = await authApi(url, 'POST', `/api/games/${gameId}/start`, null, { token: hostToken });
        expect(s.status, s.text).toBe(200);
        await Promise.all(started);
        return { gameId, clients, tokens };
      }

      const c = await authApi(url, 'POST', '/api/games', ann.token, {
        name: 'Ann',
        mode: 'training',
        players: 4,
        recruiterChoice: 'host',
      });
      expect(c.status, c.text).toBe(200);
      const g1 = await play(c.body.gameId, c.body.token, [bob, cid, dan]);
      expect(g1.clients[0]!.seat).toBe(0); // Ann, the host, recruits
      await resign(g1, 0); // the recruiter (Ann) loses
      for (const cl of g1.clients) cl.close();

      // Cid (an agent, not the host) asks for the rematch, sides swapped.
      const r1 = await authApi(url, 'POST', `/api/games/${g1.gameId}/rematch`, null, {
        token: g1.tokens[2],
        swapSides: true,
      });
      expect(r1.status, r1.text).toBe(200);
      // Everyone at the old table is told where the next game is (the table's campaign route).
      for (const p of people) {
        const seen = (await authApi(url, 'GET', `/api/games/${g1.gameId}/campaign`, p.token)).body;
        expect(seen.next, p.id).toBe(r1.body.gameId);
      }
      const l1 = (await ledgerAfter(url, g1.gameId, 1)).campaign.ledger;
      // The first agent (Bob) recruits; Ann joins the agents in his place.
      expect(l1.seating).toEqual({ recruiter: [bob.id], agents: [ann.id, cid.id, dan.id] });
      expect(
        (await authApi(url, 'POST', `/api/games/${r1.body.gameId}/join`, outsider.token, { name: 'Eve' })).status,
      ).toBe(403);
      const g2 = await play(r1.body.gameId, r1.body.token, [dan, ann, bob]);
      const lobby2 = (await authApi(url, 'GET', `/api/games/${g2.gameId}`, null)).body;
      expect(lobby2.places.filter((p: any) => p.taken)).toHaveLength(4);
      // Bob joined last (place 4) and recruits: the campaign's seating decides, not the places.
      expect(lobby2.seats.find((s: any) => s.seat === 0).place).toBe(4);
      expect(g2.clients[3]!.seat).toBe(0);
      for (const cl of g2.clients.slice(0, 3)) expect(cl.seat).not.toBe(0);
      await resign(g2, 0); // Bob (recruiter) loses
      for (const cl of g2.clients) cl.close();

      // Dan asks, sides kept: Bob recruits again.
      const r2 = await authApi(url, 'POST', `/api/games/${g2.gameId}/rematch`, null, {
        token: g2.tokens[1],
        swapSides: false,
      });
      expect(r2.status, r2.text).toBe(200);
      for (const p of people)
        expect((await authApi(url, 'GET', `/api/games/${g2.gameId}/campaign`, p.token)).body.next).toBe(r2.body.gameId);
      const l2 = (await ledgerAfter(url, g2.gameId, 2)).campaign.ledger;
      expect(l2.seating).toEqual({ recruiter: [bob.id], agents: [ann.id, cid.id, dan.id] });
      expect(l2.sides).toEqual({
        recruiter: { wins: 0, losses: 2, streak: 0, opened: 2 },
        agents: { wins: 2, losses: 0, streak: 2, opened: 0 },
      });
      const g3 = await play(r2.body.gameId, r2.body.token, [bob, ann, cid]);
      const lobby3 = (await authApi(url, 'GET', `/api/games/${g3.gameId}`, null)).body;
      expect(lobby3.seats.find((s: any) => s.seat === 0).place).toBe(2); // Bob joined first here
      expect(g3.clients[1]!.seat).toBe(0);
      for (const cl of g3.clients) cl.close();
    }));
}

describe('campaign rematches: SQLite', () => {
  campaignSuite('sqlite file', async () => {
    const games = SqliteStore.inDir(tempDir('mm-campaign-'));
    return { games, players: sqlitePlayerStore(games) };
  });
});

describePg('campaign rematches: PostgreSQL', (url) => {
  cleanupSchemas(url);
  campaignSuite('postgres', async () => {
    const games = await openPg(url);
    return { games, players: pgPlayerStore(games) };
  });
});
