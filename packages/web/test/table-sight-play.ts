// The solo table as the sight and keyboard tests drive it (table-sight, table-keys): a
// solo game started from the lobby and played by clicks up to a point. Bound to a file's server
// by `sightTable(() => server.url)`.
import type { Page } from 'playwright-core';
import { agentsMove, EXPECT_MS, recruiterMove, status } from './helpers.js';

export const actions = (p: Page) => p.locator('section.actions');

export function sightTable(url: () => string) {
  async function solo(page: Page, role: 'Recruiter' | 'Rogue agents', mode = 'Training Mission'): Promise<void> {
    await page.goto(`${url()}/#/`);
    await page.getByLabel('Your name').first().fill('Rita');
    const box = page.locator('section.solo');
    await box.getByLabel('I play').selectOption({ label: role });
    await box.locator('select[name=soloLevel]').selectOption('random');
    await box.getByLabel('Game type').selectOption({ label: mode });
    await box.getByRole('button', { name: 'Play solo' }).click();
    await page.locator('[role=status][data-phase]').waitFor({ timeout: EXPECT_MS });
  }

  /** Plays this seat's moves by clicking until `done` (checked whenever it is this seat's move). */
  async function playUntil(
    page: Page,
    role: 'recruiter' | 'agents',
    done: (s: { phase: string; mine: boolean }) => Promise<boolean> | boolean,
    ms = 120_000,
  ): Promise<void> {
    let k = 0;
    for (const end = Date.now() + ms; Date.now() < end;) {
      const s = await status(page);
      if (s && (await done(s))) return;
      if (!s?.mine || s.phase === 'over') {
        if (s?.phase === 'over') throw new Error('game over before the point wanted');
        await page.waitForTimeout(50);
        continue;
      }
      if (role === 'recruiter') await recruiterMove(page, ['C4', 'D4', 'C5', 'D5', 'B4', 'E4'], done);
      else await agentsMove(page, k++, ['A1', 'F1', 'A7', 'F7'], done);
    }
    throw new Error(`not reached: ${JSON.stringify(await status(page))}`);
  }

  /** A solo game played by clicks up to a point; a random recruiter can be boxed in at once (R17)
   * and end the game first: another game is started then. */
  async function soloAt(
    page: Page,
    role: 'Recruiter' | 'Rogue agents',
    at: (s: { phase: string; mine: boolean }) => boolean | Promise<boolean>,
    ms = 120_000,
    mode = 'Training Mission',
  ): Promise<void> {
    for (let game = 0; ; game++) {
      await solo(page, role, mode);
      try {
        await playUntil(page, role === 'Recruiter' ? 'recruiter' : 'agents', at, ms);
        return;
      } catch (e) {
        if (game >= 2 || (await status(page))?.phase !== 'over') throw e;
      }
    }
  }

  return { solo, playUntil, soloAt };
}

export const agentsTurn = (s: { phase: string; mine: boolean }) => s.phase === 'agentsTurn' && s.mine;

/** Focus on the page's first stop (the header's home link), as after the first Tab of a page. */
export const focusTop = (page: Page) => page.locator('header a.brand').focus();

export const rect = (page: Page, sel: string) =>
  page
    .locator(sel)
    .first()
    .evaluate((e) => {
      const r = e.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height, vh: innerHeight };
    });
