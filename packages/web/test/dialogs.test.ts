// Modal dialogs keep the keyboard inside (accessibility of the rulebook, the
// confirmations and the end of the game), in real Chromium: Tab and Shift+Tab never leave the
// open dialog, Escape closes it, and focus goes back to the control that opened it. (The capture
// confirmation is the same Modal component as these two.)
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { EXPECT_MS, newPage, type Server, serverAndBrowser } from './helpers.js';

const env = serverAndBrowser();
let server: Server;
let browser: Browser;
beforeAll(() => {
  ({ server, browser } = env());
});

/** Presses `key` n times; returns how often focus was outside the open dialog afterwards. */
async function escapes(page: Page, key: string, n: number): Promise<number> {
  let out = 0;
  for (let i = 0; i < n; i++) {
    await page.keyboard.press(key);
    if (!(await page.evaluate(() => !!document.activeElement?.closest('[role=dialog][aria-modal=true]')))) out++;
  }
  return out;
}

const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

describe('modal dialogs trap focus', () => {
  it('regression "Tab leaves the rulebook": Tab and Shift+Tab stay in the rulebook, Escape closes it, focus returns to the Rules button', async () => {
    const { page, errors } = await newPage(browser);
    await page.goto(`${server.url}/#/`);
    const opener = page.locator('header').getByRole('button', { name: 'Rules' });
    await opener.focus();
    await opener.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.locator('nav.rb-toc').waitFor();
    // more presses than the book has controls (chapters' links, search, close): it wraps around
    const links = await dialog.locator('a[href], button, input').count();
    expect(await escapes(page, 'Tab', links + 5)).toBe(0);
    expect(await escapes(page, 'Shift+Tab', links + 5)).toBe(0);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await focusedText(page)).toBe('Rules');
    expect(errors).toEqual([]);
  }, 120_000);

  it('the end of the game is a modal dialog: focus inside, Tab stays, Escape closes, "Show the result" reopens it and gets focus back', async () => {
    const { page, errors } = await newPage(browser);
    await page.goto(`${server.url}/#/`);
    await page.getByLabel('Your name').first().fill('Rita');
    const box = page.locator('section.solo');
    await box.getByLabel('I play').selectOption({ label: 'Rogue agents' });
    await box.getByRole('button', { name: 'Play solo' }).click();
    // the bot recruiter's secret setup steps are in the log once the agents place their figures
    await page.locator('[role=status][data-phase="agents"][data-mine="yes"]').waitFor({ timeout: EXPECT_MS });
    await page.getByRole('button', { name: 'Resign' }).click();
    await page.locator('.resign').getByRole('button', { name: 'Confirm' }).click();
    const dialog = page.getByRole('dialog', { name: /over/i });
    await dialog.locator('section.end').waitFor();
    // regression: the heading and the line under it both said "The recruiter wins"
    expect((await dialog.locator('section.end').innerText()).match(/The recruiter wins/g)).toHaveLength(1);
    // regression: after the game the log showed the recruiter's secrets raw, "[secret: to E2]"
    const log = await page.locator('#table-log').textContent();
    expect(log).not.toContain('[secret');
    expect(log).toMatch(/\(revealed: to [A-Z]\d+\)/);
    expect(await page.evaluate(() => !!document.activeElement?.closest('[role=dialog]'))).toBe(true);
    expect(await escapes(page, 'Tab', 12)).toBe(0);
    expect(await escapes(page, 'Shift+Tab', 12)).toBe(0);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    const again = page.getByRole('button', { name: 'Show the result' });
    await again.focus();
    await again.press('Enter');
    await dialog.locator('section.end').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await focusedText(page)).toBe('Show the result');
    expect(errors).toEqual([]);
  }, 120_000);
});
