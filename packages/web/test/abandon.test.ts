// D14 in real Chromium: two people at a table agree to abandon it. One proposes from the player
// panel, the other accepts; both see the end with no winner, not "You lost".
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { newPage, type Server, serverAndBrowser } from './helpers.js';

const env = serverAndBrowser();
let server: Server;
let browser: Browser;
beforeAll(() => {
  ({ server, browser } = env());
});

async function post(path: string, body: unknown): Promise<any> {
  const r = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(r.status).toBe(200);
  return r.json();
}

async function sit(page: Page, gameId: string, token: string, place: number, name: string): Promise<void> {
  await page.goto(`${server.url}/#/`);
  await page.evaluate(([id, s]) => localStorage.setItem('mm.games', JSON.stringify({ [id as string]: s })), [
    gameId,
    { token, place, name, at: Date.now() },
  ] as const);
  await page.goto(`${server.url}/#/g/${gameId}`);
}

describe('abandoning a table', () => {
  it('regression: players who agreed to stop were shown a winner and "You lost"', async () => {
    const c = await post('/api/games', { name: 'Rita', mode: 'training', players: 2, recruiterChoice: 'host' });
    const gameId = c.gameId as string;
    const j = await post(`/api/games/${gameId}/join`, { name: 'Alex', place: 2 });
    const h = await newPage(browser);
    const a = await newPage(browser);
    await sit(h.page, gameId, c.token, 1, 'Rita');
    await sit(a.page, gameId, j.token, 2, 'Alex');
    await post(`/api/games/${gameId}/start`, { token: c.token });
    for (const p of [h.page, a.page]) await p.locator('[role=status][data-phase]').waitFor();
    h.page.once('dialog', (d) => void d.accept());
    await h.page.getByRole('button', { name: 'Propose to abandon' }).click();
    await a.page.locator('[data-kind="abandon"]').getByRole('button', { name: 'Abandon the game' }).click();
    for (const p of [h.page, a.page]) {
      const end = p.locator('.end-box');
      await end.getByRole('heading', { name: 'Game abandoned' }).waitFor();
      expect(await end.innerText()).toContain('the players agreed to abandon the game');
      expect(await end.getByText(/You (won|lost)/).count()).toBe(0);
    }
    expect(h.errors).toEqual([]);
    expect(a.errors).toEqual([]);
    await h.ctx.close();
    await a.ctx.close();
  }, 60_000);
});
