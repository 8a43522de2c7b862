// "Play solo" works end to end in the browser at each bot level, for either role: one
// click starts a Training Mission against bots on the other side, which is then played to a
// result by clicking.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { agentsMove, EXPECT_MS, newPage, recruiterMove, type Server, serverAndBrowser, status } from './helpers.js';

const env = serverAndBrowser();
let server: Server;
let browser: Browser;
beforeAll(() => {
  ({ server, browser } = env());
});

async function startSolo(page: Page, role: 'Recruiter' | 'Rogue agents', level: string): Promise<void> {
  await page.goto(`${server.url}/#/`);
  const box = page.locator('section.solo');
  await box.getByLabel('I play').selectOption({ label: role });
  await box.locator('select[name=soloLevel]').selectOption(level);
  await box.getByLabel('Game type').selectOption({ label: 'Training Mission' });
  await box.getByRole('button', { name: 'Play solo' }).click();
  await page.locator('[role=status][data-phase]').waitFor({ timeout: EXPECT_MS });
}

/** Plays this seat's decisions until the game is over; the bots play the other side. Counted in
 * this seat's decisions, not in polls: on a busy machine the bots' turns take many polls
 * (regression "the solo game did not end" with four test files at once). */
async function playToEnd(page: Page, role: 'recruiter' | 'agents'): Promise<void> {
  let k = 0;
  for (let i = 0; i < 400; i++) {
    await page.waitForFunction(
      () => {
        const el = document.querySelector('[role=status][data-phase]');
        return el?.getAttribute('data-mine') === 'yes' || el?.getAttribute('data-phase') === 'over';
      },
      undefined,
      { timeout: 120_000 },
    );
    const s = await status(page);
    if (s?.phase === 'over') return;
    if (!s?.mine) continue;
    if (role === 'recruiter') await recruiterMove(page, ['C4', 'D4', 'C5', 'D5', 'B4', 'E4', 'B5', 'E3']);
    else if ((await agentsMove(page, k, ['C4', 'D4', 'C3', 'D3'])) === 'activate') k++;
  }
  throw new Error('the solo game did not end');
}

describe('Play solo at each level', () => {
  for (const level of ['random', 'easy', 'hard'] as const) {
    for (const role of ['recruiter', 'agents'] as const) {
      it(`${role} against ${level} bots: one click starts the game, played to a result`, async () => {
        const { page, errors, ctx } = await newPage(browser);
        await startSolo(page, role === 'recruiter' ? 'Recruiter' : 'Rogue agents', level);
        await playToEnd(page, role);
        await page.locator('section.end').waitFor();
        expect(await page.locator('section.end').innerText()).toMatch(/recruiter wins|agents win/);
        expect(errors).toEqual([]);
        await ctx.close();
        // every decision is planned then confirmed (twice the clicks); the machine may be busy
      }, 300_000);
    }
  }
});
