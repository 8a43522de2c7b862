// Issue 25 §3 in real Chromium against the real server, by clicks and keys: the board at
// 100-200 % zoom, Tab order and the board as one ARIA grid stop, the shortcuts and their help,
// every move announced, a half-turn played with the keyboard alone.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { newPage, serverAndBrowser, shot, status, waitSeq, type Server } from './helpers.js';
import { agentsTurn, focusTop, rect, sightTable } from './table-sight-play.js';

const env = serverAndBrowser();
let server: Server;
let browser: Browser;
beforeAll(() => {
  ({ server, browser } = env());
});
const { soloAt } = sightTable(() => server.url);

describe('issue 25 §3: zoom, keyboard, screen readers', () => {
  it('1280x800 at 100, 150 and 200 % zoom: the whole board in view, at least as large (device px) as at 100 %', async () => {
    const sizes: { z: number; h: number; top: number; bottom: number; vh: number }[] = [];
    for (const z of [1, 1.5, 2]) {
      const ctx = await browser.newContext({
        viewport: { width: Math.round(1280 / z), height: Math.round(800 / z) },
        deviceScaleFactor: z,
        reducedMotion: 'reduce',
      });
      await ctx.addInitScript(() => localStorage.setItem('mm.pace', 'instant'));
      const page = await ctx.newPage();
      await soloAt(page, 'Rogue agents', agentsTurn);
      const r = await rect(page, 'svg.board > rect');
      sizes.push({ z, h: r.height * z, top: r.top, bottom: r.bottom, vh: r.vh });
      await shot(page, `table-zoom-${z * 100}.png`, false);
      await ctx.close();
    }
    for (const s of sizes) {
      expect(s.top, `${s.z}`).toBeGreaterThanOrEqual(0);
      expect(s.bottom, `${s.z}`).toBeLessThanOrEqual(s.vh);
      // the largest size that fits: not smaller on screen than at 100 % (150 % was 463 px of 578)
      expect(s.h, `${s.z}: ${JSON.stringify(sizes)}`).toBeGreaterThanOrEqual(sizes[0]!.h * 0.97);
    }
  }, 300_000);

  it('Tab order: a skip link, the actions before the board, the board one Tab stop with arrow keys (ARIA grid)', async () => {
    const { page, errors } = await newPage(browser);
    await soloAt(page, 'Rogue agents', agentsTurn);
    await focusTop(page);
    const seen: { text: string; cell: string | null; skip: boolean }[] = [];
    for (let i = 0; i < 80; i++) {
      await page.keyboard.press('Tab');
      seen.push(
        await page.evaluate(() => {
          const e = document.activeElement as HTMLElement;
          return {
            text: (e.textContent ?? '').trim().slice(0, 40),
            cell: e.getAttribute('data-loc'),
            skip: e.classList.contains('skip'),
          };
        }),
      );
    }
    const activate = seen.findIndex((x) => /^Activate/.test(x.text));
    const firstCell = seen.findIndex((x) => x.cell !== null);
    expect(activate).toBeGreaterThanOrEqual(0);
    // + 1: the first press of a fresh page reaches the home link
    expect(activate + 2, 'presses to reach Activate').toBeLessThanOrEqual(12);
    expect(firstCell).toBeGreaterThan(activate);
    // one stop for the whole board (Tab leaves it at once)
    expect(seen[firstCell + 1]!.cell).toBeNull();
    expect(seen.slice(0, activate).some((x) => x.skip)).toBe(true);
    // the grid: arrows move between locations
    const grid = page.locator('svg.board [role=grid]');
    expect(await grid.locator('[role=row]').count()).toBe(7);
    expect(await grid.locator('[role=gridcell]').count()).toBe(42);
    await page.locator('svg.board [role=gridcell][tabindex="0"]').focus();
    await page.keyboard.press('Home');
    const row = (await page.evaluate(() => document.activeElement!.getAttribute('data-loc')))!;
    await page.keyboard.press('ArrowRight');
    const right = await page.evaluate(() => document.activeElement!.getAttribute('data-loc'));
    expect(right).not.toBe(row);
    expect(right![1]).toBe(row[1]);
    await page.keyboard.press('ArrowDown');
    const down = await page.evaluate(() => document.activeElement!.getAttribute('data-loc'));
    expect(down![0]).toBe(right![0]);
    expect(await page.locator('svg.board [role=gridcell][tabindex="0"]').count()).toBe(1);
    // the skip link to the board focuses it
    await focusTop(page);
    const passed: string[] = [];
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      passed.push(await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 60) ?? ''));
      if (await page.evaluate(() => document.activeElement?.getAttribute('href') === '#table-board')) break;
    }
    expect(passed.at(-1), passed.join('\n')).toMatch(/#table-board/);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('gridcell');
    expect(errors).toEqual([]);
  }, 240_000);

  it('a whole half-turn with the keyboard alone; shortcuts listed in a help overlay; every move announced in a polite live region', async () => {
    const { page, errors } = await newPage(browser);
    await soloAt(page, 'Rogue agents', agentsTurn);
    // the help overlay lists the shortcuts ("?" opens and closes it)
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await help.waitFor();
    for (const k of ['U', 'C', 'E'])
      expect(await help.locator('kbd', { hasText: new RegExp(`^${k}$`) }).count()).toBe(1);
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'detached' });
    // two activations, by keys only
    const live = page.locator('[aria-live=polite][data-testid=announce]');
    for (let a = 0; a < 2; a++) {
      let s = (await status(page))!;
      expect(s.phase).toBe('agentsTurn');
      await focusTop(page);
      let i = 0;
      for (; i < 20; i++) {
        await page.keyboard.press('Tab');
        if (await page.evaluate(() => /^Activate/.test(document.activeElement?.textContent?.trim() ?? ''))) break;
      }
      expect(i).toBeLessThan(20);
      await page.keyboard.press('Enter');
      await page.keyboard.press('c');
      await waitSeq(page, s.seq);
      expect(await live.innerText()).toMatch(/is activated/);
      // the board: one key to reach it, Enter on the first choice, then confirm
      s = (await status(page))!;
      await page.keyboard.press('b');
      expect(await page.evaluate(() => document.activeElement?.classList.contains('target'))).toBe(true);
      await page.keyboard.press('Enter');
      await page.keyboard.press('c');
      await waitSeq(page, s.seq);
      expect(await live.innerText()).toMatch(/moved from/);
      // end the activation
      s = (await status(page))!;
      // every announcement from here is kept: each frame replaces the region's text, and the
      // recruiter bot's next move can replace its first before a poll on a busy machine reads it
      if (a === 1)
        await page.evaluate(() => {
          // the whole page is watched: the region may be a new element after the turn passes
          const said: string[] = ((window as unknown as { said: string[] }).said = []);
          new MutationObserver(() => {
            const text = document.querySelector('[data-testid=announce]')?.textContent ?? '';
            if (text !== said.at(-1)) said.push(text);
          }).observe(document.body, { childList: true, subtree: true, characterData: true });
        });
      await page.keyboard.press('e');
      await page.keyboard.press('c');
      await waitSeq(page, s.seq);
    }
    // the half-turn is over: the recruiter (a bot) plays, and its move is announced, whichever it
    // is: a random recruiter may use a mind slip instead of a step (a failed CI run of b73f848
    // waited for "moved in secret" after "The recruiter used mind slip token 1 at 7:00.")
    const said = () => page.evaluate(() => (window as unknown as { said: string[] }).said);
    await page
      .waitForFunction(() => (window as unknown as { said: string[] }).said.some((x) => /^The recruiter /.test(x)))
      .catch(async (e: Error) => {
        throw new Error(`${e.message}; announced: ${JSON.stringify(await said())}`);
      });
    expect(errors).toEqual([]);
  }, 240_000);
});
