// A solo game that runs offline in the browser. With the app loaded once (its shell
// cached by the service worker), the network is cut; a solo game against the bot recruiter is
// started from the lobby, played for a few turns, the page reloaded (still offline: the shell
// comes from the worker's cache, the game from IndexedDB) and resumed where it was. Not one
// request reaches for the server (/api, /ws) from the moment play starts.
import { describe, expect, it } from 'vitest';
import { EN } from '../src/i18n/en.js';
import { agentsMove, EXPECT_MS, newPage, serverAndBrowser, shot, status } from './helpers.js';

const env = serverAndBrowser();

/** Waits until the offline table expects the player (the bot has moved), or the game is over. */
async function untilMine(page: import('playwright-core').Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const el = document.querySelector('[role=status][data-phase]');
      return el && (el.getAttribute('data-mine') === 'yes' || el.getAttribute('data-phase') === 'over');
    },
    undefined,
    { timeout: 60_000 },
  );
}

describe('solo offline in the browser', () => {
  it('regression "solo needs the server": offline after load, a game against the bot is played, reloaded offline and resumed with no request to the server; online again its end uploads it unrated and exports its record', async () => {
    const { server, browser } = env();
    const { ctx, page, errors } = await newPage(browser, { serviceWorkers: 'allow', height: 800 });
    try {
      await page.goto(server.url + '/');
      await page.getByRole('button', { name: EN.so_play }).waitFor({ timeout: 60_000 });
      // the shell is cached and the worker controls the page: it can open offline
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });

      const toServer: string[] = [];
      page.on('request', (r) => {
        const u = new URL(r.url());
        if (/^\/(api|ws)(\/|$)/.test(u.pathname)) toServer.push(`${r.method()} ${u.pathname}`);
      });
      await ctx.setOffline(true);

      await page.locator('select[name=soloRole]').selectOption('agents');
      await page.locator('select[name=soloLevel]').selectOption('hard');
      await page.locator('select[name=soloMode]').selectOption('training');
      await page.getByRole('button', { name: EN.so_play }).click();
      await page.getByTestId('offline-game').waitFor({ timeout: 60_000 });
      expect(page.url()).toMatch(/#\/local\/local-[a-z0-9]+$/);
      await page.getByText(EN.so_badge).waitFor();

      // the bot recruiter sets up and moves; the player answers with a few activations
      let played = 0;
      for (let k = 0; played < 4 && k < 40; k++) {
        await untilMine(page);
        const s = (await status(page))!;
        if (s.phase === 'over') break;
        await agentsMove(page, k);
        played++;
      }
      expect(played).toBeGreaterThan(0);
      await untilMine(page);
      const before = (await status(page))!;
      const url = page.url();
      // regression (the browser went offline on the lobby): an offline game said "Offline — reconnecting… The server cannot be reached",
      // and the banner pushed the board's row 7 out of a 1280x800 view
      expect(await page.getByTestId('shell-offline').count()).toBe(0);
      const row7 = await page.locator('svg.board g.cell[data-loc="A7"]').boundingBox();
      expect(row7!.y + row7!.height).toBeLessThanOrEqual(800);
      await shot(page, 'offline-solo-before-reload.png', false);

      // closing the tab is a reload here: the shell from the worker's cache, the game from IndexedDB
      await page.reload();
      expect(page.url()).toBe(url);
      await page.getByTestId('offline-game').waitFor({ timeout: 60_000 });
      await untilMine(page);
      const after = (await status(page))!;
      expect(after.seq).toBe(before.seq);
      expect(after.phase).toBe(before.phase);
      if (after.phase !== 'over') {
        await agentsMove(page, 1);
        await page.waitForFunction(
          (seq) => Number(document.querySelector('[role=status][data-seq]')?.getAttribute('data-seq')) > seq,
          after.seq,
        );
      }

      // not one request for the server from the click on "Play offline" until here
      expect(toServer).toEqual([]);

      // back online, the player resigns: the end dialog's replay and export are built in the page,
      // and "upload" puts the game into the profile's history, unrated
      await ctx.setOffline(false);
      if (after.phase !== 'over') {
        await page.getByRole('button', { name: EN.t_resign }).click();
        await page.locator('.resign').getByRole('button', { name: EN.confirm }).click();
      }
      const end = page.getByRole('dialog');
      await end.getByRole('button', { name: EN.so_upload }).click();
      await end.getByText(EN.so_uploaded).waitFor({ timeout: EXPECT_MS });
      const me = await page.evaluate(async () => {
        const s = JSON.parse(localStorage.getItem('mm.player') ?? 'null') as { token: string } | null;
        const r = await fetch('/api/me', { headers: { authorization: `Bearer ${s?.token}` } });
        return (await r.json()) as { recent: { rated: boolean; role: string }[] };
      });
      expect(me.recent).toEqual([expect.objectContaining({ rated: false, role: 'agents' })]);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        end.getByRole('button', { name: EN.exportRecord }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^mindmgmt-local-[a-z0-9]+\.json$/);

      // the lobby lists the game
      await page.goto(server.url + '/#/');
      await page.locator(`[data-local]`).first().waitFor({ timeout: EXPECT_MS });
      expect(await page.locator(`a[href="#/local/${url.split('/').pop()}"]`).count()).toBeGreaterThan(0);

      expect(errors.filter((e) => !/Failed to load resource|ERR_INTERNET_DISCONNECTED/.test(e))).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
});
