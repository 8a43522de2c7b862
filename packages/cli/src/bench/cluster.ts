// Cluster benchmark: two server instances (packages/server/dist/main.js) on one PostgreSQL, and -
// in the same run, under the same machine load - one instance on SQLite for comparison.
//
// Method (same shape as bench/server.ts): N games per system (200; quick: 30; BENCH_CLUSTER_GAMES),
// each starting from a stored game already under way (bench/positions.ts, 2 seats, no bots),
// with two seats played by scripted clients in this process (a random legal action from the seat's own
// `legal`, thinking 0.5-1.5 s per move; a finished game is replaced by a new one). In the
// cluster, seat A's client is connected to instance A and seat B's to instance B (alternating per
// game), so every action crosses instances: it is committed by the receiving instance, announced
// with NOTIFY, and the other instance loads it and sends its own client the events.
//   cluster.crossInstanceP99Ms = p99 of (act sent on instance X) -> (events for that seq received
//                                 by the other seat's client, on instance Y != X)
//   cluster.rttP99Ratio        = that p99 / the same measure on the single SQLite instance
//                                 (act -> the other seat's client gets the events).
// PostgreSQL: BENCH_DATABASE_URL / TEST_DATABASE_URL / DATABASE_URL, else the throwaway local
// cluster of scripts/ensure-postgres.mjs. The bench works in a fresh schema and drops it.
import { execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PgStore } from '@mindmgmt/server';
import { BENCH_LIMITS_ENV, connect, launch, post, ROOT, rssMb, SERVER_MAIN, sleep, think } from './loopback.js';
import { type StoredTable, storeMidGames, type TableShape, writeMidGames } from './positions.js';
import type { ClientFrame } from '@mindmgmt/table';

/** A server instance with the cluster bench's settings (no bot pause, no rate limit). */
function launchServer(env: Record<string, string>): Promise<{ proc: ChildProcess; port: number }> {
  const defaults = {
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    BOT_PAUSE_MS: '0',
    BOT_RECRUITER_MOVE_MS: '0',
    WS_RATE_PER_SEC: '1000',
    WS_RATE_BURST: '1000',
    ...BENCH_LIMITS_ENV,
  };
  return launch([SERVER_MAIN], { ...defaults, ...env }, /READY (\d+)/);
}

function quantile(xs: number[], f: number): number {
  if (!xs.length) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * f))]!;
}

function pgUrl(): string {
  const given = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (given) return given;
  const out = execFileSync(process.execPath, [path.join(ROOT, 'scripts/ensure-postgres.mjs')], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = String(out).trim().split('\n').pop();
  if (!url) throw new Error('no PostgreSQL URL');
  return url;
}

/** Runs SQL through the server package's `pg` driver (the CLI does not depend on it). */
function sql(url: string, text: string): void {
  const src = `import pg from 'pg'; const c = new pg.Client({ connectionString: process.argv[1] });
    await c.connect(); await c.query(process.argv[2]); await c.end();`;
  execFileSync(process.execPath, ['--input-type=module', '-e', src, url, text], {
    cwd: path.join(ROOT, 'packages/server'),
    stdio: 'inherit',
  });
}

interface Stats {
  /** act -> the OTHER seat's client gets the events (ms). */
  cross: number[];
  /** act -> the actor's own acknowledgement (ms). */
  ack: number[];
  actions: number;
  games: number;
  errors: number;
}

/** Keeps one table going until `until`: seat i's client talks to bases[i]. */
async function table(
  bases: [string, string],
  until: number,
  measureFrom: number,
  st: Stats,
  stored: StoredTable,
): Promise<void> {
  let resume: StoredTable | null = stored;
  while (Date.now() < until) {
    const c = resume
      ? { gameId: resume.gameId }
      : await post(bases[0], '/api/games', {
          name: 'A',
          mode: Math.random() < 0.5 ? 'training' : 'full',
          players: 2,
          bots: {},
          recruiterCard: 'random',
          recruiterChoice: 'random',
          turnTimerSec: null,
        });
    const tokens = resume
      ? [resume.tokens[0]!, resume.tokens[1]!]
      : [(c as { token: string }).token, (await post(bases[1], `/api/games/${c.gameId}/join`, { name: 'B' })).token];
    const socks = await Promise.all(bases.map((b) => connect(b.replace('http', 'ws') + '/ws')));
    let done!: () => void;
    const over = new Promise<void>((r) => (done = r));
    const latest = tokens.map(() => ({ seq: -1, legal: [] as any[], expected: [] as number[], seat: -1 }));
    /** seq after the action -> who sent it and when. */
    const sent = new Map<number, { from: number; t0: number }>();
    let busy = false;
    let n = 0;
    let finished = false;
    const finish = () => {
      if (!finished) {
        finished = true;
        done();
      }
    };
    const maybeAct = () => {
      if (Date.now() >= until) return finish();
      if (busy) return;
      const seq = Math.max(...latest.map((l) => l.seq));
      const i = latest.findIndex((l) => l.seq === seq && l.legal.length && l.expected.includes(l.seat));
      if (i < 0) return;
      busy = true;
      setTimeout(() => {
        const l = latest[i]!;
        if (l.seq !== seq || finished) {
          busy = false;
          return maybeAct();
        }
        const a = l.legal[Math.floor(Math.random() * l.legal.length)];
        sent.set(seq + 1, { from: i, t0: performance.now() });
        socks[i]!.send(
          JSON.stringify({ t: 'act', gameId: c.gameId, seq, action: a, id: `m${n++}` } satisfies ClientFrame),
        );
      }, think());
    };
    socks.forEach((ws, i) => {
      ws.on('message', (d) => {
        const m = JSON.parse(String(d));
        if (m.t === 'state' || m.t === 'events') {
          const l = latest[i]!;
          if (m.t === 'state') l.seat = m.seat;
          if (m.view.seq >= l.seq) {
            l.seq = m.view.seq;
            l.legal = m.legal;
            l.expected = m.view.expected;
          }
          if (m.t === 'events') {
            const s = sent.get(m.seq);
            if (s && Date.now() >= measureFrom) {
              const dt = performance.now() - s.t0;
              if (s.from === i) st.ack.push(dt);
              else st.cross.push(dt);
            }
            if (s && s.from === i) {
              st.actions++;
              busy = false;
            }
          }
          if (m.view.result) return finish();
        }
        if (m.t === 'error') {
          st.errors++;
          busy = false;
        }
        maybeAct();
      });
      ws.send(JSON.stringify({ t: 'hello', gameId: c.gameId, token: tokens[i]! } satisfies ClientFrame));
    });
    if (!resume) await post(bases[0], `/api/games/${c.gameId}/start`, { token: tokens[0] });
    resume = null;
    const stop = setTimeout(finish, Math.max(0, until - Date.now()));
    await over;
    clearTimeout(stop);
    st.games++;
    for (const ws of socks) ws.close();
  }
}

/** Three runs (fresh instances and schema each): the median of each figure, and the range of
 * cluster.crossInstanceP99Ms beside it (p99 of a multi-hop path is sensitive to machine load). */
export async function benchCluster(opts: { quick: boolean }): Promise<Record<string, number>> {
  if (!fs.existsSync(SERVER_MAIN))
    throw new Error(`build the server first: npx tsc -b packages/server (${SERVER_MAIN} missing)`);
  const runs: Record<string, number>[] = [];
  for (let i = 0; i < 3; i++) runs.push(await oneClusterRun(opts));
  const med = (k: string) => [...runs.map((r) => r[k]!)].sort((x, y) => x - y)[1]!;
  const cross = runs.map((r) => r['cluster.crossInstanceP99Ms']!);
  return {
    'cluster.crossInstanceP99Ms': med('cluster.crossInstanceP99Ms'),
    'cluster.crossInstanceP99MsMin': Math.min(...cross),
    'cluster.crossInstanceP99MsMax': Math.max(...cross),
    'cluster.rttP99Ratio': med('cluster.rttP99Ratio'),
    'cluster.rttP99RatioMin': Math.min(...runs.map((r) => r['cluster.rttP99Ratio']!)),
    'cluster.rttP99RatioMax': Math.max(...runs.map((r) => r['cluster.rttP99Ratio']!)),
    'cluster.loadAvg1': Number(os.loadavg()[0]!.toFixed(2)),
  };
}

async function oneClusterRun(opts: { quick: boolean }): Promise<Record<string, number>> {
  const games = Number(process.env.BENCH_CLUSTER_GAMES) || (opts.quick ? 30 : 200);
  const runMs = opts.quick ? 10_000 : 30_000;
  const url = pgUrl();
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const data = fs.mkdtempSync(path.join(os.tmpdir(), 'mm-bench-cluster-'));
  const procs: ChildProcess[] = [];
  try {
    const verbose = !!process.env.BENCH_VERBOSE;
    // Verbose: the instances report their own act -> acknowledgement times and event-loop delay,
    // to tell the store's and the machine's share of the client-side figures apart.
    const pgEnv = {
      DATABASE_URL: url,
      PG_SCHEMA: schema,
      PG_POOL: '10',
      ...(verbose ? { SERVER_STATS_MS: '1000' } : {}),
    };
    // The first instance applies the migrations; the second then finds them done.
    // Every table starts from a stored game under way (as in bench/server.ts), the same positions
    // (same seed) in PostgreSQL for the cluster and in SQLite for the single instance.
    const shapes: TableShape[] = Array.from({ length: games }, () => ({ players: 2, bots: 0, spectators: 0 }));
    const pgStore = await PgStore.open(url, { schema });
    const pgTables = await writeMidGames(pgStore, shapes, 7).finally(() => pgStore.close());
    const sqliteTables = await storeMidGames(data, shapes, 7);
    const a = await launchServer({ ...pgEnv, INSTANCE_ID: 'bench-A' });
    procs.push(a.proc);
    const [b, s] = await Promise.all([
      launchServer({ ...pgEnv, INSTANCE_ID: 'bench-B' }),
      launchServer({ DATA_DIR: data, SQLITE_SYNC: process.env.BENCH_SQLITE_SYNC ?? 'full' }),
    ]);
    procs.push(b.proc, s.proc);
    const inServer = {
      A: { acks: [] as number[], waits: [] as number[], loopP99: [] as number[], loopMax: 0 },
      B: { acks: [] as number[], waits: [] as number[], loopP99: [] as number[], loopMax: 0 },
    };
    const follow = (proc: ChildProcess, into: (typeof inServer)['A']) => {
      let buf = '';
      proc.stderr!.on('data', (d: Buffer) => {
        buf += String(d);
        for (let nl = buf.indexOf('\n'); nl >= 0; nl = buf.indexOf('\n')) {
          const line = buf.slice(0, nl);
          buf = buf.slice(nl + 1);
          if (!line.startsWith('SERVER_STATS ') || Date.now() < measureFrom) continue;
          const x = JSON.parse(line.slice(13)) as {
            acksMs: number[];
            appendWaitMs: number[] | null;
            loopP99Ms: number | null;
            loopMaxMs: number | null;
          };
          into.acks.push(...x.acksMs);
          into.waits.push(...(x.appendWaitMs ?? []));
          if (x.loopP99Ms !== null) into.loopP99.push(x.loopP99Ms);
          into.loopMax = Math.max(into.loopMax, x.loopMaxMs ?? 0);
        }
      });
    };
    if (verbose) {
      follow(a.proc, inServer.A);
      follow(b.proc, inServer.B);
    }
    const A = `http://127.0.0.1:${a.port}`;
    const B = `http://127.0.0.1:${b.port}`;
    const S = `http://127.0.0.1:${s.port}`;
    const cluster: Stats = { cross: [], ack: [], actions: 0, games: 0, errors: 0 };
    const single: Stats = { cross: [], ack: [], actions: 0, games: 0, errors: 0 };
    // Ramp up over ~2 s, measure from 4 s on, for runMs; both systems loaded at the same time.
    const start = Date.now();
    const until = start + 2000 + runMs;
    const measureFrom = start + 4000;
    const peak = { a: 0, b: 0, s: 0 };
    const sampler = setInterval(() => {
      peak.a = Math.max(peak.a, rssMb(a.proc.pid));
      peak.b = Math.max(peak.b, rssMb(b.proc.pid));
      peak.s = Math.max(peak.s, rssMb(s.proc.pid));
    }, 500);
    const runs: Promise<void>[] = [];
    for (let i = 0; i < games; i++) {
      const pair: [string, string] = i % 2 ? [A, B] : [B, A];
      // A table whose request fails is counted (errors in BENCH_VERBOSE), not fatal to the run.
      const counted = (st: Stats, what: string) => (e: Error) => {
        if (st.errors++ === 0) process.stderr.write(`[bench] first ${what} table error: ${e.message.slice(0, 300)}\n`);
      };
      runs.push(
        sleep((i / games) * 2000).then(() =>
          table(pair, until, measureFrom, cluster, pgTables[i]!).catch(counted(cluster, 'cluster')),
        ),
      );
      runs.push(
        sleep((i / games) * 2000 + 7).then(() =>
          table([S, S], until, measureFrom, single, sqliteTables[i]!).catch(counted(single, 'SQLite')),
        ),
      );
    }
    await Promise.all(runs);
    clearInterval(sampler);
    const crossP99 = quantile(cluster.cross, 0.99);
    const singleP99 = quantile(single.cross, 0.99);
    const out = {
      'cluster.crossInstanceP99Ms': Number(crossP99.toFixed(2)),
      'cluster.rttP99Ratio': Number((crossP99 / singleP99).toFixed(3)),
    };
    if (process.env.BENCH_VERBOSE) {
      const q = (xs: number[]) => [0.5, 0.9, 0.99].map((f) => Number(quantile(xs, f).toFixed(2)));
      console.error(
        JSON.stringify({
          gamesPerSystem: games,
          runMs,
          clusterCross: q(cluster.cross),
          clusterAck: q(cluster.ack),
          sqliteOther: q(single.cross),
          sqliteAck: q(single.ack),
          samples: { cluster: cluster.cross.length, sqlite: single.cross.length },
          actions: { cluster: cluster.actions, sqlite: single.actions },
          errors: { cluster: cluster.errors, sqlite: single.errors },
          gamesFinished: { cluster: cluster.games, sqlite: single.games },
          peakRssMb: { A: Math.round(peak.a), B: Math.round(peak.b), sqlite: Math.round(peak.s) },
          // measured inside the instances: act frame received -> acknowledgement sent
          serverAck: { A: q(inServer.A.acks), B: q(inServer.B.acks) },
          loopDelayP99Ms: { A: q(inServer.A.loopP99), B: q(inServer.B.loopP99) },
          appendPoolWaitMs: { A: q(inServer.A.waits), B: q(inServer.B.waits) },
          loopMaxMs: { A: inServer.A.loopMax, B: inServer.B.loopMax },
          ...out,
        }),
      );
    }
    return out;
  } finally {
    for (const p of procs) p.kill('SIGKILL');
    fs.rmSync(data, { recursive: true, force: true });
    try {
      sql(url, `DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    } catch {
      // best effort
    }
  }
}
