// The shipped deployment (deploy/nginx/mindmgmt.conf, docs/deploy.md) as an operator runs it:
// Debian's nginx with a self-signed certificate on a port other than 443, in front of two server
// instances on PostgreSQL with TRUST_PROXY=1. A game is played in Chromium over wss:// through
// it, the per-address limits see each client's own address, and a made-up X-Forwarded-For counts
// for nothing. nginx and openssl are Debian packages `npm test` installs (scripts/ensure-deps.mjs):
// without them this file fails, never skips.
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BENCH_LIMITS_ENV } from '../../cli/src/bench/loopback.js';
import { type Instance, launchInstance } from '../../server/test/cluster-helpers.js';
import { cleanupSchemas, freshSchema, pgUrl } from '../../server/test/pg-helpers.js';
import { agentsMove, buildAll, EXPECT_MS, ROOT, status } from './helpers.js';

const SITE = path.join(ROOT, 'deploy/nginx/mindmgmt.conf');
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p));
const OPENSSL = '/usr/bin/openssl';
/** WebSockets per address on each instance: through the proxy, one address may hold twice this. */
const CONNS_PER_IP = 2;

/** The placeholders of the shipped site file that name files on the machine (docs/deploy.md). */
function withFiles(site: string, dir: string): string {
  return site
    .replaceAll('/etc/letsencrypt/live/mindmgmt.example.org/fullchain.pem', path.join(dir, 'cert.pem'))
    .replaceAll('/etc/letsencrypt/live/mindmgmt.example.org/privkey.pem', path.join(dir, 'key.pem'))
    .replaceAll('/var/lib/nginx/mindmgmt', path.join(dir, 'cache'));
}

/** The shipped site with every placeholder filled in for this machine: loopback ports only. */
function render(site: string, dir: string, o: { tls: number; http: number; upstreams: number[] }): string {
  let s = withFiles(site, dir)
    .replace(/^\s*#.*\n/gm, '')
    .replaceAll('mindmgmt.example.org', 'localhost')
    .replace(/^\s*listen \[::\].*\n/gm, '')
    .replace(/listen 443 /g, `listen 127.0.0.1:${o.tls} `)
    .replace(/listen 80;/g, `listen 127.0.0.1:${o.http};`)
    .replace(':443$request_uri', `:${o.tls}$request_uri`);
  const ups = ['127.0.0.1:8081', '127.0.0.1:8082'];
  ups.forEach((u, i) => (s = s.replace(`server ${u} `, `server 127.0.0.1:${o.upstreams[i]} `)));
  for (const u of ups) if (s.includes(u)) throw new Error(`placeholder ${u} left in the rendered site`);
  return s;
}

/** nginx.conf around a site file, everything under `dir`; `extra` goes into its http block. */
function mainConf(dir: string, site: string, extra = ''): string {
  const user = process.getuid?.() === 0 ? 'user root;\n' : '';
  return `${user}pid ${dir}/nginx.pid;
error_log ${dir}/error.log;
events { worker_connections 512; }
http { access_log off; include ${site}; ${extra} }
`;
}

/** What docs/scaling.md used to show: the WebSocket forwarded with \`Host $host\`, which drops a
 * port other than 443 (and no X-Forwarded-For). On the shipped site's upstream. */
function oldBlock(dir: string, port: number): string {
  return `server {
    listen 127.0.0.1:${port} ssl;
    ssl_certificate ${dir}/cert.pem;
    ssl_certificate_key ${dir}/key.pem;
    location /ws {
        proxy_pass http://mindmgmt;
        proxy_http_version 1.1;
        proxy_set_header Upgrade $http_upgrade;
        proxy_set_header Connection "upgrade";
        proxy_set_header Host $host;
    }
    location / {
        proxy_pass http://mindmgmt;
        proxy_set_header Host $host;
        proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    }
}`;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** A WebSocket handshake through the proxy from the loopback address `from`: 101 (the socket is
 * kept open until `closeAll`) or the status it was refused with. */
const openSockets: net.Socket[] = [];
function handshake(port: number, from: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = https.request({
      host: '127.0.0.1',
      port,
      path: '/ws',
      localAddress: from,
      rejectUnauthorized: false,
      agent: false,
      headers: {
        host: `localhost:${port}`,
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-key': randomBytes(16).toString('base64'),
        'sec-websocket-version': '13',
        ...headers,
      },
    });
    req.on('upgrade', (res, socket) => {
      openSockets.push(socket);
      socket.on('error', () => undefined);
      resolve(res.statusCode ?? 0);
    });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

function get(
  port: number,
  p: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      {
        host: '127.0.0.1',
        port,
        path: p,
        rejectUnauthorized: false,
        agent: false,
        headers: { host: `localhost:${port}`, ...headers },
      },
      (res) => {
        let body = '';
        res.on('data', (d) => (body += String(d)));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const METRICS_TOKEN = 'deploy-test-metrics';
let dir: string;
let nginx: ChildProcess;
let instances: Instance[] = [];
let browser: Browser;
let tls: number;
let plain: number;
let old: number;
/** The hash of the game played in Chromium. */
let played = '';

describe('deploy/: nginx with TLS on a port other than 443, two instances on PostgreSQL', () => {
  beforeAll(async () => {
    if (!NGINX) throw new Error('nginx is missing: `npm test` apt-installs nginx-light (scripts/ensure-deps.mjs)');
    if (!fs.existsSync(OPENSSL)) throw new Error('openssl is missing: `npm test` apt-installs it');
    const url = pgUrl();
    cleanupSchemas(url);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mm-deploy-'));
    execFileSync(
      OPENSSL,
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '2',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    const schema = freshSchema('deploy');
    const env = {
      ...BENCH_LIMITS_ENV,
      WEB_DIST: buildAll(),
      TRUST_PROXY: '1',
      LIMIT_CONNS_PER_IP: String(CONNS_PER_IP),
      BOT_RECRUITER_MOVE_MS: '0',
      BOT_TIME_LIMIT_MS: '300',
      METRICS_TOKEN: METRICS_TOKEN,
    };
    const launching = Promise.all([launchInstance('d1', url, schema, env), launchInstance('d2', url, schema, env)]);
    const launchingBrowser = chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
    });
    [tls, plain, old] = [await freePort(), await freePort(), await freePort()];
    instances = await launching;
    const upstreams = instances.map((i) => Number(new URL(i.url).port));
    fs.writeFileSync(
      path.join(dir, 'site.conf'),
      render(fs.readFileSync(SITE, 'utf8'), dir, { tls, http: plain, upstreams }),
    );
    fs.writeFileSync(path.join(dir, 'nginx.conf'), mainConf(dir, path.join(dir, 'site.conf'), oldBlock(dir, old)));
    nginx = spawn(
      NGINX,
      ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log'), '-g', 'daemon off;'],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let err = '';
    nginx.stderr!.on('data', (d) => (err += String(d)));
    // up once a request through it reaches an instance
    for (let i = 0; ; i++) {
      const up = await get(tls, '/api/health').then(
        (r) => r.status === 200,
        () => false,
      );
      if (up) break;
      if (nginx.exitCode !== null || i > 100) throw new Error(`nginx did not start: ${err}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    browser = await launchingBrowser;
  }, 120_000);

  afterAll(async () => {
    for (const s of openSockets) s.destroy();
    await browser?.close();
    if (nginx && nginx.exitCode === null) {
      const gone = new Promise((r) => nginx.once('exit', r));
      nginx.kill('SIGTERM');
      await gone;
    }
    await Promise.all(instances.map((i) => i.stop()));
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('`nginx -t` accepts the shipped site file (only its certificate and cache paths filled in)', () => {
    const t = path.join(dir, 't');
    fs.mkdirSync(t);
    fs.writeFileSync(path.join(t, 'site.conf'), withFiles(fs.readFileSync(SITE, 'utf8'), dir));
    fs.writeFileSync(path.join(t, 'nginx.conf'), mainConf(t, path.join(t, 'site.conf')));
    const r = spawnSync(NGINX!, ['-t', '-p', t, '-c', path.join(t, 'nginx.conf'), '-e', path.join(t, 'error.log')], {
      encoding: 'utf8',
    });
    expect(r.stderr).toContain('test is successful');
    expect(r.status).toBe(0);
  });

  it('regression: the documented block dropped the port from Host and every browser WebSocket got 403; a game is played in Chromium over wss:// through the proxy', async () => {
    const ctx = await browser.newContext({ ignoreHTTPSErrors: true, serviceWorkers: 'block', reducedMotion: 'reduce' });
    ctx.setDefaultTimeout(EXPECT_MS);
    await ctx.addInitScript(() => localStorage.setItem('mm.pace', 'instant'));
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const sockets: string[] = [];
    page.on('websocket', (ws) => sockets.push(ws.url()));
    // plain HTTP is sent to HTTPS, on the TLS port
    await page.goto(`http://localhost:${plain}/#/`);
    expect(new URL(page.url()).origin).toBe(`https://localhost:${tls}`);
    // the random recruiter can box itself in at once (R17, about 1 game in 80), the game over
    // before the agents' first move: another game then
    for (let game = 0; game < 3; game++) {
      if (game) await page.goto(`https://localhost:${tls}/#/`);
      const box = page.locator('section.solo');
      await box.getByLabel('I play').selectOption({ label: 'Rogue agents' });
      await box.locator('select[name=soloLevel]').selectOption('random');
      await box.getByLabel('Game type').selectOption({ label: 'Training Mission' });
      await box.getByRole('button', { name: 'Play solo' }).click();
      await page.waitForFunction(
        () => {
          const st = document.querySelector('[role=status][data-phase]');
          return st?.getAttribute('data-mine') === 'yes' || st?.getAttribute('data-phase') === 'over';
        },
        undefined,
        { timeout: EXPECT_MS },
      );
      if ((await status(page))!.phase !== 'over') break;
    }
    const before = (await status(page))!.seq;
    await agentsMove(page, 0, ['C4', 'D4', 'C3', 'D3']);
    expect((await status(page))!.seq).toBeGreaterThan(before);
    played = new URL(page.url()).hash;
    expect(sockets.length).toBeGreaterThan(0);
    for (const u of sockets) expect(u).toBe(`wss://localhost:${tls}/ws`);
    expect(errors).toEqual([]);
    await ctx.close();
    // no instance refused an origin on the way
    for (const i of instances) expect(i.logs.join('\n')).not.toContain('WebSocket refused');
  }, 120_000);

  it('regression: behind the documented proxy every player shared its address, and a made-up X-Forwarded-For was believed', async () => {
    // From 127.0.0.2, each with another made-up address: the instances count them all as
    // 127.0.0.2, so the address gets its cap on each of the two instances and no more.
    const forged = (n: number) => ({ 'x-forwarded-for': `203.0.113.${n}` });
    // (nginx sends each to the instance with fewer sockets open; a few more attempts than the caps
    // fill both even when one instance was still closing the game's socket)
    const opened: number[] = [];
    for (let n = 0; n < 2 * CONNS_PER_IP + 3; n++) opened.push(await handshake(tls, '127.0.0.2', forged(n)));
    expect(opened.filter((s) => s === 101)).toHaveLength(2 * CONNS_PER_IP);
    expect(opened.filter((s) => s !== 101)).toEqual([429, 429, 429]);
    expect([await handshake(tls, '127.0.0.2', forged(90)), await handshake(tls, '127.0.0.2', forged(91))]).toEqual([
      429, 429,
    ]);
    // another client behind the same proxy has its own count
    expect(await handshake(tls, '127.0.0.3')).toBe(101);
    // and the full address stays refused however it dresses up
    expect(await handshake(tls, '127.0.0.2', { 'x-forwarded-for': '127.0.0.3' })).toBe(429);
  }, 60_000);

  it('regression: behind the old block the page sat on "Connecting…" forever; it now says it cannot connect', async () => {
    const ctx = await browser.newContext({ ignoreHTTPSErrors: true, serviceWorkers: 'block' });
    ctx.setDefaultTimeout(EXPECT_MS);
    const page = await ctx.newPage();
    expect(played).toMatch(/^#\/g\//);
    await page.goto(`https://localhost:${old}/${played}`);
    await page.getByTestId('cannot-connect').waitFor();
    expect(await page.getByTestId('cannot-connect').innerText()).toContain('Cannot connect to the game server');
    // and the log of the instance that refused says why, naming the Host it got
    const said = instances
      .flatMap((i) => i.logs)
      .filter((l) => l.includes('WebSocket refused'))
      .map((l) => JSON.parse(l));
    expect(said).toContainEqual(expect.objectContaining({ origin: `https://localhost:${old}`, host: 'localhost' }));
    await ctx.close();
  });

  it('the build files are cached by nginx', async () => {
    const index = (await get(tls, '/')).body;
    const asset = /\/assets\/[\w.-]+\.js/.exec(index)![0];
    const first = await get(tls, asset);
    const second = await get(tls, asset);
    expect(first.status).toBe(200);
    expect(second.headers['x-cache']).toBe('HIT');
    expect(second.headers['cache-control']).toContain('immutable');
  });

  it('regression: a scrape through the site reached whichever instance nginx picked (each instance is scraped itself)', async () => {
    const auth = { authorization: `Bearer ${METRICS_TOKEN}` };
    expect((await get(tls, '/metrics', auth)).status).toBe(404);
    const direct = await fetch(`${instances[0]!.url}/metrics`, { headers: auth });
    expect(direct.status).toBe(200);
    expect(await direct.text()).toContain('mindmgmt_actions_total');
  });
});
