// D13 (docs/players.md "Absent players"): the open-tables list shows each host's finish rate (their
// last FINISH_RATE_GAMES games) and the table's minimum, read for the whole page at once. One
// suite, on a SQLite file and on PostgreSQL.
import { expect, it, vi } from 'vitest';
import type { GameStore } from '../../src/store/types.js';
import type { PlayerStore } from '../../src/store/players/types.js';
import { api, testServer } from '../helpers.js';
import { authApi, newPlayer } from './http-players-suite.js';

export function lobbyFinishRateSuite(
  name: string,
  open: () => Promise<{ games: GameStore; players: PlayerStore }>,
): void {
  it(`regression (${name}): the open-tables list did not say whether a host finishes their games`, async () => {
    const { games, players } = await open();
    const s = await testServer(games, { players });
    try {
      const ann = await newPlayer(s.url, 'Ann');
      const bob = await newPlayer(s.url, 'Bob');
      const cy = await newPlayer(s.url, 'Cy');
      // Ann: 52 games; of the newest 50 she left 5; the 2 oldest (left too) are past the window.
      for (let i = 0; i < 52; i++) {
        const gameId = `seed-ann-${String(i).padStart(2, '0')}`;
        const row = { playerId: ann.id, gameId, finishedAt: 1_000 + i, role: 'recruiter' as const, seat: 0 };
        await players.recordFinishedGame(
          gameId,
          [
            {
              ...row,
              place: 1,
              mode: 'training',
              won: true,
              rated: false,
              campaignId: null,
              absent: i < 2 || i % 10 === 5,
            },
          ],
          null,
        );
      }
      await players.recordFinishedGame(
        'seed-bob',
        [
          {
            playerId: bob.id,
            gameId: 'seed-bob',
            finishedAt: 2_000,
            role: 'agents',
            seat: 1,
            place: 2,
            mode: 'training',
            won: false,
            rated: false,
            campaignId: null,
          },
        ],
        null,
      );
      const table = async (token: string | null, name: string, extra: object = {}) => {
        const r = await authApi(s.url, 'POST', '/api/games', token, { name, mode: 'training', players: 3, ...extra });
        expect(r.status, r.text).toBe(200);
        return r.body.gameId as string;
      };
      const a = await table(ann.token, 'Ann', { minFinishRate: 80 });
      const b = await table(bob.token, 'Bob');
      const c = await table(cy.token, 'Cy');
      const z = await table(null, 'Zed');
      // The rates are read for the page at once, not host by host.
      const perHost = vi.spyOn(players, 'historyOf');
      const batch = vi.spyOn(players, 'finishRatesAt');
      const list = await api(s.url, 'GET', '/api/games');
      expect(list.status).toBe(200);
      expect(perHost).not.toHaveBeenCalled();
      expect(batch).toHaveBeenCalledTimes(1);
      const byId = new Map((list.body.games as { gameId: string }[]).map((g) => [g.gameId, g]));
      expect(byId.get(a)).toMatchObject({
        hostName: 'Ann',
        hostFinishRate: { finished: 45, started: 50 },
        minFinishRate: 80,
      });
      expect(byId.get(b)).toMatchObject({ hostName: 'Bob', hostFinishRate: { finished: 1, started: 1 } });
      expect(byId.get(b)).not.toHaveProperty('minFinishRate');
      expect(byId.get(c)).toMatchObject({ hostFinishRate: { finished: 0, started: 0 } });
      expect(byId.get(z)).toMatchObject({ hostName: 'Zed', hostFinishRate: null });
    } finally {
      await s.close();
    }
  });
}
