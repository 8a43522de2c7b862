// D13 vacation: a player on vacation from turn-based play is not out of time (the deadline moves
// to the vacation's end plus a time per move, and the others see it); the operator's days a year
// hold.
import { expect, it } from 'vitest';
import { SqliteStore } from '../../src/store/sqlite.js';
import { sqlitePlayerStore } from '../../src/store/players/sqlite.js';
import { Client, testServer } from '../helpers.js';
import { tempDir } from '../temp-dir.js';
import { authApi, newPlayer } from './http-players-suite.js';

const DAY = 24 * 3600_000;

it('regression: a player away on vacation lost their turn-based games to stand-ins', async () => {
  let now = Date.now();
  const games = SqliteStore.inDir(tempDir('mm-vacation-'));
  const s = await testServer(games, {
    players: sqlitePlayerStore(games),
    service: { wallClock: () => now, sweepMs: 3_600_000 } as never,
    limits: { vacationDaysPerYear: 21 },
  });
  const bob = new Client(s.url);
  try {
    const ann = await newPlayer(s.url, 'Ann');
    const bobP = await newPlayer(s.url, 'Bob');
    const c = await authApi(s.url, 'POST', '/api/games', ann.token, {
      name: 'Ann',
      mode: 'training',
      players: 2,
      recruiterChoice: 'host',
      timeControl: { kind: 'move', sec: 86400 },
    });
    const gameId = c.body.gameId as string;
    const j = await authApi(s.url, 'POST', `/api/games/${gameId}/join`, bobP.token, { name: 'Bob' });
    await bob.hello(gameId, j.body.token);
    const started = bob.wait((m) => m.t === 'state' && !!m.view);
    await authApi(s.url, 'POST', `/api/games/${gameId}/start`, null, { token: c.body.token });
    await started;
    const v = await authApi(s.url, 'POST', '/api/me/vacation', ann.token, { days: 3 });
    expect(v.status, v.text).toBe(200);
    expect(v.body.usedDays).toBe(3);
    // The others see it beside Ann's name.
    const at = await authApi(s.url, 'GET', `/api/games/${gameId}/finish-rates`, null);
    expect(at.body.places[0].vacationUntil).toBe(v.body.until);
    // Ann's day passes while she is away: the deadline moves past her vacation, no stand-in.
    now += DAY + 1000;
    const moved = bob.wait((m) => m.t === 'lobby' && m.lobby.turnDeadline === v.body.until + DAY);
    expect(await s.service.sweep()).toBe(1);
    expect((await moved).lobby.seats[0].standIn).toBeUndefined();
    // The operator's days a year hold.
    const more = await authApi(s.url, 'POST', '/api/me/vacation', ann.token, { days: 19 });
    expect([more.status, more.body.error.code]).toEqual([409, 'vacation_used']);
  } finally {
    bob.close();
    await s.close();
  }
});
