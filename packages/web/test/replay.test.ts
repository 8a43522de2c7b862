// The replay stepped hour by hour only and its two boards did not fit 1280x800. It
// now steps by action (one frame per action of the game record) or by hour, with the buttons or
// the left/right keys, and both boards are in view without scrolling at the three sizes the
// project tests.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { EXPECT_MS, newPage, type Server, serverAndBrowser, shot } from './helpers.js';

const env = serverAndBrowser();
let server: Server;
let browser: Browser;
beforeAll(() => {
  ({ server, browser } = env());
});

const SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
];

/** A finished solo Training Mission: the bot recruiter's setup, then the agents resign, by clicks. */
async function finishedGame(page: Page): Promise<string> {
  await page.goto(`${server.url}/#/`);
  const box = page.locator('section.solo');
  await box.getByLabel('I play').selectOption({ label: 'Rogue agents' });
  await box.getByLabel('Game type').selectOption({ label: 'Training Mission' });
  await box.getByRole('button', { name: 'Play solo' }).click();
  await page.waitForFunction(
    () => document.querySelector('[role=status][data-phase]')?.getAttribute('data-mine') === 'yes',
    null,
    { timeout: 60000 },
  );
  await page.locator('.resign').getByRole('button', { name: 'Resign' }).click();
  await page.locator('.resign').getByRole('button', { name: 'Confirm' }).click();
  await page.locator('section.end').waitFor({ timeout: EXPECT_MS });
  return /#\/g\/([^?/]+)/.exec(page.url())![1]!;
}

const pos = (page: Page) =>
  page.evaluate(() => {
    const r = document.querySelector('section.replay')!;
    return { step: Number(r.getAttribute('data-step')), time: Number(r.getAttribute('data-time')) };
  });

describe('replay by action and by hour', () => {
  it('one frame per action, keys left/right step by action or by hour, both boards fit three sizes', async () => {
    const { page, ctx, errors } = await newPage(browser, { width: 1280, height: 800 });
    const id = await finishedGame(page);
    const record = await (await fetch(`${server.url}/api/games/${id}/record`)).json();
    const actions = (record.actions as unknown[]).length;
    await page.getByRole('button', { name: 'Replay', exact: true }).click();
    const replay = page.locator('section.replay');
    await replay.waitFor();
    await page.locator('section.replay .replay-pos').getByText(`Action 1 of ${actions}`).waitFor();

    // by action: each key press is one action of the record
    await page.keyboard.press('ArrowRight');
    expect((await pos(page)).step).toBe(1);
    await page.keyboard.press('ArrowLeft');
    expect((await pos(page)).step).toBe(0);
    await page.keyboard.press('End');
    expect((await pos(page)).step).toBe(actions - 1);
    await page.keyboard.press('Home');

    // by hour: each press lands on a new hour (the last frame of it), in order, fewer presses
    await replay.getByRole('button', { name: 'By hour' }).click();
    const times: number[] = [(await pos(page)).time];
    let presses = 0;
    while ((await pos(page)).step < actions - 1 && presses < actions) {
      await page.keyboard.press('ArrowRight');
      presses++;
      times.push((await pos(page)).time);
    }
    expect((await pos(page)).step).toBe(actions - 1);
    expect(presses).toBeLessThan(actions - 1);
    for (let k = 1; k < times.length - 1; k++) expect(times[k]).not.toBe(times[k - 1]);

    for (const size of SIZES) {
      await page.setViewportSize(size);
      const fit = await page.evaluate(() => {
        const boxes = [...document.querySelectorAll('section.replay svg.board')].map((b) => b.getBoundingClientRect());
        const nav = document.querySelector('section.replay .replay-nav')!.getBoundingClientRect();
        const inView = (r: DOMRect) =>
          r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight + 0.5 && r.right <= innerWidth + 0.5;
        return {
          boards: boxes.length,
          inView: [...boxes, nav].every(inView),
          // each board's share of the screen: of its width, of its height
          share: boxes.map((r) => [r.width / innerWidth, r.height / innerHeight]),
          scrollsSideways: document.documentElement.scrollWidth > innerWidth,
        };
      });
      await shot(page, `replay-${size.width}x${size.height}.png`, false);
      expect(fit, `${size.width}x${size.height}`).toMatchObject({ boards: 2, inView: true, scrollsSideways: false });
      // and not shrunk to nothing: side by side, a board takes 40 % of a phone's width, or half the
      // height of a wider screen
      for (const [w, h] of fit.share)
        expect(Math.max(w! / 0.4, h! / 0.5), JSON.stringify(fit.share)).toBeGreaterThanOrEqual(1);
    }
    expect(errors).toEqual([]);
    await ctx.close();
  }, 240_000);
});
