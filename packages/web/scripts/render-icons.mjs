// Renders the app icon (public/icons/icon.svg, drawn for this edition) to the PNG sizes the web
// app manifest names, with Chromium through playwright-core. Run once after changing the SVG and
// commit the PNGs (`node packages/web/scripts/render-icons.mjs`): the build then needs no browser.
// packages/web/test/installable.test.ts fails when a PNG no longer matches the SVG.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const ICON_SIZES = [192, 512];
const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public/icons');

const svg = fs.readFileSync(path.join(dir, 'icon.svg'), 'utf8');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  for (const size of ICON_SIZES) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    const src = 'data:image/svg+xml;base64,' + Buffer.from(svg).toString('base64');
    await page.setContent(
      `<style>html,body{margin:0;padding:0}img{display:block}</style><img src="${src}" width="${size}" height="${size}">`,
    );
    await page.locator('img').evaluate((img) => img.decode());
    const png = await page.screenshot({ clip: { x: 0, y: 0, width: size, height: size } });
    fs.writeFileSync(path.join(dir, `icon-${size}.png`), png);
    console.log(`icons/icon-${size}.png ${png.length} bytes`);
    await page.close();
  }
} finally {
  await browser.close();
}
