// The table the notification suites (push-suite, mail-suite) play at: Ann hosts (and recruits)
// a Training table named `title`, Bob joins; neither connects here.
import { expect } from 'vitest';
import { authApi } from '../players/http-players-suite.js';

export async function notifyTable(
  url: string,
  title: string,
  ann: string,
  bob: string,
): Promise<{ gameId: string; tokens: string[] }> {
  const c = await authApi(url, 'POST', '/api/games', ann, {
    name: 'Ann',
    title,
    mode: 'training',
    players: 2,
    recruiterChoice: 'host',
  });
  expect(c.status, c.text).toBe(200);
  const j = await authApi(url, 'POST', `/api/games/${c.body.gameId}/join`, bob, { name: 'Bob' });
  expect(j.status, j.text).toBe(200);
  return { gameId: c.body.gameId as string, tokens: [c.body.token as string, j.body.token as string] };
}
