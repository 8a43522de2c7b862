// In real Chromium against the real server: the deduction assistant is a table option
// chosen at creation ('off' | 'count' | 'full'), sent to the server as `assistant`, shown to everyone
// at the table, and obeyed by the agents' screen (count: the number of candidate locations and no
// heatmap; full: the heatmap; off: no panel). And the online dots: a player's dot goes away when
// their browser closes and comes back when it reconnects.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  createTwoPlayerGame,
  EXPECT_MS,
  newPage,
  recruiterMove,
  type Server,
  serverAndBrowser,
  status,
} from './helpers.js';

const env = serverAndBrowser();
let server: Server;
let browser: Browser;
beforeAll(() => {
  ({ server, browser } = env());
});

const LABEL = {
  off: 'Deduction assistant: off',
  count: 'Deduction assistant: candidate count only',
  full: 'Deduction assistant: full heatmap',
} as const;

/** Plays the recruiter's setup (Training: public start, secret steps) until the agents must act. */
async function untilAgents(R: Page, A: Page): Promise<void> {
  for (let i = 0; i < 40; i++) {
    if ((await status(A))?.mine) return;
    if ((await status(R))?.mine) await recruiterMove(R, ['C4', 'D4', 'D5', 'C5', 'B5', 'B4', 'C3']);
    else await R.waitForTimeout(150);
  }
  throw new Error('the agents never got the turn');
}

describe('the deduction assistant is a table option everyone can see', () => {
  for (const mode of ['off', 'count', 'full'] as const)
    it(`assistant '${mode}': the server stores it, both players see it, the agents get exactly that`, async () => {
      const R = await newPage(browser);
      const A = await newPage(browser);
      const id = await createTwoPlayerGame(server, R.page, A.page, { mode: 'Training Mission', assistant: mode });
      const info = (await (await fetch(`${server.url}/api/games/${id}`)).json()) as {
        options: { assistant?: string };
      };
      expect(info.options.assistant).toBe(mode);
      for (const p of [R.page, A.page])
        expect(await p.locator('section.players .table-option').innerText()).toBe(LABEL[mode]);
      await untilAgents(R.page, A.page);
      const board = A.page.locator('svg.board');
      if (mode === 'off') {
        expect(await A.page.locator('section.deduction').count()).toBe(0);
      } else {
        const panel = A.page.locator(`section.deduction[data-assistant=${mode}]`);
        // the count is there once the worker has judged the recruiter's secret setup
        await A.page.waitForFunction(
          () =>
            /can be on \d+ locations?/.test(document.querySelector('section.deduction .candidates')?.textContent ?? ''),
          null,
          { timeout: EXPECT_MS },
        );
        if (mode === 'count') {
          expect(await panel.getByLabel('Show heatmap').count()).toBe(0);
          expect(await board.locator('rect.heat').count()).toBe(0);
          expect(await panel.locator('.share').count()).toBe(0);
        } else {
          await board.locator('rect.heat').first().waitFor();
          expect(await board.locator('rect.heat').count()).toBeGreaterThan(0);
        }
      }
      if (mode === 'full') expect(await A.page.locator('section.deduction .share').count()).toBeGreaterThan(0);
      expect(R.errors.concat(A.errors).filter((e) => !/WebSocket/.test(e))).toEqual([]);
      await R.ctx.close();
      await A.ctx.close();
    }, 240_000);
});

describe('online dots', () => {
  it("a player's dot goes away when their browser closes and comes back when they reconnect", async () => {
    const R = await newPage(browser);
    const A = await newPage(browser);
    await createTwoPlayerGame(server, R.page, A.page, { mode: 'Training Mission' });
    const url = A.page.url();
    const alexDot = R.page.locator('section.players li[data-seat="1"] .online-dot');
    await R.page.locator('section.players li[data-seat="1"] .online-dot.on').waitFor();
    // the browser tab closes: its socket goes, the server tells the others
    await A.page.close();
    await R.page.locator('section.players li[data-seat="1"] .online-dot.away').waitFor({ timeout: EXPECT_MS });
    // regression "away away": said once, to the eye and to a screen reader alike
    expect((await alexDot.textContent())?.trim()).toBe('away');
    // the same browser (its saved token) opens the game again
    const again = await A.ctx.newPage();
    await again.goto(url);
    await again.locator('[role=status][data-phase]').waitFor({ timeout: EXPECT_MS });
    await R.page.locator('section.players li[data-seat="1"] .online-dot.on').waitFor({ timeout: EXPECT_MS });
    // and it sees the recruiter online
    await again.locator('section.players li[data-seat="0"] .online-dot.on').waitFor();
    expect(R.errors.filter((e) => !/WebSocket/.test(e))).toEqual([]);
    await R.ctx.close();
    await A.ctx.close();
  }, 180_000);
});
