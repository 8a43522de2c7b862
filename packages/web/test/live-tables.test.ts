// Games in progress could only be reached by link. The lobby lists the running
// tables whose host listed them (default: listed between people, not alone with bots), and one
// click on "Watch" opens one as a spectator.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { EXPECT_MS, newPage, type Server, serverAndBrowser } from './helpers.js';

const env = serverAndBrowser();
let server: Server;
let browser: Browser;
beforeAll(() => {
  ({ server, browser } = env());
});

async function post(path: string, body: unknown): Promise<any> {
  const r = await fetch(server.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!r.ok) throw new Error(`${path}: ${r.status} ${await r.text()}`);
  return r.json();
}

/** A Training Mission between two people, started (made over HTTP: the clicks under test are the
 * watcher's). */
async function runningTable(title: string): Promise<string> {
  const c = await post('/api/games', { name: 'Ann', title, mode: 'training', players: 2, recruiterChoice: 'host' });
  await post(`/api/games/${c.gameId}/join`, { name: 'Bo', place: 2 });
  await post(`/api/games/${c.gameId}/start`, { token: c.token });
  return c.gameId as string;
}

describe('live tables to watch', () => {
  it('the create form lists a table between people by default, not one of a person with bots', async () => {
    const { page, ctx, errors } = await newPage(browser);
    await page.goto(`${server.url}/#/`);
    const form = page.locator('section.create');
    const listed = form.locator('input[name=listed]');
    await form.locator('select[name=players]').selectOption('2');
    expect(await listed.isChecked()).toBe(true);
    await form.locator('select[name=place2]').selectOption('easy');
    expect(await listed.isChecked()).toBe(false);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('a running listed table is in the lobby, and one click on Watch opens it as a spectator', async () => {
    const id = await runningTable('Zanzibar night shift');
    const { page, ctx, errors } = await newPage(browser);
    await page.goto(`${server.url}/#/`);
    const row = page.locator('section.live-tables li', { hasText: 'Zanzibar night shift' });
    await row.waitFor({ timeout: EXPECT_MS });
    expect(await row.innerText()).toMatch(/Ann/);
    await row.getByRole('link', { name: 'Watch' }).click();
    await page.locator('[role=status][data-phase]').waitFor({ timeout: EXPECT_MS });
    expect(page.url()).toContain(`#/g/${id}?watch`);
    expect(await page.locator('[role=status][data-phase]').getAttribute('data-mine')).toBe('no');
    // a spectator has no seat: nothing to resign, and the recruiter's secret panel is not there
    expect(await page.locator('section.secret').count()).toBe(0);
    expect(errors).toEqual([]);
    await ctx.close();
  });
});
