// The table in real Chromium against the real server: the player panel, the assistant option,
// "your turn" in the tab and as a notification, solo table names, the end panel's way back to the
// result and replay, and reconnecting after a failed attempt. One click and undo:
// table-clicks.test.ts; pacing and fit: table-pace.test.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  clickTarget,
  createTwoPlayerGame,
  EXPECT_MS,
  newPage,
  recruiterMove,
  type Server,
  serverAndBrowser,
  shot,
  status,
  waitSeq,
} from './helpers.js';
import { soloTable } from './table-solo.js';

const env = serverAndBrowser();
let server: Server;
let browser: Browser;
beforeAll(() => {
  ({ server, browser } = env());
});
const { actions, solo, untilMine, setupUntil } = soloTable(() => server.url);

describe('players, assistant, attention', () => {
  it('player panel: names, roles, agents and whose turn for everyone; the assistant is off between people; the tab title and favicon say "your turn"; notification permission only from a click', async () => {
    const R = await newPage(browser);
    const A = await newPage(browser);
    for (const p of [R.page, A.page])
      await p.addInitScript(() => {
        const w = window as unknown as { asked: number };
        w.asked = 0;
        if (typeof Notification !== 'undefined')
          Notification.requestPermission = () => {
            w.asked++;
            return Promise.resolve('denied');
          };
      });
    // the create form: the assistant defaults to off for two people
    await R.page.goto(`${server.url}/#/`);
    await R.page.locator('section.create').getByLabel('Players').first().selectOption('2');
    expect(await R.page.locator('select[name=assistant]').inputValue()).toBe('off');
    await createTwoPlayerGame(server, R.page, A.page, { mode: 'Training Mission' });
    for (const p of [R.page, A.page]) {
      const panel = p.locator('section.players');
      await panel.getByText('Rita').waitFor();
      await panel.getByText('Alex').waitFor();
      expect(await panel.locator('li[data-seat="0"]').innerText()).toMatch(/Rita[\s\S]*Recruiter/);
      expect(await panel.locator('li[data-seat="1"]').innerText()).toMatch(/Alex[\s\S]*Rogue agents/);
      expect(await panel.locator('li[data-seat="1"] .aicon').count()).toBe(4);
    }
    // the recruiter starts: the panel, the tab title and the favicon say so
    await untilMine(R.page, ['start']);
    await A.page.locator('section.players li[data-seat="0"].turn').waitFor();
    expect(await R.page.title()).toMatch(/^● Your turn/);
    expect(await A.page.title()).not.toMatch(/Your turn/);
    expect(await R.page.locator('link[rel=icon]').getAttribute('data-badge')).toBe('yes');
    expect(await A.page.locator('link[rel=icon]').getAttribute('data-badge')).toBe('no');
    // the assistant is off at this table: no deduction panel for the agents
    expect(await A.page.locator('section.deduction').count()).toBe(0);
    // no permission asked on load; asked once the player ticks the box
    expect(await A.page.evaluate(() => (window as unknown as { asked: number }).asked)).toBe(0);
    await A.page.getByLabel('Notify me when it is my turn').click();
    await A.page.waitForFunction(() => (window as unknown as { asked: number }).asked === 1);
    // refused here (the stub says 'denied'): the box stays unticked, and says why it cannot be ticked
    const blocked = A.page.getByLabel('Notifications are blocked by the browser');
    expect(await blocked.isChecked()).toBe(false);
    expect(await blocked.isDisabled()).toBe(true);
    // Training: the start is public, the prompt does not call it secret
    expect(await R.page.locator('[role=status]').innerText()).toMatch(/public in the Training Mission/);
    await shot(R.page, 'table-players-1280.png', false);
    expect(R.errors.concat(A.errors).filter((e) => !/WebSocket/.test(e))).toEqual([]);
  }, 240_000);

  it('your turn in a hidden tab: a browser notification, and the sound when it is switched on', async () => {
    const R = await newPage(browser);
    const A = await newPage(browser);
    // record notifications and tones instead of showing and playing them; the tab is "hidden"
    await A.page.addInitScript(() => {
      const w = window as unknown as { notes: string[]; tones: number; hidden: boolean; reads: number };
      w.notes = [];
      w.tones = 0;
      w.hidden = false;
      w.reads = 0;
      Object.defineProperty(document, 'hidden', { get: () => w.hidden });
      let permission = 'default';
      class FakeNotification {
        static get permission() {
          w.reads++;
          return permission;
        }
        static requestPermission() {
          permission = 'granted';
          return Promise.resolve('granted');
        }
        constructor(_title: string, o?: { body?: string }) {
          w.notes.push(o?.body ?? '');
        }
      }
      (window as unknown as { Notification: unknown }).Notification = FakeNotification;
      const Ctx = window.AudioContext;
      window.AudioContext = class extends Ctx {
        createOscillator() {
          w.tones++;
          return super.createOscillator();
        }
      } as typeof AudioContext;
    });
    await createTwoPlayerGame(server, R.page, A.page, { mode: 'Training Mission' });
    await A.page.getByLabel('Sound on my turn').check();
    await A.page.getByLabel('Notify me when it is my turn').check();
    const tonesBefore = await A.page.evaluate(() => (window as unknown as { tones: number }).tones);
    await A.page.evaluate(() => ((window as unknown as { hidden: boolean }).hidden = true));
    // the recruiter's setup; then the game waits on the agents (placing them)
    for (let i = 0; i < 10; i++) {
      const s = await status(A.page);
      if (s?.mine) break;
      if ((await status(R.page))?.mine) await recruiterMove(R.page, ['C4', 'D4', 'D5', 'C5', 'B5']);
      else await R.page.waitForTimeout(100);
    }
    await untilMine(A.page, ['agents']);
    await A.page.waitForFunction(() => (window as unknown as { notes: string[] }).notes.length === 1);
    expect(await A.page.evaluate(() => (window as unknown as { notes: string[] }).notes)).toEqual(['It is your turn.']);
    expect(await A.page.evaluate(() => (window as unknown as { tones: number }).tones)).toBeGreaterThan(tonesBefore);
    expect(await A.page.title()).toMatch(/^● Your turn/);
    // regression "a permission read per render": reading Notification.permission asks the
    // browser process synchronously, and the settings panel read it on each of the table's
    // renders (232 reads in one solo game): now once on load, once per click and once per turn
    expect(await A.page.evaluate(() => (window as unknown as { reads: number }).reads)).toBeLessThanOrEqual(6);
    expect(R.errors.concat(A.errors).filter((e) => !/WebSocket/.test(e))).toEqual([]);
  }, 180_000);

  it('solo tables are named after the player and the opponent; the result and the replay stay reachable after the end panel is closed', async () => {
    const { page, errors } = await newPage(browser);
    await solo(page, 'Rogue agents', 'Training Mission', 'hard');
    const id = /#\/g\/([^?/]+)/.exec(page.url())![1]!;
    const info = (await (await fetch(`${server.url}/api/games/${id}`)).json()) as { title: string };
    expect(info.title).toBe('Rita vs Recruiter (hard)');
    // the agents' panel says how many locations, never "0 locations" nor "1 locations"
    await page.locator('section.deduction .candidates').waitFor();
    expect(await page.locator('section.deduction .candidates').innerText()).not.toMatch(/\b[01] locations/);
    // resign (with its extra confirmation), close the end panel, reopen it, open the replay
    await page.getByRole('button', { name: 'Resign' }).click();
    await page.locator('.resign').getByRole('button', { name: 'Confirm' }).click();
    await page.locator('section.end').waitFor();
    await page.locator('section.end').getByRole('button', { name: 'Close' }).click();
    expect(await page.locator('section.end').count()).toBe(0);
    await page.getByRole('button', { name: 'Show the result' }).click();
    await page.locator('section.end').getByRole('button', { name: 'Replay' }).click();
    await page.getByRole('button', { name: 'Back to the table' }).waitFor();
    expect(errors).toEqual([]);
  }, 120_000);

  it('regression "stale not connected": a failed reconnect attempt that reports only `error` (never `close`) does not end the reconnecting; the refusal from the time offline goes once the connection is back', async () => {
    const { page, errors } = await newPage(browser);
    await page.bringToFront();
    // While `__block` is set, new connections go to an address the page's CSP (connect-src 'self')
    // refuses: Chromium then fires `error` on the socket, sets it CLOSED and never fires `close`.
    // The client's reconnect loop waited on `close` alone, so after such an attempt it never tried
    // again: the status stayed "connecting" (no banner) and "not connected" stayed up for good.
    await page.addInitScript(() => {
      const w = window as unknown as { __sockets: WebSocket[]; __block: boolean };
      const Orig = WebSocket;
      w.__sockets = [];
      w.__block = false;
      window.WebSocket = class extends Orig {
        constructor(u: string | URL, p?: string | string[]) {
          super(w.__block ? 'ws://127.0.0.1:9/' : u, p);
          w.__sockets.push(this);
        }
      } as typeof WebSocket;
    });
    await solo(page, 'Rogue agents');
    await setupUntil(page, 'agents', ['agentsTurn']);
    const before = (await status(page))!;
    await actions(page)
      .getByRole('button', { name: /^Activate/ })
      .first()
      .click();
    await waitSeq(page, before.seq);
    await page.evaluate(() => {
      const w = window as unknown as { __sockets: WebSocket[]; __block: boolean };
      w.__block = true;
      w.__sockets.at(-1)!.close();
    });
    await page.getByText('Connection lost').waitFor();
    // one click sends a move: offline, it is refused with "not connected"
    await clickTarget(page);
    await page.locator('.error[role=alert]').getByText('not connected').waitFor();
    // the loop goes on after an attempt that only errored: a second blocked attempt is made
    await page.waitForFunction(
      () =>
        (window as unknown as { __sockets: WebSocket[] }).__sockets.filter((x) => x.url.includes(':9/')).length >= 2,
      null,
      { timeout: EXPECT_MS },
    );
    await page.evaluate(() => ((window as unknown as { __block: boolean }).__block = false));
    // the next attempt (backoff at most 8 s) opens; the refusal from the time offline goes
    await page.locator('.error[role=alert]').waitFor({ state: 'detached', timeout: EXPECT_MS });
    expect(
      await page.evaluate(
        () => (window as unknown as { __sockets: WebSocket[] }).__sockets.at(-1)!.readyState === WebSocket.OPEN,
      ),
    ).toBe(true);
    expect(await page.getByText('Connection lost').count()).toBe(0);
    // the blocked attempts' own console lines are expected; nothing else
    expect(errors.filter((e) => !/WebSocket|127\.0\.0\.1:9\//.test(e))).toEqual([]);
  }, 120_000);
});
