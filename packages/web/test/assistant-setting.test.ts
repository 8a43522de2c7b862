// The table's assistant setting is honoured everywhere, solo tables
// included. Solo games used to be created with the full assistant whatever the player wanted (no
// setting on the solo form): "3 locations", card odds and the recruiter's red tint from setup.
// The belief comes from a fixed provider (window.mindmgmtBelief, the deduction hook), so what
// is drawn, or not, follows at once from the position: no waiting on the worker.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { newPage, serverAndBrowser, type Server } from './helpers.js';

const env = serverAndBrowser();
let server: Server;
let browser: Browser;
beforeAll(() => {
  ({ server, browser } = env());
});

declare global {
  interface Window {
    beliefAsked?: number;
  }
}

/** A page whose deduction provider answers 3 locations (weights on 3 cells) and odds of 93 % and
 * 57 %, and counts how often it was asked. */
async function pageWithBelief() {
  const p = await newPage(browser);
  await p.ctx.addInitScript(() => {
    window.beliefAsked = 0;
    window.mindmgmtBelief = () => {
      window.beliefAsked = (window.beliefAsked ?? 0) + 1;
      const weights = Array.from({ length: 42 }, (_, i) => (i < 3 ? 1 : 0));
      return {
        weights,
        possible: weights.map((w) => w > 0),
        candidates: 3,
        cardShares: { billboard: 0.93, bus: 0.57 },
      };
    };
  });
  return p;
}

/** Starts a solo Training Mission by clicks, choosing the assistant on the solo form. */
async function solo(page: Page, role: 'Rogue agents' | 'Recruiter', assistant: 'off' | 'count' | 'full') {
  await page.goto(`${server.url}/#/`);
  const box = page.locator('section.solo');
  await box.getByLabel('I play').selectOption({ label: role });
  await box.getByLabel('Game type').selectOption({ label: 'Training Mission' });
  await box.getByLabel('Deduction assistant').selectOption(assistant);
  await box.getByRole('button', { name: 'Play solo' }).click();
  // the first decision of this seat: agents after the bot recruiter's hidden setup; the
  // recruiter at its own setup
  await page.waitForFunction(
    () => document.querySelector('[role=status][data-phase]')?.getAttribute('data-mine') === 'yes',
    null,
    { timeout: 60000 },
  );
}

/** What the assistant draws, read after two animation frames: React has run the effects of the
 * position on screen (where the belief is asked for) by then. */
const drawn = (page: Page) =>
  page.evaluate(async () => {
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    return {
      heat: document.querySelectorAll('svg.board rect.heat').length,
      panel: document.querySelector('section.deduction')?.textContent ?? null,
      meter: document.querySelectorAll('.meter').length,
      asked: window.beliefAsked ?? 0,
    };
  });

describe('the assistant setting of a solo table', () => {
  it('agents, assistant off: no count, no odds, no heatmap; the belief is not even computed', async () => {
    const { page, ctx, errors } = await pageWithBelief();
    await solo(page, 'Rogue agents', 'off');
    expect(await page.locator('.table-option').getAttribute('data-assistant')).toBe('off');
    expect(await drawn(page)).toEqual({ heat: 0, panel: null, meter: 0, asked: 0 });
    expect(errors).toEqual([]);
    await ctx.close();
  }, 180_000);

  it('agents, full assistant: unticking it hides the count and the odds with the heatmap', async () => {
    const { page, ctx, errors } = await pageWithBelief();
    await solo(page, 'Rogue agents', 'full');
    const on = await drawn(page);
    expect(on.heat).toBe(3);
    expect(on.panel).toMatch(/on 3 locations/);
    expect(on.panel).toMatch(/93%.*57%/);
    await page.locator('section.deduction').getByRole('checkbox').uncheck();
    const off = await drawn(page);
    expect(off.heat).toBe(0);
    expect(off.panel).not.toMatch(/locations|%/);
    expect(errors).toEqual([]);
    await ctx.close();
  }, 180_000);

  it('recruiter, assistant off: the secret map is not tinted from setup, and no exposure meter', async () => {
    for (const [mode, tinted] of [
      ['full', true],
      ['off', false],
    ] as const) {
      const { page, ctx, errors } = await pageWithBelief();
      await solo(page, 'Recruiter', mode);
      const d = await drawn(page);
      // the control: with the assistant on, the tint is there at the same point of setup
      expect(d.heat > 0).toBe(tinted);
      if (!tinted) expect(d).toEqual({ heat: 0, panel: null, meter: 0, asked: 0 });
      expect(errors).toEqual([]);
      await ctx.close();
    }
  }, 240_000);
});
