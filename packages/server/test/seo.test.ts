// Search engines (Lighthouse SEO scored 82): the lobby page carries a meta description, and /robots.txt
// is a robots file served as text/plain by the static handler, not the app's HTML (the SPA
// fallback answered it with index.html). Served from the web package's own sources as Vite
// copies them into dist (index.html + public/).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryStore } from '../src/store/memory.js';
import type { RunningServer } from '../src/app/server.js';
import { testServer } from './helpers.js';
import { tempDir } from './temp-dir.js';

const web = path.resolve(__dirname, '../../web');
let srv: RunningServer;

beforeAll(async () => {
  const dist = tempDir('mm-seo-');
  fs.copyFileSync(path.join(web, 'index.html'), path.join(dist, 'index.html'));
  const pub = path.join(web, 'public');
  if (fs.existsSync(pub)) fs.cpSync(pub, dist, { recursive: true });
  srv = await testServer(new MemoryStore(), { webDist: dist });
});
afterAll(() => srv.close());

describe('SEO: the meta description and robots.txt', () => {
  it('robots.txt is a text/plain robots file, not the app page', async () => {
    const r = await fetch(srv.url + '/robots.txt');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await r.text();
    expect(text).not.toMatch(/<html|<!doctype/i);
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Disallow: \/api\/$/m);
  });

  it('the lobby page has a meta description of useful length', async () => {
    const html = await (await fetch(srv.url + '/')).text();
    const m = /<meta\s+name="description"\s+content="([^"]+)"/.exec(html);
    expect(m).not.toBeNull();
    // Lighthouse wants a non-empty description; search engines cut after about 160 characters.
    expect(m![1]!.length).toBeGreaterThan(50);
    expect(m![1]!.length).toBeLessThanOrEqual(200);
  });
});
