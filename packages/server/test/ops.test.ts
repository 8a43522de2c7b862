// The operator's side (docs/operations.md): /metrics behind its token, /api/ready failing while
// the database takes no write or the bots are stopped, a shutdown that acknowledges what it took
// in and closes sockets with 1012, and data files readable by the server's user only.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/app/server.js';
import { SqliteStore } from '../src/store/sqlite.js';
import { Metrics, REFUSAL_LOG_EVERY_MS } from '../src/metrics/index.js';
import { readiness } from '../src/metrics/routes.js';
import { pino } from 'pino';
import { Writable } from 'node:stream';
import { sqlitePlayerStore } from '../src/store/players/sqlite.js';
import {
  api,
  closeTable,
  mulberry,
  openTable,
  playOut,
  testServer,
  type Client,
  type LogSink,
  type Table,
} from './helpers.js';
import { tempDir } from './temp-dir.js';
import { move, shutdownDrill } from './ops-suite.js';

const TOKEN = 'metrics-token-for-tests';
let servers: RunningServer[] = [];
let tables: Table[] = [];
afterEach(async () => {
  for (const t of tables.splice(0)) closeTable(t);
  await Promise.all(servers.splice(0).map((s) => s.close().catch(() => {})));
});

async function serve(...a: Parameters<typeof testServer>): Promise<RunningServer> {
  const s = await testServer(...a);
  servers.push(s);
  return s;
}

async function table(base: string): Promise<Table> {
  const t = await openTable(base, { mode: 'training', players: 2 });
  tables.push(t);
  return t;
}

const metricsText = (base: string, auth?: string) =>
  fetch(`${base}/metrics`, auth ? { headers: { authorization: auth } } : {}).then(async (r) => ({
    status: r.status,
    text: await r.text(),
  }));

const sample = (text: string, name: string): number => {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `) || (l.startsWith(`${name}{`) && l.includes('} ')));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : NaN;
};

describe('/metrics', () => {
  it('regression: anyone could read the metrics (404 without METRICS_TOKEN, 404 for a wrong token)', async () => {
    const off = await serve(undefined, {});
    expect((await metricsText(off.url, `Bearer ${TOKEN}`)).status).toBe(404);
    const on = await serve(undefined, { metricsToken: TOKEN });
    expect((await metricsText(on.url)).status).toBe(404);
    expect((await metricsText(on.url, `Bearer ${TOKEN}x`)).status).toBe(404);
    expect((await metricsText(on.url, `Bearer ${TOKEN.slice(0, -1)}`)).status).toBe(404);
    expect((await metricsText(on.url, TOKEN)).status).toBe(404);
    const ok = await metricsText(on.url, `Bearer ${TOKEN}`);
    expect(ok.status).toBe(200);
    for (const name of [
      'mindmgmt_actions_total',
      'mindmgmt_games_active',
      'mindmgmt_ws_connections',
      'mindmgmt_sockets',
      'mindmgmt_ack_seconds',
      'mindmgmt_fanout_seconds',
      'mindmgmt_db_commit_seconds',
      'mindmgmt_bot_queue',
      'mindmgmt_bot_decision_seconds',
      'mindmgmt_bot_timeouts_total',
      'mindmgmt_refusals_total',
      'mindmgmt_notify_sent_total',
      'mindmgmt_notify_dropped_total',
      'mindmgmt_event_loop_delay_seconds',
    ])
      expect(ok.text).toContain(`# TYPE ${name} `);
  });

  it('counts a played action, the open sockets and the game, and each server only its own', async () => {
    const srv = await serve(undefined, { metricsToken: TOKEN });
    const other = await serve(undefined, { metricsToken: TOKEN });
    const t = await table(srv.url);
    const before = (await metricsText(srv.url, `Bearer ${TOKEN}`)).text;
    await move(t);
    const after = (await metricsText(srv.url, `Bearer ${TOKEN}`)).text;
    expect(
      sample(after, 'mindmgmt_actions_total{by="player"}') -
        (sample(before, 'mindmgmt_actions_total{by="player"}') || 0),
    ).toBe(1);
    expect(sample(after, 'mindmgmt_ack_seconds_count') - sample(before, 'mindmgmt_ack_seconds_count')).toBe(1);
    expect(sample(after, 'mindmgmt_db_commit_seconds_count')).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'mindmgmt_games_active')).toBe(1);
    expect(sample(after, 'mindmgmt_ws_connections')).toBe(t.clients.length + 1);
    const elsewhere = (await metricsText(other.url, `Bearer ${TOKEN}`)).text;
    expect(sample(elsewhere, 'mindmgmt_actions_total{by="player"}')).toBe(0);
    expect(sample(elsewhere, 'mindmgmt_games_active')).toBe(0);
  });

  it('counts bot moves and their decisions', async () => {
    const srv = await serve(undefined, { metricsToken: TOKEN });
    const t = await openTable(srv.url, { mode: 'training', players: 2, bots: { '2': 'random' } });
    tables.push(t);
    const read = async () => (await metricsText(srv.url, `Bearer ${TOKEN}`)).text;
    // The humans play until the bot seat has moved.
    let bot = 0;
    let acks = 0;
    await playOut(t, mulberry(5), {
      onAck: () => void acks++,
      onStep: async () => void (bot = sample(await read(), 'mindmgmt_actions_total{by="bot"}') || 0),
      stop: () => bot > 0 || acks > 40,
    });
    expect(bot).toBeGreaterThan(0);
    const text = await read();
    expect(sample(text, 'mindmgmt_bot_decision_seconds_count{source="ai"}')).toBeGreaterThan(0);
    expect(sample(text, 'mindmgmt_bot_wait_seconds_count')).toBeGreaterThan(0);
  });

  it('regression: a limit refused people unseen (counted by limit and code, logged sampled with the address)', async () => {
    const sink: LogSink = { lines: [] };
    const srv = await serve(undefined, { metricsToken: TOKEN, limits: { joinPerIp: { burst: 1, perMin: 1 } } }, sink);
    const c = await api(srv.url, 'POST', '/api/games', {
      name: 'Host',
      mode: 'full',
      players: 5,
      bots: {},
      recruiterCard: 'random',
      recruiterChoice: 'random',
      turnTimerSec: null,
    });
    expect(c.status).toBe(200);
    const statuses: number[] = [];
    for (let place = 2; place <= 5; place++)
      statuses.push(
        (await api(srv.url, 'POST', `/api/games/${c.body.gameId}/join`, { name: `P${place}`, place })).status,
      );
    expect(statuses).toEqual([200, 429, 429, 429]);
    const text = (await metricsText(srv.url, `Bearer ${TOKEN}`)).text;
    expect(sample(text, 'mindmgmt_refusals_total{limit="POST /api/games/:id/join",code="rate_limited"}')).toBe(3);
    const logged = sink.lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'refused by a limit');
    expect(logged.length).toBeGreaterThanOrEqual(1);
    expect(logged[0]).toMatchObject({ limit: 'POST /api/games/:id/join', code: 'rate_limited' });
    expect(logged[0].address).toMatch(/127\.0\.0\.1/);
  });
});

describe('refusal log', () => {
  it('regression: a flood of refusals would be a flood of log lines (one per limit per 10 s, with the count unlogged)', () => {
    const sink: LogSink = { lines: [] };
    const log = pino(
      { level: 'info' },
      new Writable({
        write(chunk, _enc, cb) {
          sink.lines.push(String(chunk));
          cb();
        },
      }),
    );
    const m = new Metrics(log);
    try {
      for (let i = 0; i < 5; i++) m.refused('join', 'rate_limited', '127.0.1.1', 1000 + i);
      m.refused('hello', 'rate_limited', '127.0.2.1', 1005);
      m.refused('join', 'rate_limited', '127.0.1.2', 1000 + REFUSAL_LOG_EVERY_MS);
      const lines = sink.lines.map((l) => JSON.parse(l));
      expect(lines.map((l) => [l.limit, l.address, l.unlogged])).toEqual([
        ['join', '127.0.1.1', 0],
        ['hello', '127.0.2.1', 0],
        ['join', '127.0.1.2', 4],
      ]);
    } finally {
      m.close();
    }
  });
});

describe('/api/ready', () => {
  it('regression: health said ok while the database took no write (ready fails, health stays a liveness check)', async () => {
    const dir = tempDir('mm-ready-');
    const store = SqliteStore.inDir(dir);
    const srv = await serve(store, { readyTimeoutMs: 1000, readyReuseMs: 0 });
    // The writer thread's first commit can take longer than the probe's second on a busy machine:
    // what is asserted is that ready answers 200 while writes get through, not how fast.
    await expect
      .poll(async () => (await api(srv.url, 'GET', '/api/ready')).status, { timeout: 30_000, interval: 50 })
      .toBe(200);
    // Another process holds the write lock: no write gets through.
    const other = new Database(path.join(dir, 'mindmgmt.sqlite'));
    other.exec('BEGIN IMMEDIATE');
    try {
      const r = await api(srv.url, 'GET', '/api/ready');
      expect(r.status).toBe(503);
      expect(r.body.reason).toMatch(/^database/);
      expect((await api(srv.url, 'GET', '/api/health')).status).toBe(200);
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    // The writer gets through once the lock is free (it waits on it, within busy_timeout).
    await expect
      .poll(async () => (await api(srv.url, 'GET', '/api/ready')).status, { timeout: 30_000, interval: 50 })
      .toBe(200);
  });

  it('regression: a flood of /api/ready would be a flood of database commits', async () => {
    let t = 0;
    let probes = 0;
    let fail = false;
    const r = readiness({
      probe: async () => {
        probes++;
        if (fail) throw new Error('disk I/O error');
      },
      botsAlive: () => true,
      closing: () => false,
      timeoutMs: 1000,
      reuseMs: 1000,
      now: () => t,
    });
    expect(await Promise.all([1, 2, 3, 4, 5].map(() => r.check()))).toEqual([null, null, null, null, null]);
    t = 999;
    await r.check();
    expect(probes).toBe(1);
    // Past the reuse time the database is asked again; a failure is never reused.
    t = 1000;
    fail = true;
    expect(await r.check()).toBe('database: disk I/O error');
    expect(await r.check()).toBe('database: disk I/O error');
    expect(probes).toBe(3);
  });

  it('regression: ready while the bot workers were stopped', async () => {
    const srv = await serve();
    expect((await api(srv.url, 'GET', '/api/ready')).status).toBe(200);
    await srv.service.bots.close();
    const r = await api(srv.url, 'GET', '/api/ready');
    expect(r.status).toBe(503);
    expect(r.body.reason).toMatch(/^bots/);
  });
});

describe('shutdown', () => {
  it('regression: a shutdown looked like a crash (1006) and could drop the move being acknowledged', async () => {
    const dir = tempDir('mm-stop-');
    await shutdownDrill(SqliteStore.inDir(dir), () => SqliteStore.inDir(dir));
  });
});

describe('environment', () => {
  it('regression: LOG_LEVEL was documented only in a source comment (every variable read is in docs/operations.md)', () => {
    const root = path.resolve(import.meta.dirname, '..');
    const files = (dir: string): string[] =>
      fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
        const p = path.join(dir, e.name);
        return e.isDirectory() ? files(p) : /\.(ts|mjs)$/.test(e.name) ? [p] : [];
      });
    const read = new Set<string>();
    for (const f of [...files(path.join(root, 'src')), ...files(path.join(root, 'worker'))])
      for (const m of fs.readFileSync(f, 'utf8').matchAll(/\benv\.([A-Z][A-Z0-9_]+)/g)) read.add(m[1]!);
    expect(read.size).toBeGreaterThan(50);
    const doc = fs.readFileSync(path.join(root, '../../docs/operations.md'), 'utf8');
    expect([...read].filter((v) => !doc.includes(`\`${v}\``))).toEqual([]);
  });
});

describe('data files', () => {
  it('regression: the data folder was 755 and the database (with the push keys) 644', async () => {
    const base = tempDir('mm-modes-');
    const dir = path.join(base, 'data');
    // An existing folder and files, made open by an older server: tightened.
    fs.mkdirSync(dir, { mode: 0o755 });
    fs.chmodSync(dir, 0o755);
    const old = new Database(path.join(dir, 'mindmgmt.sqlite'));
    old.close();
    fs.chmodSync(path.join(dir, 'mindmgmt.sqlite'), 0o644);
    const store = SqliteStore.inDir(dir);
    const players = sqlitePlayerStore(store);
    await store.probeWrite();
    const mode = (f: string) => fs.statSync(path.join(dir, f)).mode & 0o777;
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    for (const f of fs.readdirSync(dir)) expect([f, mode(f)]).toEqual([f, 0o600]);
    expect(fs.readdirSync(dir)).toEqual(expect.arrayContaining(['mindmgmt.sqlite', 'mindmgmt.sqlite-wal']));
    await players.close();
    await store.close();
    // A new folder is created owner-only.
    const fresh = path.join(base, 'new');
    const s2 = SqliteStore.inDir(fresh);
    await s2.close();
    expect(fs.statSync(fresh).mode & 0o777).toBe(0o700);
    expect(mode(path.join('..', 'new', 'mindmgmt.sqlite'))).toBe(0o600);
  });
});
