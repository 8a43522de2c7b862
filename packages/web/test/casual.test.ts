// In real Chromium: casual tables are made by clicks on both forms (the server stores
// `rated: false`, the waiting room says so), and a rated solo game that lasted into the rogue
// agents' first turn leaves a provisional rating, shown with "?" on the profile.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { EXPECT_MS, newPage, recruiterMove, type Server, serverAndBrowser, status } from './helpers.js';

const env = serverAndBrowser();
let server: Server;
let browser: Browser;
beforeAll(() => {
  ({ server, browser } = env());
});

async function optionsOf(page: Page): Promise<{ rated?: boolean }> {
  const id = /#\/g\/([^?]+)/.exec(page.url())![1]!;
  const r = await fetch(`${server.url}/api/games/${id}`);
  return ((await r.json()) as { options: { rated?: boolean } }).options;
}

describe('casual and rated tables', () => {
  it('a casual table by clicks, on the create form and on the solo form', async () => {
    const { page, errors, ctx } = await newPage(browser);
    await page.goto(`${server.url}/#/`);
    await page.getByLabel('Your name').first().fill('Cass');
    const form = page.locator('section.create');
    expect(await form.getByLabel('Rating').inputValue()).toBe('rated');
    await form.getByLabel('Rating').selectOption({ label: 'Casual (not rated)' });
    await form.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/#\/g\//);
    await page.getByText('Casual table: no rating moves.').waitFor();
    expect((await optionsOf(page)).rated).toBe(false);

    await page.goto(`${server.url}/#/`);
    const solo = page.locator('section.solo');
    await solo.getByLabel('Rating').selectOption({ label: 'Casual (not rated)' });
    await solo.getByRole('button', { name: 'Play solo' }).click();
    await page.locator('[role=status][data-phase]').waitFor({ timeout: EXPECT_MS });
    expect((await optionsOf(page)).rated).toBe(false);
    expect(errors).toEqual([]);
    await ctx.close();
  }, 120_000);

  it('a rated solo game resigned in the agents\' first turn: a provisional "?" rating on the profile', async () => {
    const { page, errors, ctx } = await newPage(browser);
    await page.goto(`${server.url}/#/`);
    await page.getByLabel('Your name').first().fill('Rhea');
    const solo = page.locator('section.solo');
    await solo.getByLabel('I play').selectOption({ label: 'Recruiter' });
    await solo.locator('select[name=soloLevel]').selectOption('easy');
    await solo.getByLabel('Game type').selectOption({ label: 'Training Mission' });
    await solo.getByRole('button', { name: 'Play solo' }).click();
    await page.locator('[role=status][data-phase]').waitFor({ timeout: EXPECT_MS });
    expect((await optionsOf(page)).rated).toBe(true);
    // The recruiter's setup and first turn by clicks, until the agents' turn begins.
    // by time, not by a count of polls (the bots' setup takes many polls on a loaded machine)
    for (const end = Date.now() + 120_000; Date.now() < end;) {
      const s = await status(page);
      if (s?.phase === 'agentsTurn' || s?.phase === 'over') break;
      if (s?.mine) await recruiterMove(page, ['C4', 'D4', 'C5', 'D5', 'B4', 'E4', 'B5', 'E3']);
      else await page.waitForTimeout(50);
    }
    // the agents' first turn: the bot may already be asking (answerAsk) when this is read
    expect(['agentsTurn', 'answerAsk']).toContain((await status(page))?.phase);
    await page.getByRole('button', { name: 'Resign' }).click();
    await page.locator('.resign').getByRole('button', { name: 'Confirm' }).click();
    await page.locator('[role=status][data-phase="over"]').waitFor();

    await page.goto(`${server.url}/#/me`);
    const me = page.locator('section.profile');
    await me.getByRole('heading', { name: 'Rhea' }).waitFor();
    const ratings = me.getByRole('list', { name: 'Ratings' });
    await expect.poll(() => ratings.innerText(), { timeout: EXPECT_MS }).toContain('Recruiter');
    await expect(ratings.getByTestId('provisional').getAttribute('title')).resolves.toMatch(/^Provisional/);
    await page.goto(`${server.url}/#/leaders`);
    await page.getByText('Provisional ratings (deviation above 110)').waitFor();
    expect(errors).toEqual([]);
    await ctx.close();
  }, 180_000);
});
