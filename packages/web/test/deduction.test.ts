// The deduction assistant with the real exact engine (in its Web Worker): agents on a solo
// Training table see a heatmap that covers exactly the Training start once the start is public
// (R31), and the recruiter sees the exposure meter.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { commit, EXPECT_MS, newPage, type Server, serverAndBrowser, shot } from './helpers.js';

const env = serverAndBrowser();
let server: Server;
let browser: Browser;
beforeAll(() => {
  ({ server, browser } = env());
});

async function solo(page: Page, role: 'Rogue agents' | 'Recruiter'): Promise<void> {
  await page.goto(`${server.url}/#/`);
  const box = page.locator('section.solo');
  await box.getByLabel('I play').selectOption({ label: role });
  await box.getByLabel('Game type').selectOption({ label: 'Training Mission' });
  await box.getByRole('button', { name: 'Play solo' }).click();
  await page.locator('[role=status][data-phase]').waitFor({ timeout: EXPECT_MS });
}

describe('deduction assistant (real engine)', () => {
  it('agents: heatmap and candidate count from public facts only', async () => {
    const { page, errors } = await newPage(browser);
    await solo(page, 'Rogue agents');
    // Wait until the game waits on this (human) agents seat: the bot recruiter has placed its
    // start and its hidden steps, and nothing moves until we do. Before that the panel can show
    // an earlier position (at seq 0 the start is not placed yet: 0 locations), and a bot move
    // between reading the count and counting the cells made this test flaky.
    await page.waitForFunction(
      () => document.querySelector('[role=status][data-phase]')?.getAttribute('data-mine') === 'yes',
      null,
      {
        timeout: EXPECT_MS,
      },
    );
    // once the bot recruiter has finished its hidden setup, the table waits on us (agent
    // placement) and nothing changes until we act: read the panel and the board together
    await page.waitForFunction(() => {
      const st = document.querySelector('[role=status][data-phase]');
      return st?.getAttribute('data-phase') === 'agents' && st.getAttribute('data-mine') === 'yes';
    });
    const panel = page.locator('section.deduction');
    await panel.waitFor({ timeout: EXPECT_MS });
    // the worker's answer comes after the position (slower on a loaded machine)
    await page.waitForFunction(
      () => /on \d+ locations/.test(document.querySelector('section.deduction')?.textContent ?? ''),
      null,
      { timeout: EXPECT_MS },
    );
    const { text, heatCells } = await page.evaluate(() => ({
      text: document.querySelector('section.deduction')?.textContent ?? '',
      heatCells: document.querySelectorAll('svg.board rect.heat').length,
    }));
    const n = Number(/on (\d+) locations/.exec(text)?.[1]);
    // after the Training start (public) and 4 hidden steps the recruiter is within 4 steps of it:
    // never everywhere, never nowhere
    expect(n).toBeGreaterThan(0);
    expect(n).toBeLessThan(42);
    expect(heatCells).toBe(n);
    await shot(page, 'deduction-agents-en.png');
    expect(errors).toEqual([]);
  });

  it('recruiter: the exposure meter says how many locations the agents can still consider', async () => {
    const { page, errors } = await newPage(browser);
    await solo(page, 'Recruiter');
    // the recruiter's setup is done by clicking the first highlighted target until the meter shows
    for (let i = 0; i < 12; i++) {
      if (await page.locator('.meter').count()) break;
      const target = page.locator('svg.board g.cell.target').first();
      if (await target.count()) {
        const before = await page.locator('[role=status]').getAttribute('data-seq');
        await target.click();
        await commit(page);
        await page.waitForFunction(
          (b) => document.querySelector('[role=status]')?.getAttribute('data-seq') !== b,
          before,
          { timeout: EXPECT_MS },
        );
      } else await page.waitForTimeout(300);
    }
    const meter = page.locator('.meter');
    await meter.waitFor({ timeout: EXPECT_MS });
    expect(await meter.innerText()).toMatch(/The agents can (still consider \d+ locations|only consider 1 location)/);
    await shot(page, 'deduction-recruiter-en.png');
    expect(errors).toEqual([]);
  });
});
