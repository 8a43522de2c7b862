// docs/operations.md against the server it documents: the metrics table and the example alert
// rules name only metrics and labels the server exports, the scrape passes Prometheus's own
// lint rules, and every environment variable listed is one the code reads.
import { spawnSync } from 'node:child_process';
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import type { Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConnectionGate } from '../src/http/connections.js';
import { buildServer, MAIN } from './cluster-helpers.js';
import { Metrics } from '../src/metrics/index.js';
import { closeTable, openTable, testServer, type LogSink } from './helpers.js';
import { MemoryStore } from '../src/store/memory.js';
import { mover } from './ops-suite.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const DOC = fs.readFileSync(path.join(ROOT, 'docs/operations.md'), 'utf8');

/** name -> type and label names, as registered by a server's Metrics. */
function registered(): Map<string, { type: string; labels: string[] }> {
  const m = new Metrics();
  try {
    const out = new Map<string, { type: string; labels: string[] }>();
    for (const x of m.registry.getMetricsAsArray()) {
      const { name, type, labelNames } = x as unknown as { name: string; type: string; labelNames: string[] };
      out.set(name, { type, labels: labelNames });
    }
    return out;
  } finally {
    m.close();
  }
}

/** The metric a series name belongs to (a histogram's _bucket, _sum and _count are its own). */
function family(series: string, known: Map<string, { type: string }>): string | null {
  if (known.has(series)) return series;
  const m = /^(.*)_(bucket|sum|count)$/.exec(series);
  return m && known.get(m[1]!)?.type === 'histogram' ? m[1]! : null;
}

describe('docs/operations.md', () => {
  it('the alert rules and the metrics table name only metrics and labels the server exports', () => {
    const known = registered();
    const yaml = /```yaml\n([\s\S]*?)```/.exec(DOC)?.[1];
    expect(yaml).toBeTruthy();
    const exprs = [...yaml!.matchAll(/^\s*expr: (.*)$/gm)].map((m) => m[1]!);
    expect(exprs.length).toBeGreaterThan(5);
    const wrong: string[] = [];
    for (const e of exprs)
      for (const m of e.matchAll(/\b(mindmgmt_[a-z0-9_]+)(\{([^}]*)\})?/g)) {
        const f = family(m[1]!, known);
        if (!f) {
          wrong.push(`${m[1]}: no such metric`);
          continue;
        }
        const labels = [...(m[3] ?? '').matchAll(/(\w+)\s*[=!~]+\s*"([^"]*)"/g)];
        const allowed = [...known.get(f)!.labels, ...(m[1] === `${f}_bucket` ? ['le'] : [])];
        for (const [, l] of labels) if (!allowed.includes(l!)) wrong.push(`${m[1]}: no label ${l}`);
      }
    expect(wrong).toEqual([]);
    // The metrics table lists exactly what is registered, with its type and labels.
    const rows = [...DOC.matchAll(/^\| `(mindmgmt_[a-z0-9_]+)(?:\{([a-z_,]+)\})?` \| (\w+) \|/gm)].map((m) => ({
      name: m[1]!,
      labels: m[2] ? m[2].split(',') : [],
      type: m[3]!,
    }));
    expect(rows.map((r) => r.name).sort()).toEqual([...known.keys()].sort());
    for (const r of rows)
      expect([r.name, r.type, r.labels]).toEqual([r.name, known.get(r.name)!.type, known.get(r.name)!.labels]);
  });

  it('regression: a gauge carried the label reserved for summaries (promtool check metrics refused the scrape)', async () => {
    const m = new Metrics();
    try {
      const text = await m.text();
      const types = new Map([...text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map((x) => [x[1]!, x[2]!]));
      const bad = text
        .split('\n')
        .filter((l) => /^mindmgmt_\w+\{[^}]*\bquantile=/.test(l))
        .filter((l) => types.get(l.slice(0, l.indexOf('{'))) !== 'summary');
      expect(bad).toEqual([]);
    } finally {
      m.close();
    }
  });

  it('regression: counters appeared only at their first count, so rate() missed the first actions and drops', async () => {
    const m = new Metrics();
    try {
      m.watch({});
      const text = await m.text();
      for (const series of [
        'mindmgmt_actions_total{by="player"} 0',
        'mindmgmt_actions_total{by="bot"} 0',
        'mindmgmt_actions_total{by="timer"} 0',
        'mindmgmt_notify_sent_total{channel="push",outcome="sent"} 0',
        'mindmgmt_notify_sent_total{channel="mail",outcome="failed"} 0',
        'mindmgmt_notify_dropped_total{cap="queue"} 0',
        'mindmgmt_notify_dropped_total{cap="server"} 0',
      ])
        expect(text.split('\n')).toContain(series);
    } finally {
      m.close();
    }
  });

  it('every variable in its Environment table is one the server or the command line reads', () => {
    const env = /## Environment\n([\s\S]*?)\n## /.exec(DOC)![1]!;
    const listed = new Set<string>();
    for (const row of env.split('\n').filter((l) => l.startsWith('| `')))
      for (const m of row.split(' | ')[0]!.matchAll(/`([A-Z][A-Z0-9_]+)`/g)) listed.add(m[1]!);
    expect(listed.size).toBeGreaterThan(50);
    const files = (dir: string): string[] =>
      fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
        const p = path.join(dir, e.name);
        return e.isDirectory() ? files(p) : /\.(ts|mjs)$/.test(e.name) ? [p] : [];
      });
    const src = ['packages/server/src', 'packages/server/worker', 'packages/cli/src']
      .flatMap((d) => files(path.join(ROOT, d)))
      .map((f) => fs.readFileSync(f, 'utf8'))
      .join('\n');
    expect([...listed].filter((v) => !new RegExp(`\\benv\\.${v}\\b`).test(src))).toEqual([]);
  });
});

describe('access log', () => {
  it('regression: the access log named the client `ip` and the refusal lines `address` (one key to follow a client)', async () => {
    const lines = async (accessLog: boolean) => {
      const sink: LogSink = { lines: [] };
      const srv = await testServer(
        undefined,
        { accessLog, limits: { trustProxy: true, joinPerIp: { burst: 0, perMin: 1 } } },
        sink,
      );
      try {
        const r = await fetch(`${srv.url}/api/games/nosuchgame00/join?x=1`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.7' },
          body: JSON.stringify({ name: 'P', place: 2 }),
        });
        expect(r.status).toBe(429);
        await r.text();
        await new Promise((res) => setTimeout(res, 20));
      } finally {
        await srv.close();
      }
      return sink.lines.map((l) => JSON.parse(l));
    };
    const on = await lines(true);
    const refused = on.find((l) => l.msg === 'refused by a limit');
    const http = on.filter((l) => l.msg === 'http');
    expect(http).toEqual([
      expect.objectContaining({
        address: refused.address,
        method: 'POST',
        path: '/api/games/nosuchgame00/join',
        status: 429,
      }),
    ]);
    expect(refused.address).toBe('198.51.100.7');
    expect(http[0].ms).toBeTypeOf('number');
    expect((await lines(false)).filter((l) => l.msg === 'http')).toEqual([]);
  });
});

describe('failure log', () => {
  it('regression: a move refused while the database was down was logged as {"err":"error","msg":"act","msg":"unexpected failure"}', async () => {
    const sink: LogSink = { lines: [] };
    const store = new MemoryStore();
    const srv = await testServer(store, {}, sink);
    const t = await openTable(srv.url, { mode: 'training', players: 2 });
    try {
      store.appendAction = () =>
        Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));
      const { cl, action } = mover(t);
      const seq = cl.view.seq;
      const r = await cl.request({ t: 'act', gameId: t.gameId, seq, action, id: 'x' }, (m) => m.id === 'x');
      expect(r).toMatchObject({ t: 'error', code: 'internal' });
      const line = sink.lines.find((l) => l.includes('unexpected failure'))!;
      // One `msg` key (JSON.parse keeps only the last of two), and what failed is told.
      expect(line.match(/"msg":/g)).toHaveLength(1);
      expect(JSON.parse(line)).toMatchObject({ msg: 'unexpected failure', frame: 'act', code: 'ECONNREFUSED' });
    } finally {
      closeTable(t);
      await srv.close();
    }
  });
});

describe('socket cap', () => {
  it('regression: the sockets alert compared against a hard-coded 896, whatever cap the server had (mindmgmt_sockets_max)', async () => {
    const sink: LogSink = { lines: [] };
    const srv = await testServer(undefined, { metricsToken: 't', limits: { maxSockets: 300 } }, sink);
    try {
      const text = await (await fetch(`${srv.url}/metrics`, { headers: { authorization: 'Bearer t' } })).text();
      const caps = sink.lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'socket caps');
      expect(caps.total).toBe(300);
      expect(text.split('\n')).toContain('mindmgmt_sockets_max 300');
      expect(DOC).toContain('mindmgmt_sockets > 0.9 * mindmgmt_sockets_max');
    } finally {
      await srv.close();
    }
  });
});

describe('socket reserve', () => {
  it('regression: while a flood held every socket, readiness and the metrics answered 503 busy (only /api/health passed)', () => {
    const gate = new ConnectionGate({ perAddress: 0, total: 4, reserve: 2 });
    const sock = (ip: string) => {
      const s = Object.assign(new EventEmitter(), {
        remoteAddress: ip,
        writable: true,
        write: () => true,
        destroy: () => undefined,
      });
      return s as unknown as Socket;
    };
    for (const ip of ['10.0.0.1', '10.0.0.2']) {
      const s = sock(ip);
      gate.admit(s);
      gate.requestStarted(s);
    }
    const probe = sock('10.0.1.1');
    gate.admit(probe);
    for (const p of ['/api/health', '/api/ready', '/metrics']) expect([p, gate.allows(probe, p)]).toEqual([p, true]);
    expect(gate.allows(probe, '/api/games')).toBe(false);
  });
});

describe('notification counters', () => {
  it('follow the queue totals across scrapes, by channel, outcome and cap', async () => {
    const m = new Metrics();
    const q = {
      droppedQueueFull: 0,
      droppedProfileCap: 0,
      droppedServerCap: 0,
      byChannel: { push: { sent: 0, failed: 0 }, mail: { sent: 0, failed: 0 } },
    };
    m.watch({ notify: () => q });
    const value = async (series: string) => {
      const line = (await m.text()).split('\n').find((l) => l.startsWith(`${series} `));
      return line ? Number(line.slice(series.length + 1)) : NaN;
    };
    try {
      expect(await value('mindmgmt_notify_sent_total{channel="mail",outcome="sent"}')).toBe(0);
      q.byChannel.mail.sent = 2;
      q.byChannel.push.failed = 1;
      q.droppedServerCap = 3;
      expect(await value('mindmgmt_notify_sent_total{channel="mail",outcome="sent"}')).toBe(2);
      q.byChannel.mail.sent = 5;
      expect(await value('mindmgmt_notify_sent_total{channel="mail",outcome="sent"}')).toBe(5);
      expect(await value('mindmgmt_notify_sent_total{channel="push",outcome="failed"}')).toBe(1);
      expect(await value('mindmgmt_notify_dropped_total{cap="server"}')).toBe(3);
      expect(await value('mindmgmt_notify_dropped_total{cap="queue"}')).toBe(0);
    } finally {
      m.close();
    }
  });
});

describe('DATABASE_URL', () => {
  it('regression: a DATABASE_URL that was not postgres:// quietly ran on SQLite (each instance its own games)', async () => {
    const dir = path.join(os.tmpdir(), `mm-dburl-${process.pid}`);
    if (!fs.existsSync(MAIN)) buildServer();
    const run = spawnSync(process.execPath, [MAIN], {
      env: { ...process.env, DATABASE_URL: 'pg://mindmgmt@127.0.0.1/mindmgmt', PORT: '0', DATA_DIR: dir },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('DATABASE_URL is set but is not a postgres://');
    expect(run.stdout).not.toContain('READY');
    expect(fs.existsSync(dir)).toBe(false);
  });
});
