// Bots over real WebSockets: the server asks its BotPool for each bot seat's move with the
// game's id and seat (one bot session per game and seat), and drops a game's sessions when the
// game ends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/app/server.js';
import { closeTable, mulberry, openTable, playOut, testServer } from './helpers.js';

describe('bot sessions in the server', () => {
  let srv: RunningServer;
  beforeAll(async () => {
    srv = await testServer();
  });
  afterAll(async () => {
    await srv.close();
  });

  it('two solo games at once get one bot session each, forgotten when each game ends', async () => {
    const pool = srv.service.bots;
    const tables = await Promise.all([
      openTable(srv.url, { mode: 'training', players: 1, solo: { role: 'agents', level: 'easy' } }),
      openTable(srv.url, { mode: 'training', players: 1, solo: { role: 'recruiter', level: 'easy' } }),
    ]);
    let most = 0;
    const views = await Promise.all(
      tables.map((t, i) =>
        playOut(t, mulberry(20 + i), {
          onStep: () => {
            most = Math.max(most, pool.sessions);
          },
        }),
      ),
    );
    for (const v of views) expect(v.result).not.toBeNull();
    for (const t of tables) closeTable(t);
    expect(most).toBe(2); // both games had their bots' sessions at the same time
    expect(pool.sessions).toBe(0); // and each was dropped at its game's end
    expect(pool.sources.ai).toBeGreaterThan(0);
    expect(pool.sources.timeout + pool.sources.best + pool.sources.crash).toBe(0);
  });
});
