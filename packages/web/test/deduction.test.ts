// The deduction assistant with the real exact engine (in its Web Worker): agents on a solo
// Training table see a heatmap that covers exactly the Training start once the start is public
// (R31), and the recruiter sees the exposure meter.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, newPage, shot, startServer, type Server } from './helpers.js';

let server: Server;
let browser: Browser;
beforeAll(async () => {
  server = await startServer();
  browser = await launch();
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function solo(page: Page, role: 'Rogue agents' | 'Recruiter'): Promise<void> {
  await page.goto(`${server.url}/#/`);
  const box = page.locator('section.solo');
  await box.getByLabel('I play').selectOption({ label: role });
  await box.getByLabel('Game type').selectOption({ label: 'Training Mission' });
  await box.getByRole('button', { name: 'Play solo' }).click();
  await page.locator('[role=status][data-phase]').waitFor({ timeout: 20000 });
}

describe('deduction assistant (real engine)', () => {
  it('agents: heatmap and candidate count from public facts only', async () => {
    const { page, errors } = await newPage(browser);
    await solo(page, 'Rogue agents');
    const panel = page.locator('section.deduction');
    await panel.waitFor({ timeout: 30000 });
    const text = await panel.innerText();
    const n = Number(/on (\d+) locations/.exec(text)?.[1]);
    // after the Training start (public) and 4 hidden steps the recruiter is within 4 steps of it:
    // never everywhere, never nowhere
    expect(n).toBeGreaterThan(0);
    expect(n).toBeLessThan(42);
    const heatCells = await page.locator('svg.board rect.heat').count();
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
        await page.waitForFunction(
          (b) => document.querySelector('[role=status]')?.getAttribute('data-seq') !== b,
          before,
          { timeout: 15000 },
        );
      } else await page.waitForTimeout(300);
    }
    const meter = page.locator('.meter');
    await meter.waitFor({ timeout: 30000 });
    expect(await meter.innerText()).toMatch(/The agents can still consider \d+ locations/);
    await shot(page, 'deduction-recruiter-en.png');
    expect(errors).toEqual([]);
  });
});
