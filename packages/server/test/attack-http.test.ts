// Cross-site requests, missing security headers, uncompressed JavaScript.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import http from 'node:http';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/app/server.js';
import { MemoryStore } from '../src/store/memory.js';
import { api, testServer } from './helpers.js';

let srv: RunningServer;
let dist: string;
const JS = `export const board = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `location-${i}`))};\n`;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'mm-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><title>t</title><script type="module" src="/assets/index-Ab12Cd34.js"></script>',
  );
  fs.writeFileSync(path.join(dist, 'assets', 'index-Ab12Cd34.js'), JS);
  srv = await testServer(new MemoryStore(), { webDist: dist, limits: { allowedOrigins: ['https://play.example'] } });
});
afterAll(async () => {
  await srv.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

/** GET with full control of headers and no automatic decompression. */
function get(
  p: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${srv.url}${p}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

function upgrade(origin: string | undefined): Promise<'open' | number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`${srv.url.replace('http', 'ws')}/ws`, origin === undefined ? {} : { origin });
    ws.on('open', () => {
      ws.close();
      resolve('open');
    });
    ws.on('unexpected-response', (_req, res) => resolve(res.statusCode!));
    ws.on('error', () => undefined);
  });
}

describe('attack: cross-site WebSocket hijacking', () => {
  it('an upgrade from another site is refused with 403; same origin, allowed origins and non-browsers are accepted', async () => {
    expect(await upgrade('https://evil.example')).toBe(403);
    expect(await upgrade('null')).toBe(403);
    expect(await upgrade(`http://127.0.0.1:${srv.port}.evil.example`)).toBe(403);
    expect(await upgrade(`http://127.0.0.1:${srv.port}`)).toBe('open');
    expect(await upgrade('https://play.example')).toBe('open');
    expect(await upgrade(undefined)).toBe('open');
  });
});

describe('attack: cross-site text/plain POST creates tables', () => {
  it('a POST body that is not application/json is refused with 415 and creates nothing', async () => {
    const before = (await api(srv.url, 'GET', '/api/games')).body.games.length;
    const body = JSON.stringify({ name: 'Eve', mode: 'full', players: 2, bots: {}, turnTimerSec: null });
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', '']) {
      const res = await fetch(`${srv.url}/api/games`, {
        method: 'POST',
        headers: type ? { 'content-type': type } : {},
        body,
      });
      expect(res.status, type).toBe(415);
      expect(((await res.json()) as any).error.code).toBe('bad_content_type');
    }
    expect((await api(srv.url, 'GET', '/api/games')).body.games.length).toBe(before);
    const ok = await fetch(`${srv.url}/api/games`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body,
    });
    expect(ok.status).toBe(200);
  });
});

describe('attack: framing, sniffing, referrer leaks; uncompressed JavaScript', () => {
  it('HTML, assets and API answers carry CSP (no inline script, frame-ancestors none), nosniff, Referrer-Policy', async () => {
    for (const p of ['/', '/assets/index-Ab12Cd34.js', '/api/health', '/api/nope']) {
      const r = await get(p);
      const csp = String(r.headers['content-security-policy']);
      expect(csp, p).toMatch(/script-src 'self'(;|$)/);
      expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
      expect(csp).toMatch(/frame-ancestors 'none'/);
      expect(r.headers['x-frame-options']).toBe('DENY');
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      expect(r.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it('hashed assets are served brotli or gzip compressed, cached immutable; index.html is revalidated', async () => {
    const br = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(JS);
    expect(br.body.length).toBeLessThan(JS.length / 2);
    const gz = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(JS);
    const plain = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'br;q=0, identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(JS);
    const index = await get('/some/route', { 'accept-encoding': 'br' });
    expect(index.headers['cache-control']).toBe('no-cache');
    expect(index.body.toString()).toMatch(/^<!doctype html>/);
  });
});
