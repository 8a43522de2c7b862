// The installable app's files. A manifest served as application/octet-stream is not
// a manifest to the browser, a CSP without manifest-src 'self' falls back to default-src only by
// accident, and the service worker or the manifest cached by the HTTP cache would keep an
// installed app on an old deploy; the icons, with no hash in their names, are kept a day only.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/app/server.js';
import { MemoryStore } from '../src/store/memory.js';
import { testServer } from './helpers.js';

let srv: RunningServer;
let dist: string;
const MANIFEST = JSON.stringify({ name: 'Mind MGMT', icons: [{ src: 'icons/icon-192.png', sizes: '192x192' }] });
const SW = `self.addEventListener('fetch', () => {}); // ${'x'.repeat(600)}\n`;
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000c0000000c00802000000', 'hex');
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8"/></svg>';
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'mm-dist-pwa-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.mkdirSync(path.join(dist, 'icons'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>t</title>');
  fs.writeFileSync(path.join(dist, 'manifest.webmanifest'), MANIFEST);
  fs.writeFileSync(path.join(dist, 'sw.js'), SW);
  fs.writeFileSync(path.join(dist, 'icons', 'icon-192.png'), PNG);
  fs.writeFileSync(path.join(dist, 'icons', 'icon.svg'), SVG);
  srv = await testServer(new MemoryStore(), { webDist: dist });
});
afterAll(async () => {
  await srv.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

function get(
  p: string,
  headers: Record<string, string> = {},
): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${srv.url}${p}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

describe('installable app files', () => {
  it('the manifest is application/manifest+json (not octet-stream); it and the worker are revalidated on every use', async () => {
    const r = await get('/manifest.webmanifest');
    expect(r.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(r.headers['cache-control']).toBe('no-cache');
    expect(r.body.toString()).toBe(MANIFEST);
    const sw = await get('/sw.js', { 'accept-encoding': 'gzip' });
    expect(sw.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect(sw.headers['content-encoding']).toBe('gzip');
  });

  it('icons carry their image types and are kept a day, not forever (their names have no hash)', async () => {
    const png = await get('/icons/icon-192.png');
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['cache-control']).toBe('public, max-age=86400');
    expect(png.body.equals(PNG)).toBe(true);
    const svg = await get('/icons/icon.svg');
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    expect(svg.headers['cache-control']).toBe('public, max-age=86400');
  });

  it("every answer's CSP lets the page register its worker and read its manifest from its own origin only", async () => {
    for (const p of ['/', '/sw.js', '/manifest.webmanifest', '/api/health']) {
      const csp = String((await get(p)).headers['content-security-policy']);
      expect(csp, p).toMatch(/(^|; )worker-src 'self'(;|$)/);
      expect(csp, p).toMatch(/(^|; )manifest-src 'self'(;|$)/);
    }
  });
});
