// In real Chromium: the profile page offers this device's notifications only where
// the browser can take pushes and the app's worker is registered, asks for permission only from
// the click, and the worker shows a pushed "Your turn at <table>" with the table's path on this
// origin (a push naming another site opens the app instead). Delivery through a real push
// service is not tried (headless Chromium has none); the push is handed to the worker over CDP.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { EN } from '../src/i18n/en.js';
import { EXPECT_MS, startServer } from './helpers.js';

describe('notifications opt-in', () => {
  it('the toggle shows with a registered worker, asks permission only on click, and the worker shows a pushed turn with a same-origin link', async () => {
    const server = await startServer();
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'mm-push-'));
    const ctx = await chromium.launchPersistentContext(profile, {
      executablePath: '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-component-update'],
      serviceWorkers: 'allow',
    });
    try {
      const page = ctx.pages()[0] ?? (await ctx.newPage());
      const cdp = await ctx.newCDPSession(page);
      const registrations: { registrationId: string; scopeURL: string }[] = [];
      cdp.on('ServiceWorker.workerRegistrationUpdated', (e: { registrations: typeof registrations }) => {
        registrations.push(...e.registrations);
      });
      await cdp.send('ServiceWorker.enable');
      await page.goto(`${server.url}/#/me`);
      const me = page.locator('section.profile');
      await me.getByLabel('Name', { exact: true }).fill('Nia');
      await me.getByRole('button', { name: EN.pl_create }).click();
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
      // The worker is there: after a reload the toggle is offered; nothing was asked on load.
      await page.reload();
      const on = page.getByRole('button', { name: EN.nt_on });
      await on.waitFor({ timeout: EXPECT_MS });
      expect(await page.evaluate(() => Notification.permission)).toBe('default');

      // The click asks; without a grant, the page says the browser blocks them.
      await on.click();
      await expect
        .poll(() => page.getByRole('alert').textContent(), { timeout: EXPECT_MS })
        .toMatch(new RegExp(`${EN.nt_denied}|${EN.nt_failed}`));

      // A push handed to the worker: it shows the text and keeps only a same-origin path.
      await ctx.grantPermissions(['notifications'], { origin: server.url });
      const reg = registrations.find((r) => r.scopeURL === `${server.url}/`);
      expect(reg).toBeTruthy();
      const deliver = (data: object) =>
        cdp.send('ServiceWorker.deliverPushMessage', {
          origin: server.url,
          registrationId: reg!.registrationId,
          data: JSON.stringify(data),
        });
      const shown = () =>
        page.evaluate(async () =>
          (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
            title: n.title,
            body: n.body,
            url: (n.data as { url: string }).url,
          })),
        );
      // The grant reaches the page and its worker on their own time, and a push the worker gets
      // before it cannot be shown (a quiet run once showed nothing for 60 s): each poll that finds
      // the push not shown hands it over again (its tag makes a second one replace the first).
      await expect.poll(() => page.evaluate(() => Notification.permission), { timeout: EXPECT_MS }).toBe('granted');
      const shownAfter = (data: { title: string }) => async () => {
        const now = await shown();
        if (!now.some((n) => n.title === data.title)) await deliver(data);
        return now;
      };
      const turn = { title: 'Your turn at Night shift', body: 'Mind MGMT', url: '/#/g/abc', tag: 'mm-abc' };
      await expect
        .poll(shownAfter(turn), { timeout: EXPECT_MS, interval: 500 })
        .toEqual([{ title: 'Your turn at Night shift', body: 'Mind MGMT', url: `${server.url}/#/g/abc` }]);
      const elsewhere = { title: 'Elsewhere', body: '', url: 'https://example.com/phish', tag: 'mm-x' };
      await expect
        .poll(async () => (await shownAfter(elsewhere)()).find((n) => n.title === 'Elsewhere')?.url, {
          timeout: EXPECT_MS,
          interval: 500,
        })
        .toBe(`${server.url}/`);
    } finally {
      await ctx.close();
      await server.stop();
      fs.rmSync(profile, { recursive: true, force: true });
    }
  });
});
