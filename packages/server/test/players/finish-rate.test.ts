// D13 (docs/players.md "Absent players"): a player who left a game and was not back at its end
// has it on their record as a loss and as not finished; the finish rate on the profile counts
// the last 50 games.
import { expect, it } from 'vitest';
import { SqliteStore } from '../../src/store/sqlite.js';
import { sqlitePlayerStore } from '../../src/store/players/sqlite.js';
import { testServer } from '../helpers.js';
import { tempDir } from '../temp-dir.js';
import { authApi, eventually, newPlayer, resign, twoPlayerGame } from './http-players-suite.js';

it('regression: leaving a game left no mark on the record of the player who left', async () => {
  const games = SqliteStore.inDir(tempDir('mm-finish-'));
  const s = await testServer(games, { players: sqlitePlayerStore(games) });
  try {
    const ann = await newPlayer(s.url, 'Ann');
    const bob = await newPlayer(s.url, 'Bob');
    const g = await twoPlayerGame(s.url, ann.token, bob.token, { standInLevel: 'random' });
    const guest = g.clients.find((c) => c.seat === 1)!;
    await guest.request({ t: 'leave', gameId: g.gameId }, (m) => m.t === 'lobby' && m.lobby.seats?.[1]?.standIn);
    await resign(g, 0); // the recruiter resigns: the agents' side wins, the stand-in in Bob's seat
    const profile = (id: string) => authApi(s.url, 'GET', `/api/players/${id}`, null);
    const b = await eventually(
      () => profile(bob.id),
      (r) => r.body.recent?.length === 1,
    );
    expect(b.body.finishRate).toEqual({ finished: 0, started: 1 });
    expect(b.body.recent[0].won).toBe(false);
    const a = await eventually(
      () => profile(ann.id),
      (r) => r.body.recent?.length === 1,
    );
    expect(a.body.finishRate).toEqual({ finished: 1, started: 1 });
    for (const c of g.clients) c.close();
    // At the table, beside each place: the players' finish rates.
    const rates = await authApi(s.url, 'GET', `/api/games/${g.gameId}/finish-rates`, null);
    expect(rates.body.places).toEqual([
      { place: 1, finished: 1, started: 1 },
      { place: 2, finished: 0, started: 1 },
    ]);
    // A host may ask for a minimum: nobody without a record to show; a new player still may.
    const t = await authApi(s.url, 'POST', '/api/games', ann.token, {
      name: 'Ann',
      mode: 'training',
      players: 3,
      minFinishRate: 80,
    });
    const anon = await authApi(s.url, 'POST', `/api/games/${t.body.gameId}/join`, null, { name: 'Zed' });
    expect([anon.status, anon.body.error.code]).toEqual([403, 'finish_rate']);
    const newcomer = await authApi(s.url, 'POST', `/api/games/${t.body.gameId}/join`, bob.token, { name: 'Bob' });
    expect(newcomer.status).toBe(200);
  } finally {
    await s.close();
  }
});
