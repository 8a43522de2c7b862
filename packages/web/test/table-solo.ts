// The solo table as the table's browser tests drive it (table-clicks, table-pace, table): start a
// solo game from the lobby, play this seat's setup by clicking, wait for this seat's turn. Bound
// to a file's server by `soloTable(() => server.url)`.
import type { Page } from 'playwright-core';
import { agentsMove, commit, EXPECT_MS, recruiterMove, status, waitSeq } from './helpers.js';

export function soloTable(url: () => string) {
  const actions = (p: Page) => p.locator('section.actions');
  /** The solo game each page started last, to start another like it (setupUntil). */
  const started = new WeakMap<Page, Parameters<typeof solo>>();

  async function solo(
    page: Page,
    role: 'Recruiter' | 'Rogue agents',
    mode: 'Training Mission' | 'Full Game' = 'Training Mission',
    level = 'random',
  ): Promise<void> {
    started.set(page, [page, role, mode, level]);
    await page.goto(`${url()}/#/`);
    await page.getByLabel('Your name').first().fill('Rita');
    const box = page.locator('section.solo');
    await box.getByLabel('I play').selectOption({ label: role });
    await box.locator('select[name=soloLevel]').selectOption(level);
    await box.getByLabel('Game type').selectOption({ label: mode });
    await box.getByRole('button', { name: 'Play solo' }).click();
    await page.locator('[role=status][data-phase]').waitFor({ timeout: EXPECT_MS });
  }

  async function untilMine(page: Page, phases: string[], timeout = 30000): Promise<string> {
    const h = await page.waitForFunction(
      (ph) => {
        const el = document.querySelector('[role=status][data-phase]');
        const p = el?.getAttribute('data-phase') ?? '';
        return (el?.getAttribute('data-mine') === 'yes' && ph.includes(p)) || p === 'over' ? p : null;
      },
      phases,
      { timeout },
    );
    return String(await h.jsonValue());
  }

  /** Activates the first agent offered (or the `nth`, counted round the ones offered; one
   * click) and waits for the answer. */
  async function activateFirst(page: Page, nth = 0): Promise<void> {
    const s = (await status(page))!;
    const offered = actions(page).getByRole('button', { name: /^Activate/ });
    await offered.nth(nth % Math.max(1, await offered.count())).click();
    await commit(page);
    await waitSeq(page, s.seq);
  }

  /** Counts the `act` frames this page sends over its WebSocket. */
  function countActs(page: Page): { n: number } {
    const c = { n: 0 };
    page.on('websocket', (ws) =>
      ws.on('framesent', (f) => {
        if (typeof f.payload === 'string' && f.payload.includes('"t":"act"')) c.n++;
      }),
    );
    return c;
  }

  /** Plays this seat's setup by clicking until the game waits on it in one of `phases`. A game
   * that ends first is replaced by a new solo game like it: regression "never reached agentsTurn"
   * (a quiet fresh-clone run), where the bot recruiter's secret start (drawn from node:crypto, so
   * different every run) was boxed in by the agents' setup and the agents won at seq 4. */
  async function setupUntil(page: Page, role: 'recruiter' | 'agents', phases: string[]): Promise<void> {
    let restarts = 0;
    // by time, not by a count of polls: with paced bot moves (900 ms each) on a loaded machine the
    // waiting alone can take many polls
    for (const end = Date.now() + 90_000; Date.now() < end;) {
      const s = await status(page);
      if (s?.mine && phases.includes(s.phase)) return;
      const again = started.get(page);
      if (s?.phase === 'over' && again && restarts++ < 5) {
        await solo(...again);
        continue;
      }
      if (!s?.mine) {
        await page.waitForTimeout(50);
        continue;
      }
      if (role === 'recruiter')
        await recruiterMove(page, ['C4', 'D4', 'C5', 'D5', 'B4', 'E4'], (x) => x.mine && phases.includes(x.phase));
      else await agentsMove(page, 0, ['A1', 'F1', 'A7', 'F7'], (x) => x.mine && phases.includes(x.phase));
    }
    throw new Error(`never reached ${phases.join('/')}: ${JSON.stringify(await status(page))}`);
  }

  return { actions, solo, untilMine, activateFirst, countActs, setupUntil };
}
