// Server benchmark: many concurrent games over loopback WebSockets against the real server
// process (packages/server/dist/main.js, SQLite in a temp folder).
//
// Method: N games (500; quick: 50), each with 2 seats played by scripted bots in this process
// (random legal action from the seat's own `legal`, thinking 0.5-1.5 s per move, a finished game
// is replaced by a new one). We time every action from `act` to its `events` acknowledgement.
// At the same time (so both see the same machine load), a bare `ws` echo server (separate
// process, no logic) is loaded with the same shape: N connections with the same pacing, each
// reply carrying as many bytes as the latest server `events` frame. server.rttP99Ratio = p99(action RTT) / p99(echo RTT).
// server.rssMb is the server process's peak RSS while all N games are active.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BENCH_LIMITS_ENV, connect, launch, post, rssMb, SERVER_MAIN, sleep, think } from './loopback.js';

function p99(xs: number[]): number {
  if (!xs.length) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * 0.99))]!;
}

/** CPU time (user + system, all threads) a process has used so far, ms. */
function cpuMs(pid: number): number {
  try {
    const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(f[11]) + Number(f[12])) * 1000) / 100; // utime, stime in clock ticks (USER_HZ 100)
  } catch {
    return Number.NaN;
  }
}

interface Stats {
  rtts: number[];
  actions: number;
  sizes: number[];
  games: number;
}

/** Keeps one table going: plays games back to back until `until`. */
async function table(base: string, wsUrl: string, until: number, measureFrom: number, st: Stats): Promise<void> {
  while (Date.now() < until) {
    const c = await post(base, '/api/games', {
      name: 'A',
      mode: Math.random() < 0.5 ? 'training' : 'full',
      players: 2,
      bots: {},
      recruiterCard: 'random',
      recruiterChoice: 'random',
      turnTimerSec: null,
    });
    const j = await post(base, `/api/games/${c.gameId}/join`, { name: 'B' });
    const tokens = [c.token as string, j.token as string];
    const socks = await Promise.all(tokens.map(() => connect(wsUrl)));
    let done!: () => void;
    const over = new Promise<void>((r) => (done = r));
    const latest: { seq: number; legal: any[]; expected: number[]; seat: number }[] = tokens.map(() => ({
      seq: -1,
      legal: [],
      expected: [],
      seat: -1,
    }));
    const pending = new Map<string, number>();
    let busy = false;
    let n = 0;
    const maybeAct = () => {
      if (busy || Date.now() >= until) {
        if (Date.now() >= until) done();
        return;
      }
      const seq = Math.max(...latest.map((l) => l.seq));
      const i = latest.findIndex((l) => l.seq === seq && l.legal.length && l.expected.includes(l.seat));
      if (i < 0) return;
      busy = true;
      setTimeout(() => {
        const l = latest[i]!;
        if (l.seq !== seq) {
          busy = false;
          return maybeAct();
        }
        const a = l.legal[Math.floor(Math.random() * l.legal.length)];
        const id = `m${n++}`;
        pending.set(id, performance.now());
        socks[i]!.send(JSON.stringify({ t: 'act', gameId: c.gameId, seq, action: a, id }));
      }, think());
    };
    socks.forEach((ws, i) => {
      ws.on('message', (d) => {
        const text = String(d);
        const m = JSON.parse(text);
        if (m.t === 'state' || m.t === 'events') {
          const l = latest[i]!;
          if (m.t === 'state') l.seat = m.seat;
          l.seq = m.view.seq;
          l.legal = m.legal;
          l.expected = m.view.expected;
          if (m.t === 'events' && i === 0) st.sizes.push(text.length);
          if (m.view.result) return done();
        }
        if (m.id && pending.has(m.id)) {
          const t0 = pending.get(m.id)!;
          pending.delete(m.id);
          if (Date.now() >= measureFrom && m.t === 'events') st.rtts.push(performance.now() - t0);
          st.actions++;
          busy = false;
        }
        if (m.t === 'error') busy = false;
        maybeAct();
      });
      ws.send(JSON.stringify({ t: 'hello', gameId: c.gameId, token: tokens[i] }));
    });
    await post(base, `/api/games/${c.gameId}/start`, { token: tokens[0] });
    await over;
    st.games++;
    for (const ws of socks) ws.close();
  }
}

const ECHO_SRC = `
import { WebSocketServer } from 'ws';
const wss = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false });
wss.on('listening', () => console.log('READY ' + wss.address().port));
wss.on('connection', (ws) => ws.on('message', (d) => {
  const m = JSON.parse(String(d));
  ws.send(JSON.stringify({ id: m.id, pad: 'x'.repeat(Math.max(0, (m.bytes | 0) - 30)) }));
}));
`;

/** Echo loops, run at the same time as the games: same count, pacing and reply size. */
async function echoLoad(
  port: number,
  conns: number,
  until: number,
  measureFrom: number,
  bytes: () => number,
): Promise<number[]> {
  const rtts: number[] = [];
  const socks = await Promise.all(Array.from({ length: conns }, () => connect(`ws://127.0.0.1:${port}`)));
  await Promise.all(
    socks.map(async (ws, i) => {
      let n = 0;
      await sleep((i / conns) * 2000);
      while (Date.now() < until) {
        await sleep(think());
        const t0 = performance.now();
        const id = `${i}-${n++}`;
        await new Promise<void>((res) => {
          const on = (d: unknown) => {
            const m = JSON.parse(String(d));
            if (m.id !== id) return;
            ws.off('message', on);
            if (Date.now() >= measureFrom) rtts.push(performance.now() - t0);
            res();
          };
          ws.on('message', on);
          ws.send(JSON.stringify({ t: 'act', id, seq: n, bytes: bytes(), action: { type: 'endTurn' } }));
        });
      }
      ws.close();
    }),
  );
  return rtts;
}

export async function benchServer(opts: { quick: boolean }): Promise<Record<string, number>> {
  if (!fs.existsSync(SERVER_MAIN))
    throw new Error(`build the server first: npx tsc -b packages/server (${SERVER_MAIN} missing)`);
  const games = opts.quick ? 50 : 500;
  const runMs = opts.quick ? 10_000 : 30_000;
  const data = fs.mkdtempSync(path.join(os.tmpdir(), 'mm-bench-'));
  // BENCH_SERVER_NODE_ARGS: extra node flags for the server process (e.g. `--cpu-prof
  // --cpu-prof-dir=/tmp/prof`); the server is then stopped with SIGTERM so the profile is written.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const { proc, port } = await launch(
    [...nodeArgs, SERVER_MAIN],
    {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: data,
      LOG_LEVEL: 'warn',
      SQLITE_SYNC: process.env.BENCH_SQLITE_SYNC ?? 'full',
      SQLITE_WRITER: process.env.BENCH_SQLITE_WRITER ?? 'thread',
      SQLITE_STATS_MS: process.env.BENCH_VERBOSE ? '1000' : '0',
      BOT_PAUSE_MS: '0',
      WS_RATE_PER_SEC: '1000',
      WS_RATE_BURST: '1000',
      ...BENCH_LIMITS_ENV,
    },
    /READY (\d+)/,
  );
  const base = `http://127.0.0.1:${port}`;
  // BENCH_VERBOSE: the server's per-second SQLITE_STATS lines (writer commit times, batch sizes,
  // main event-loop delay).
  const dbStats: { t: number; s: Record<string, unknown> }[] = [];
  let errBuf = '';
  proc.stderr!.on('data', (d: Buffer) => {
    errBuf += String(d);
    let nl: number;
    while ((nl = errBuf.indexOf('\n')) >= 0) {
      const line = errBuf.slice(0, nl);
      errBuf = errBuf.slice(nl + 1);
      if (line.startsWith('SQLITE_STATS ')) dbStats.push({ t: Date.now(), s: JSON.parse(line.slice(13)) });
    }
  });
  const st: Stats = { rtts: [], actions: 0, sizes: [], games: 0 };
  let peakRss = 0;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb(proc.pid!))), 500);
  const echoSrv = await launch(['--input-type=module', '-e', ECHO_SRC], {}, /READY (\d+)/);
  try {
    // Ramp up tables over ~2 s, then measure for runMs; the echo load runs alongside.
    const start = Date.now();
    const until = start + 2000 + runMs;
    const measureFrom = start + 4000;
    const actionsAt = { t: 0, n: 0 };
    const cpuAt = { from: 0, to: 0, actions: 0 };
    setTimeout(() => {
      Object.assign(actionsAt, { t: performance.now(), n: st.actions });
      cpuAt.from = cpuMs(proc.pid!);
    }, 4000);
    setTimeout(() => Object.assign(cpuAt, { to: cpuMs(proc.pid!), actions: st.actions - actionsAt.n }), 2000 + runMs);
    const sizeNow = () => st.sizes[st.sizes.length - 1] ?? 2000;
    const echoP = echoLoad(echoSrv.port, games, until, measureFrom, sizeNow);
    const tables = Array.from({ length: games }, async (_, i) => {
      await sleep((i / games) * 2000);
      return table(base, `ws://127.0.0.1:${port}/ws`, until, measureFrom, st);
    });
    await Promise.all(tables);
    const actionsPerSec = ((st.actions - actionsAt.n) / (performance.now() - actionsAt.t)) * 1000;
    peakRss = Math.max(peakRss, rssMb(proc.pid!));
    const echo = await echoP;
    const medianBytes = [...st.sizes].sort((x, y) => x - y)[Math.floor(st.sizes.length / 2)] ?? 0;
    const ratio = p99(st.rtts) / p99(echo);
    const out = {
      'server.rttP99Ratio': Number(ratio.toFixed(3)),
      'server.actionsPerSec': Number(actionsPerSec.toFixed(1)),
      'server.rssMb': Number(peakRss.toFixed(1)),
    };
    if (process.env.BENCH_VERBOSE) {
      const q = (xs: number[], f: number) =>
        [...xs].sort((x, y) => x - y)[Math.min(xs.length - 1, Math.floor(xs.length * f))];
      console.error(
        JSON.stringify({
          games,
          rtt: [0.5, 0.9, 0.99].map((f) => q(st.rtts, f)),
          echo: [0.5, 0.9, 0.99].map((f) => q(echo, f)),
          samples: st.rtts.length,
          echoSamples: echo.length,
          medianBytes,
          gamesFinished: st.games,
          // the server process's CPU (main + writer + bot threads) per action over the measured window
          serverCpuMsPerAction: Number(((cpuAt.to - cpuAt.from) / cpuAt.actions).toFixed(3)),
          loadavg: os.loadavg().map((x) => Number(x.toFixed(2))),
          ...out,
        }),
      );
    }
    if (process.env.BENCH_VERBOSE)
      for (const d of dbStats.filter((x) => x.t >= measureFrom && x.t <= until))
        console.error(`server ${JSON.stringify(d.s)}`);
    return out;
  } finally {
    clearInterval(sampler);
    if (nodeArgs.length && proc.exitCode === null) {
      const exited = new Promise((r) => proc.once('exit', r));
      proc.kill('SIGTERM');
      await Promise.race([exited, sleep(15_000)]);
    }
    proc.kill('SIGKILL');
    echoSrv.proc.kill('SIGKILL');
    fs.rmSync(data, { recursive: true, force: true });
  }
}
