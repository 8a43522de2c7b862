// axe-core in real Chromium on the lobby, the table (a started game, both roles), the tutorial
// and the rulebook: no serious or critical violation (issue 12).
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectNoSeriousViolations, PENDING_FIXES, pendingSeen } from './a11y.js';
import { EXPECT_MS, newPage, type Server, serverAndBrowser } from './helpers.js';

const env = serverAndBrowser();
let server: Server;
let browser: Browser;
beforeAll(() => {
  ({ server, browser } = env());
});

async function startSolo(page: Page, role: 'recruiter' | 'agents', mode: 'training' | 'full'): Promise<void> {
  await page.goto(`${server.url}/#/`);
  const box = page.locator('section.solo');
  await box.locator('select[name=soloRole]').selectOption(role);
  await box.locator('select[name=soloMode]').selectOption(mode);
  await box.locator('button.primary').click();
  await page.locator('[role=status][data-phase]').waitFor({ timeout: EXPECT_MS });
}

describe('accessibility (axe-core): no serious or critical violations', () => {
  for (const locale of ['en-US', 'zh-CN', 'ja-JP']) {
    it(`lobby (${locale})`, async () => {
      const { page, ctx } = await newPage(browser, { locale });
      await page.goto(`${server.url}/#/`);
      await page.locator('section.solo').waitFor();
      await page.locator('.tutorial-entry').waitFor();
      await expectNoSeriousViolations(page, `lobby ${locale}`);
      await ctx.close();
    });
  }

  for (const [role, mode] of [
    ['agents', 'training'],
    ['recruiter', 'full'],
  ] as const) {
    it(`table: a started ${mode} game as the ${role}`, async () => {
      const { page, ctx } = await newPage(browser);
      await startSolo(page, role, mode);
      await expectNoSeriousViolations(page, `table (${role}, ${mode})`);
      await ctx.close();
    });
  }

  for (const side of ['recruiter', 'agents'] as const) {
    it(`tutorial (${side}): first step, and with a refusal shown`, async () => {
      const { page, ctx } = await newPage(browser);
      await page.goto(`${server.url}/#/tutorial/${side}`);
      await page.locator('.tutorial[data-step="0"]').waitFor();
      await expectNoSeriousViolations(page, `tutorial ${side} step 0`);
      await page.locator('.tut-buttons button.expected').click();
      await page.locator('.tutorial[data-step="1"]').waitFor();
      await page.locator('svg.board g.cell[data-loc="F1"]').click();
      await page.locator('.tut-refusal:not(:empty)').waitFor();
      await expectNoSeriousViolations(page, `tutorial ${side} after a refusal`);
      await ctx.close();
    });
  }

  it('rulebook (the Help panel)', async () => {
    const { page, ctx } = await newPage(browser);
    await page.goto(`${server.url}/#/`);
    await page.locator('header.top nav button').first().click();
    // the rulebook once loaded (a lazily loaded one shows a busy dialog first)
    await page.locator('[role=dialog]:not([aria-busy=true])').locator('h2, h3').nth(1).waitFor();
    await expectNoSeriousViolations(page, 'rulebook');
    await ctx.close();
  });

  // Runs last: a pending fix that no page reproduces any more has landed; delete its entry.
  it('each finding left for another file (PENDING_FIXES in a11y.ts) still reproduces', () => {
    expect(PENDING_FIXES.filter((p) => !pendingSeen.has(p)).map((p) => `${p.file}: ${p.rule}`)).toEqual([]);
  });
});
