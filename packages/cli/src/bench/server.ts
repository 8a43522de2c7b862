// Server benchmark: many concurrent games over loopback WebSockets against the real server
// process (packages/server/dist/main.js, SQLite in a temp folder).
//
// Method: N tables (500; quick: 50) in a mix (TABLE_MIX): 2-seat and 5-seat, Full and Training,
// some with bot seats (played by the server's bot workers, at the levels of positions.ts's
// BOT_SHARE: 40% hard, 20% expert, 30% easy, 10% random) and some with one or two spectators.
// Every table starts from a stored game already under way (bench/positions.ts: generated
// deterministically, cut at 30-70% of its length, written with the server's store before the
// server starts, so the server loads them as after a restart). Human seats are played by scripted
// players in this process (random legal action from the seat's own `legal`, thinking 0.5-1.5 s
// per move); a finished game is replaced by a new one played from the start. We time every
// action from `act` to its `events` acknowledgement; the server itself reports the time from
// frame arrival to acknowledgement (SERVER_STATS_MS, server.ackP99Ms) and the games it holds in
// memory. server.fanoutP99Ms: from `act` sent to the `events` of that move received by each OTHER
// client of the game (the other seats and spectators: when the table sees the move).
// server.rssPeakKbPerGame: (peak RSS - RSS once the stored bot games resumed) / the games loaded
// since; server.rssKbPerGame and server.heapKbPerGame: the slopes over a ramp like the capacity
// one, with the main thread's garbage collected (memoryPerGame).
// At the same time (so both see the same machine load), a bare `ws` echo server (separate
// process, no logic) is loaded with the same shape: N connections with the same pacing, each
// reply carrying as many bytes as the latest server `events` frame. server.rttP99Ratio = p99(action RTT) / p99(echo RTT).
// server.rssMb is the server process's peak RSS while all N games are active.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BENCH_LIMITS_ENV, connect, launch, post, rssMb, SERVER_MAIN, sleep, think } from './loopback.js';
import { botLevel, type StoredTable, storeMidGames, type TableShape } from './positions.js';
import type { ClientFrame } from '@mindmgmt/table';

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
  errors: number;
  rtts: number[];
  /** act sent -> the events of that move received by each OTHER client of the game (ms). */
  fanout: number[];
  /** Bot seats of fresh games so far (their levels follow botLevel). */
  botSeats: number;
  actions: number;
  sizes: number[];
  games: number;
}

/** The table shapes of the load, cycled through by table index. */
const TABLE_MIX: TableShape[] = [
  { players: 2, bots: 0, spectators: 0 },
  { players: 2, bots: 0, spectators: 1 },
  { players: 5, bots: 0, spectators: 1 },
  { players: 2, bots: 1, spectators: 0 },
  { players: 5, bots: 2, spectators: 2 },
  { players: 2, bots: 0, spectators: 0 },
  { players: 5, bots: 1, spectators: 0 },
  { players: 2, bots: 0, spectators: 2 },
];

/** Keeps one table going: plays games back to back until `until`. */
async function table(
  base: string,
  wsUrl: string,
  until: number,
  measureFrom: number,
  st: Stats,
  shape: TableShape,
  stored: StoredTable | null,
): Promise<void> {
  const names = ['Ann', 'Bea', 'Cy', 'Dee', 'Eve'];
  let resume = stored;
  while (Date.now() < until) {
    let gameId: string;
    let tokens: (string | null)[];
    if (resume) {
      gameId = resume.gameId;
      tokens = [...resume.tokens];
    } else {
      const bots: Record<string, string> = {};
      for (let k = 0; k < shape.bots; k++) bots[String(shape.players - k)] = botLevel(st.botSeats++);
      const c = await post(base, '/api/games', {
        name: 'Ann',
        mode: Math.random() < 0.5 ? 'training' : 'full',
        players: shape.players,
        bots,
        recruiterCard: 'random',
        recruiterChoice: 'random',
        turnTimerSec: null,
      });
      gameId = c.gameId as string;
      tokens = [c.token as string];
      for (let k = 2; k <= shape.players - shape.bots; k++)
        tokens.push((await post(base, `/api/games/${gameId}/join`, { name: names[k - 1] })).token as string);
      for (let k = 0; k < shape.spectators; k++) tokens.push(null);
    }
    const c = { gameId };
    const socks = await Promise.all(tokens.map(() => connect(wsUrl)));
    let done!: () => void;
    const over = new Promise<void>((r) => (done = r));
    // A game waiting on a bot (an expert thinking on a busy machine) sends nothing: the end of the
    // run must not wait for its next frame.
    const stop = setTimeout(() => done(), Math.max(0, until - Date.now()));
    const latest: { seq: number; legal: any[]; expected: number[]; seat: number | string }[] = tokens.map(() => ({
      seq: -1,
      legal: [],
      expected: [],
      seat: -1,
    }));
    const pending = new Map<string, number>();
    /** seq after a move we sent -> who sent it and when, for the other clients' events. */
    const sent = new Map<number, { from: number; t0: number; left: number }>();
    let busy = false;
    let n = 0;
    const maybeAct = () => {
      if (busy || Date.now() >= until) {
        if (Date.now() >= until) done();
        return;
      }
      const seq = Math.max(...latest.map((l) => l.seq));
      const i = latest.findIndex((l) => l.seq === seq && l.legal.length && l.expected.includes(l.seat as number));
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
        const t0 = performance.now();
        pending.set(id, t0);
        sent.set(seq + 1, { from: i, t0, left: socks.length - 1 });
        socks[i]!.send(JSON.stringify({ t: 'act', gameId: c.gameId, seq, action: a, id } satisfies ClientFrame));
      }, think());
    };
    let failed: Error | null = null;
    socks.forEach((ws, i) => {
      // A reset connection ends this game (counted in server.tableErrors by the caller).
      ws.on('error', (e) => {
        failed ??= e;
        done();
      });
      ws.on('close', () => {
        if (Date.now() < until) failed ??= new Error('connection closed by the server');
        done();
      });
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
          const s = m.t === 'events' ? sent.get(m.seq) : undefined;
          if (s && s.from !== i) {
            if (Date.now() >= measureFrom) st.fanout.push(performance.now() - s.t0);
            if (--s.left <= 0) sent.delete(m.seq);
          }
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
      ws.send(JSON.stringify({ t: 'hello', gameId: c.gameId, token: tokens[i]! } satisfies ClientFrame));
    });
    if (!resume) await post(base, `/api/games/${c.gameId}/start`, { token: tokens[0]! });
    resume = null;
    await over;
    clearTimeout(stop);
    for (const ws of socks) ws.close();
    if (failed) throw failed;
    st.games++;
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
  for (const ws of socks) ws.on('error', () => undefined);
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

/** Median and range of one figure over the repetitions that measured it (a repetition whose
 * load never got going has no samples: NaN, left out rather than sorted at random). */
function spread(xs: number[]): { median: number; min: number; max: number } {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (!s.length) return { median: Number.NaN, min: Number.NaN, max: Number.NaN };
  return { median: s[Math.floor(s.length / 2)]!, min: s[0]!, max: s[s.length - 1]! };
}

/** Three repetitions (each a fresh server process and load); every figure is the median, the
 * ratio's range is reported beside it. */
export async function benchServer(opts: { quick: boolean }): Promise<Record<string, number>> {
  if (!fs.existsSync(SERVER_MAIN))
    throw new Error(`build the server first: npx tsc -b packages/server (${SERVER_MAIN} missing)`);
  // BENCH_SERVER_GAMES: another table count (small while developing on a shared machine).
  const positions = await preparePositions(Number(process.env.BENCH_SERVER_GAMES) || (opts.quick ? 50 : 500));
  const runs: Record<string, number>[] = [];
  let capacityFigures: Record<string, number> = {};
  // BENCH_SERVER_MEMORY_ONLY=1: the memory ramp alone (working on memory per game).
  const memoryOnly = process.env.BENCH_SERVER_MEMORY_ONLY === '1';
  try {
    if (memoryOnly) return await capacity(opts, positions, 'memory');
    for (let i = 0; i < 3; i++) runs.push(await oneRun(opts, positions));
    // BENCH_SERVER_CAPACITY=0: skip the capacity ramp (profiling the three runs only).
    if (process.env.BENCH_SERVER_CAPACITY !== '0')
      capacityFigures = {
        ...(await capacity(opts, positions, 'capacity')),
        ...(await capacity(opts, positions, 'memory')),
      };
  } finally {
    fs.rmSync(positions.dir, { recursive: true, force: true });
  }
  const out: Record<string, number> = {};
  for (const k of Object.keys(runs[0]!)) out[k] = spread(runs.map((r) => r[k]!)).median;
  const ratio = spread(runs.map((r) => r['server.rttP99Ratio']!));
  out['server.rttP99RatioMin'] = ratio.min;
  out['server.rttP99RatioMax'] = ratio.max;
  const ack = spread(runs.map((r) => r['server.ackP99Ms']!));
  out['server.ackP99MsMin'] = ack.min;
  out['server.ackP99MsMax'] = ack.max;
  Object.assign(out, capacityFigures);
  out['server.loadAvg1'] = Number(os.loadavg()[0]!.toFixed(2));
  return out;
}

interface Positions {
  /** A data folder holding the stored mid-game tables. */
  readonly dir: string;
  readonly shapes: readonly TableShape[];
  readonly stored: readonly StoredTable[];
}

/** The mid-game tables of one bench invocation, stored once (bench/positions.ts). */
async function preparePositions(games: number): Promise<Positions> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mm-bench-positions-'));
  const shapes = Array.from({ length: games }, (_, i) => TABLE_MIX[i % TABLE_MIX.length]!);
  const t0 = performance.now();
  const stored = await storeMidGames(dir, shapes, 1);
  const seqs = stored.map((x) => x.seq).sort((a, b) => a - b);
  process.stderr.write(
    `[bench] ${stored.length} mid-game tables stored in ${((performance.now() - t0) / 1000).toFixed(1)} s (actions played: median ${seqs[seqs.length >> 1]}, range ${seqs[0]}-${seqs[seqs.length - 1]})\n`,
  );
  return { dir, shapes, stored };
}

/** The server process's settings in every server bench (bot pauses off, rate limits opened). */
function serverEnv(data: string): Record<string, string> {
  return {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: data,
    LOG_LEVEL: 'warn',
    SQLITE_SYNC: process.env.BENCH_SQLITE_SYNC ?? 'full',
    SQLITE_WRITER: process.env.BENCH_SQLITE_WRITER ?? 'thread',
    SQLITE_STATS_MS: process.env.BENCH_VERBOSE ? '1000' : '0',
    SERVER_STATS_MS: '500',
    BOT_PAUSE_MS: '0',
    BOT_RECRUITER_MOVE_MS: '0',
    WS_RATE_PER_SEC: '1000',
    WS_RATE_BURST: '1000',
    ...BENCH_LIMITS_ENV,
  };
}

/**
 * server.capacityGames: the most active games one instance holds with the acknowledgement p99
 * (measured in the server, SERVER_STATS) under 100 ms. One server process on the stored
 * positions; tables are added in steps of a fifth of them, each step held for stepMs (the first
 * 2 s of a step, while its tables connect, are not counted). The figure is the server's games in
 * memory at the last step under 100 ms (0: not even the first). When the last step is still under
 * 100 ms, the instance holds at least all the positions: server.capacityAtLeast is 1 (run with more
 * BENCH_SERVER_GAMES to find the limit). Mode 'memory' runs every step of the same ramp on a
 * server that collects its garbage before each stats line, for memoryPerGame.
 */
async function capacity(
  opts: { quick: boolean },
  positions: Positions,
  mode: 'capacity' | 'memory',
): Promise<Record<string, number>> {
  const data = fs.mkdtempSync(path.join(os.tmpdir(), 'mm-bench-cap-'));
  fs.cpSync(positions.dir, data, { recursive: true });
  // The memory ramp collects the main thread's garbage before each stats line (SERVER_STATS_GC):
  // its pauses would count against the acknowledgement, so it is a ramp of its own.
  const { proc, port } =
    mode === 'memory'
      ? await launch(['--expose-gc', SERVER_MAIN], { ...serverEnv(data), SERVER_STATS_GC: '1' }, /READY (\d+)/)
      : await launch([SERVER_MAIN], serverEnv(data), /READY (\d+)/);
  const stats = { acks: [] as { t: number; ms: number }[], games: 0, heapAfterGcMb: Number.NaN };
  let buf = '';
  proc.stderr!.on('data', (d: Buffer) => {
    buf += String(d);
    for (let nl = buf.indexOf('\n'); nl >= 0; nl = buf.indexOf('\n')) {
      const line = buf.slice(0, nl);
      buf = buf.slice(nl + 1);
      if (process.env.BENCH_VERBOSE && line.startsWith('BOT_HEAP')) process.stderr.write(`[bench] ${line}\n`);
      if (!line.startsWith('SERVER_STATS ')) continue;
      const x = JSON.parse(line.slice(13)) as { acksMs: number[]; games: number; heapAfterGcMb: number | null };
      stats.games = x.games;
      if (x.heapAfterGcMb !== null) stats.heapAfterGcMb = x.heapAfterGcMb;
      if (process.env.BENCH_VERBOSE && mode === 'memory') {
        const { acksMs: _acks, appendWaitMs: _waits, ...rest } = x as Record<string, unknown>;
        process.stderr.write(`[bench] memory ${JSON.stringify(rest)}\n`);
      }
      for (const ms of x.acksMs) stats.acks.push({ t: Date.now(), ms });
    }
  });
  const n = positions.stored.length;
  const step = Math.max(1, Math.ceil(n / 5));
  const stepMs = opts.quick ? 6000 : 12_000;
  const until = Date.now() + 60 * 60_000;
  const stopAll = { at: until };
  const st: Stats = { errors: 0, rtts: [], fanout: [], botSeats: 0, actions: 0, sizes: [], games: 0 };
  const running: Promise<unknown>[] = [];
  let best = 0;
  let atLeast = 0;
  /** Per step: games in memory, the process's RSS (median of the step's second half) and the main
   * heap after its latest full collection, for the memory per game (memoryPerGame). */
  const steps: { games: number; rssMb: number; heapMb: number }[] = [];
  try {
    for (let started = 0; started < n;) {
      const to = Math.min(n, started + step);
      for (; started < to; started++)
        running.push(
          table(
            `http://127.0.0.1:${port}`,
            `ws://127.0.0.1:${port}/ws`,
            stopAll.at,
            0,
            st,
            positions.shapes[started]!,
            positions.stored[started]!,
          ).catch(() => st.errors++),
        );
      const from = Date.now() + 2000;
      const rss: number[] = [];
      const sampler = mode === 'memory' ? setInterval(() => rss.push(rssMb(proc.pid!)), 250) : undefined;
      await sleep(stepMs + 600);
      clearInterval(sampler);
      if (mode === 'memory') {
        const late = rss.slice(rss.length >> 1).sort((a, b) => a - b);
        steps.push({ games: stats.games, rssMb: late[late.length >> 1] ?? Number.NaN, heapMb: stats.heapAfterGcMb });
      }
      const acks = stats.acks.filter((a) => a.t >= from + 500).map((a) => a.ms);
      const ok = acks.length > 0 && p99(acks) < 100;
      if (process.env.BENCH_VERBOSE)
        process.stderr.write(`[bench] ${mode} step: ${stats.games} games, ack p99 ${p99(acks).toFixed(1)} ms\n`);
      if (mode === 'capacity' && !ok) break;
      best = stats.games;
      if (started >= n) atLeast = 1;
    }
  } finally {
    proc.kill('SIGKILL');
    fs.rmSync(data, { recursive: true, force: true });
  }
  // The tables end on their own once their server is gone (their sockets close).
  await Promise.race([Promise.allSettled(running), sleep(5000)]);
  return mode === 'memory' ? memoryPerGame(steps) : { 'server.capacityGames': best, 'server.capacityAtLeast': atLeast };
}

/**
 * server.rssKbPerGame: what one more active game adds to the process's RSS, as the least-squares
 * slope of RSS over games in memory across the steps of the memory ramp (the capacity ramp's
 * steps, each held for seconds, its tables playing, with the main thread's garbage collected
 * before each stats line). A slope, not (peak - base) / games: the fixed costs of a loaded process
 * (the isolates' young generations, the bot workers' models, the SQLite cache) would otherwise be
 * divided among the games, and with few games they are most of the figure. server.heapKbPerGame:
 * the same slope for the main thread's heap right after a full collection (live data only).
 */
function memoryPerGame(steps: { games: number; rssMb: number; heapMb: number }[]): Record<string, number> {
  const slope = (ys: (s: (typeof steps)[number]) => number, from = 0): number => {
    const pts = steps.slice(from).filter((s) => Number.isFinite(ys(s)));
    if (pts.length < 2) return Number.NaN;
    const mx = pts.reduce((a, s) => a + s.games, 0) / pts.length;
    const my = pts.reduce((a, s) => a + ys(s), 0) / pts.length;
    const sxx = pts.reduce((a, s) => a + (s.games - mx) ** 2, 0);
    if (sxx === 0) return Number.NaN;
    return Math.round((pts.reduce((a, s) => a + (s.games - mx) * (ys(s) - my), 0) / sxx) * 1024);
  };
  if (process.env.BENCH_VERBOSE) process.stderr.write(`[bench] memory steps ${JSON.stringify(steps)}\n`);
  return {
    'server.rssKbPerGame': slope((s) => s.rssMb),
    // the upper half of the ramp: what one more game adds once the load's fixed costs (the
    // isolates' young generations up to their caps, caches, compiled code) have grown
    'server.rssKbPerGameUpper': slope((s) => s.rssMb, Math.floor(steps.length / 2)),
    'server.heapKbPerGame': slope((s) => s.heapMb),
    'server.memorySteps': steps.length,
  };
}

async function oneRun(opts: { quick: boolean }, positions: Positions): Promise<Record<string, number>> {
  const games = positions.stored.length;
  const runMs = opts.quick ? 10_000 : 30_000;
  const data = fs.mkdtempSync(path.join(os.tmpdir(), 'mm-bench-'));
  // Every repetition starts from the same stored positions (a copy of the prepared database).
  fs.cpSync(positions.dir, data, { recursive: true });
  const { shapes, stored } = positions;
  // BENCH_SERVER_NODE_ARGS: extra node flags for the server process (e.g. `--cpu-prof
  // --cpu-prof-dir=/tmp/prof`); the server is then stopped with SIGTERM so the profile is written.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const { proc, port } = await launch([...nodeArgs, SERVER_MAIN], serverEnv(data), /READY (\d+)/);
  const base = `http://127.0.0.1:${port}`;
  // BENCH_SERVER_STDOUT: a file that gets the server's standard output (e.g. with `--trace-gc`)
  if (process.env.BENCH_SERVER_STDOUT)
    proc.stdout!.pipe(fs.createWriteStream(process.env.BENCH_SERVER_STDOUT, { flags: 'a' }));
  // BENCH_VERBOSE: the server's per-second SQLITE_STATS lines (writer commit times, batch sizes,
  // main event-loop delay).
  const dbStats: { t: number; s: Record<string, unknown> }[] = [];
  const srvStats = { acks: [] as number[], loopP99: [] as number[], games: 0, from: Infinity, until: Infinity };
  let errBuf = '';
  proc.stderr!.on('data', (d: Buffer) => {
    errBuf += String(d);
    let nl: number;
    while ((nl = errBuf.indexOf('\n')) >= 0) {
      const line = errBuf.slice(0, nl);
      errBuf = errBuf.slice(nl + 1);
      if (line.startsWith('SQLITE_STATS ')) dbStats.push({ t: Date.now(), s: JSON.parse(line.slice(13)) });
      if (line.startsWith('SERVER_STATS ')) {
        const x = JSON.parse(line.slice(13)) as { acksMs: number[]; games: number; loopP99Ms: number | null };
        srvStats.games = Math.max(srvStats.games, x.games);
        if (Date.now() >= srvStats.from && Date.now() <= srvStats.until + 600) {
          srvStats.acks.push(...x.acksMs);
          if (x.loopP99Ms !== null) srvStats.loopP99.push(x.loopP99Ms);
        }
      }
    }
  });
  // The server resumes the stored bot games in the background after it listens: the load starts
  // once the games it holds stop growing (two reports alike), so the figures measure play, not
  // the restart.
  for (let last = -1, end = Date.now() + 60_000; Date.now() < end;) {
    await sleep(1100);
    if (srvStats.games === last) break;
    last = srvStats.games;
  }
  // The process once the stored bot games have resumed (the bot worker threads and their models
  // are loaded by then: a fixed cost, not a game's): what each further game adds on top of it is
  // server.rssPeakKbPerGame (an upper bound; server.rssKbPerGame is the slope over the memory ramp).
  const baseRss = rssMb(proc.pid!);
  const baseGames = srvStats.games;
  srvStats.games = 0;
  const st: Stats = { errors: 0, rtts: [], fanout: [], botSeats: 0, actions: 0, sizes: [], games: 0 };
  let peakRss = 0;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb(proc.pid!))), 500);
  const echoSrv = await launch(['--input-type=module', '-e', ECHO_SRC], {}, /READY (\d+)/);
  try {
    // Ramp up tables over ~2 s, then measure for runMs; the echo load runs alongside.
    const start = Date.now();
    const until = start + 2000 + runMs;
    const measureFrom = start + 4000;
    // Server samples arrive every 500 ms: the first line after measureFrom may hold older ones.
    srvStats.from = measureFrom + 500;
    srvStats.until = until;
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
      // A table whose connection fails is counted (server.tableErrors), not fatal to the run.
      return table(base, `ws://127.0.0.1:${port}/ws`, until, measureFrom, st, shapes[i]!, stored[i]!).catch(
        (e: Error) => {
          if (st.errors++ === 0) process.stderr.write(`[bench] first table error: ${e.message.slice(0, 300)}\n`);
        },
      );
    });
    await Promise.all(tables);
    const actionsPerSec = ((st.actions - actionsAt.n) / (performance.now() - actionsAt.t)) * 1000;
    peakRss = Math.max(peakRss, rssMb(proc.pid!));
    const echo = await echoP;
    const medianBytes = [...st.sizes].sort((x, y) => x - y)[Math.floor(st.sizes.length / 2)] ?? 0;
    const ratio = p99(st.rtts) / p99(echo);
    await sleep(700); // the last SERVER_STATS line of the window
    const out = {
      'server.rttP99Ratio': Number(ratio.toFixed(3)),
      'server.ackP99Ms': Number(p99(srvStats.acks).toFixed(2)),
      'server.fanoutP99Ms': Number(p99(st.fanout).toFixed(2)),
      // The main thread's event-loop delay (the worst of its per-500 ms p99s): a frame waits this
      // long before the server reads it, which the acknowledgement (frame read -> ack written)
      // does not count and the round trip does.
      'server.loopDelayP99Ms': Number(p99(srvStats.loopP99).toFixed(2)),
      'server.cpuMsPerAction': Number(((cpuAt.to - cpuAt.from) / cpuAt.actions).toFixed(3)),
      'server.actionsPerSec': Number(actionsPerSec.toFixed(1)),
      'server.rssMb': Number(peakRss.toFixed(1)),
      // (peak - base) / games: an upper bound that counts the load's garbage and fixed costs
      // (server.rssKbPerGame, from the memory ramp, is what a further game adds)
      'server.rssPeakKbPerGame': Math.round(((peakRss - baseRss) * 1024) / Math.max(1, srvStats.games - baseGames)),
      'server.gamesInMemory': srvStats.games,
      'server.tableErrors': st.errors,
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
