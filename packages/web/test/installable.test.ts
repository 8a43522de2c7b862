// The game installs on a phone's home screen and, with the server unreachable, opens
// with its own "offline, reconnecting" state instead of the browser's error page. Chromium's own
// installability check (Page.getInstallabilityErrors, what Lighthouse's "installable-manifest"
// audit reads) must find nothing wrong; the worker's caches must hold no API answer. The other
// browser tests block the worker (helpers.ts newPage); this one allows it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { EN } from '../src/i18n/en.js';
import { buildAll, EXPECT_MS, launch, shot, startServer, WEB } from './helpers.js';

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(b: Buffer): [number, number] {
  expect(b.subarray(1, 4).toString()).toBe('PNG');
  return [b.readUInt32BE(16), b.readUInt32BE(20)];
}

describe('installable app', () => {
  it('the lobby registers a controlling worker and an installable manifest; a deploy replaces the shell; with the server stopped a reload shows our offline state, not a browser error, until it is back', async () => {
    // the build served from a copy of its own, so a deploy can be made by changing it
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'mm-install-dist-'));
    fs.cpSync(buildAll(), dist, { recursive: true });
    let server = await startServer({ WEB_DIST: dist });
    // Chromium installs nothing from an incognito context (Playwright's usual kind): a profile
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'mm-install-'));
    const ctx = await chromium.launchPersistentContext(profile, {
      executablePath: '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-component-update'],
      serviceWorkers: 'allow',
      viewport: { width: 412, height: 860 },
    });
    let stopped = false;
    try {
      const page = ctx.pages()[0] ?? (await ctx.newPage());
      await page.goto(server.url + '/');
      await page.getByRole('button', { name: EN.playSolo }).first().waitFor({ timeout: 60_000 });
      // installed and controlling this page (clients.claim), its shell cached
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
      expect(await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL)).toBe(server.url + '/sw.js');

      const cdp = await ctx.newCDPSession(page);
      const got = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[]; data?: string };
      expect(got.url).toBe(server.url + '/manifest.webmanifest');
      expect(got.errors).toEqual([]);
      const manifest = JSON.parse(got.data!) as { display: string; icons: ManifestIcon[]; start_url: string };
      expect(manifest.display).toBe('standalone');
      const installable = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] };
      expect(installable.installabilityErrors).toEqual([]);

      // every icon the manifest names is served with its type and, for PNGs, the size it claims
      const sizes = new Set<string>();
      for (const icon of manifest.icons) {
        const r = await page.request.get(new URL(icon.src, got.url).href);
        expect(r.status(), icon.src).toBe(200);
        expect(r.headers()['content-type'], icon.src).toBe(icon.type);
        if (icon.type !== 'image/png') continue;
        const [w, h] = pngSize(await r.body());
        expect(`${w}x${h}`).toBe(icon.sizes);
        sizes.add(icon.sizes);
      }
      expect([...sizes].sort()).toEqual(['192x192', '512x512']);

      // the shell is cached; nothing of the API (sessions, seats, lobby answers) is
      const cached = await page.evaluate(async () => {
        const urls: string[] = [];
        for (const name of await caches.keys())
          for (const req of await (await caches.open(name)).keys()) urls.push(req.url);
        return urls;
      });
      expect(cached).toContain(server.url + '/');
      expect(cached.some((u) => /\/assets\/index-[\w-]+\.js$/.test(u))).toBe(true);
      expect(cached.some((u) => u.endsWith('/manifest.webmanifest'))).toBe(true);
      expect(cached.filter((u) => /^\/(api|ws)(\/|$)/.test(new URL(u).pathname))).toEqual([]);

      // a new deploy (another build: its worker names another version): a visit installs it, and
      // its cache replaces the old one
      const names = () => page.evaluate(() => caches.keys());
      const [first] = await names();
      expect(first).toMatch(/^mm-shell-[0-9a-f]{16}$/);
      const v1 = first!.slice('mm-shell-'.length);
      const v2 = [...v1].reverse().join('');
      const swFile = path.join(dist, 'sw.js');
      fs.writeFileSync(swFile, fs.readFileSync(swFile, 'utf8').replaceAll(v1, v2));
      await page.reload();
      let now: string[] = [];
      for (let i = 0; i < 240 && now.join() !== `mm-shell-${v2}`; i++) {
        now = await names();
        await new Promise((r) => setTimeout(r, 250));
      }
      expect(now).toEqual([`mm-shell-${v2}`]);

      const url = server.url;
      await server.stop();
      stopped = true;
      await new Promise<void>((r) => (server.proc.exitCode !== null ? r() : server.proc.once('exit', () => r())));
      await page.reload();
      expect(page.url().startsWith(url)).toBe(true);
      await page.getByText(EN.shellOffline).waitFor({ timeout: EXPECT_MS });
      expect(await page.locator('header .brand').count()).toBe(1);
      await shot(page, 'offline-shell-phone.png', false);

      // the server is back on the same address: the page finds it and shows the lobby again
      server = await startServer({ WEB_DIST: dist, PORT: new URL(url).port });
      stopped = false;
      await page.getByText(EN.shellOffline).waitFor({ state: 'detached', timeout: 60_000 });
      await page.getByRole('button', { name: EN.playSolo }).first().waitFor({ timeout: 60_000 });
    } finally {
      await ctx.close();
      if (!stopped) await server.stop();
      fs.rmSync(profile, { recursive: true, force: true });
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });

  it('the committed PNG icons are renders of the current SVG (a redrawn SVG needs scripts/render-icons.mjs)', async () => {
    const browser = await launch();
    try {
      const page = await browser.newPage();
      const dir = path.join(WEB, 'public/icons');
      const svg = 'data:image/svg+xml;base64,' + fs.readFileSync(path.join(dir, 'icon.svg')).toString('base64');
      for (const size of [192, 512]) {
        const png = 'data:image/png;base64,' + fs.readFileSync(path.join(dir, `icon-${size}.png`)).toString('base64');
        const diff = await page.evaluate(
          async ([a, b, n]) => {
            const pixels = async (src: string) => {
              const img = new Image(n, n);
              img.src = src;
              await img.decode();
              const c = document.createElement('canvas');
              c.width = c.height = n;
              const g = c.getContext('2d')!;
              g.drawImage(img, 0, 0, n, n);
              return g.getImageData(0, 0, n, n).data;
            };
            const [x, y] = [await pixels(a), await pixels(b)];
            let sum = 0;
            for (let i = 0; i < x.length; i++) sum += Math.abs(x[i]! - y[i]!);
            return sum / x.length;
          },
          [svg, png, size] as const,
        );
        // the same drawing differs by ~0.003 (anti-aliasing); a pupil drawn 40 % larger by 6.5
        expect(diff, `icon-${size}.png`).toBeLessThan(0.5);
      }
    } finally {
      await browser.close();
    }
  });
});
