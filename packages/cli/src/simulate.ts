// `simulate`: bot-vs-bot games with paired seeds (game i uses seed+i), one JSON object on stdout,
// progress on stderr. Uses worker_threads (one per core, up to 2 by default) for larger runs.
import { availableParallelism } from 'node:os';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { type Level, LEVELS } from '@mindmgmt/ai';
import { playGame, percentile } from '@mindmgmt/ai/yardstick';
import type { Mode } from '@mindmgmt/engine';
import { runThroughPool } from './simulate-pool.js';
import { type Chunk, emptyChunk, type SimulateOptions } from './simulate-tally.js';

export type { SimulateOptions } from './simulate-tally.js';

export interface SimulateSummary {
  recruiter: Level;
  agents: Level;
  games: number;
  recruiterWins: number;
  agentWins: number;
  /** Recruiter win rate with its Wilson 95% score interval (paired seeds make rows comparable). */
  recruiterWinRate: number;
  recruiterWinRate95: [number, number];
  reasons: { capture: number; boxedIn: number; recruits: number; time: number };
  decisionMsP50: number;
  decisionMsP99: number;
  /** Decision times per level (a pairing of two searching levels is told apart). */
  decisionMsByLevel: Record<string, { decisions: number; p50: number; p99: number }>;
  /** Decisions where a bot stopped at its wall-clock safety cutoff (its move depended on timing). */
  safetyCutoffs: number;
  /** Through the pool: decisions not made by the bot's own finished thinking (over the time limit, crash, queue full). */
  fallbacks: number;
}

/** The wall-clock budget of every bot in work-limited mode (--iterations): no cutoff ever fires. */
export const WORK_LIMITED_BUDGET_MS = 600_000;

/** Levels simulate accepts: the players' levels plus the frozen yardstick (never offered to players). */
const SIM_LEVELS: readonly Level[] = [...LEVELS, 'yardstick'];
const LEVEL_LIST = SIM_LEVELS.join('|');
const USAGE = `usage: simulate --mode full|training --games N --recruiter ${LEVEL_LIST} --agents ${LEVEL_LIST} --seed S [--budget-ms N] [--agent-seats 1..4] [--workers N] [--iterations N] [--pool] --json`;

export function parseSimulateArgs(argv: readonly string[]): SimulateOptions | string {
  const args = argv[0] === 'simulate' ? argv.slice(1) : argv.slice();
  const o: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--json' || a === '--pool') continue;
    if (!a.startsWith('--')) return `unexpected argument "${a}"\n${USAGE}`;
    const eq = a.indexOf('=');
    if (eq > 0) o[a.slice(2, eq)] = a.slice(eq + 1);
    else {
      const v = args[i + 1];
      if (v === undefined) return `missing value for ${a}\n${USAGE}`;
      o[a.slice(2)] = v;
      i++;
    }
  }
  const known = ['mode', 'games', 'recruiter', 'agents', 'seed', 'budget-ms', 'agent-seats', 'workers', 'iterations'];
  for (const k of Object.keys(o)) if (!known.includes(k)) return `unknown option --${k}\n${USAGE}`;
  const mode = (o.mode ?? 'full') as Mode;
  if (mode !== 'full' && mode !== 'training') return `--mode must be full or training\n${USAGE}`;
  const lvl = (x: string | undefined, d: Level): Level | null =>
    x === undefined ? d : (SIM_LEVELS as readonly string[]).includes(x) ? (x as Level) : null;
  const recruiter = lvl(o.recruiter, 'easy');
  const agents = lvl(o.agents, 'easy');
  if (!recruiter || !agents) return `--recruiter/--agents must be one of ${SIM_LEVELS.join(', ')}\n${USAGE}`;
  const int = (x: string | undefined, d: number, min: number, max: number): number | null => {
    if (x === undefined) return d;
    const n = Number(x);
    return Number.isInteger(n) && n >= min && n <= max ? n : null;
  };
  const games = int(o.games, 500, 1, 1_000_000);
  const seed = int(o.seed, 1, 0, 2 ** 32 - 1);
  const budgetMs = int(o['budget-ms'], 1000, 1, 600_000);
  const agentSeats = int(o['agent-seats'], 1, 1, 4);
  const cores = Math.max(1, Math.min(2, availableParallelism()));
  if (games === null || seed === null || budgetMs === null || agentSeats === null)
    return `bad number in options\n${USAGE}`;
  const workers = int(o.workers, games >= 8 ? cores : 1, 1, 64);
  const iterations = o.iterations === undefined ? undefined : int(o.iterations, 0, 1, 1_000_000);
  if (workers === null || iterations === null) return `bad number in options\n${USAGE}`;
  const pool = args.includes('--pool');
  if (pool && iterations !== undefined) return `--iterations is for in-process games (not --pool)\n${USAGE}`;
  return { mode, games, recruiter, agents, seed, budgetMs, agentSeats, workers, pool, iterations };
}

function runRange(o: SimulateOptions, from: number, to: number, progress: (done: number) => void): Chunk {
  const c = emptyChunk();
  const bothRandom = o.recruiter === 'random' && o.agents === 'random';
  for (let i = from; i < to; i++) {
    const r = playGame({
      mode: o.mode,
      seed: (o.seed + i) >>> 0,
      recruiter: o.recruiter,
      agents: o.agents,
      budgetMs: o.iterations === undefined ? o.budgetMs : WORK_LIMITED_BUDGET_MS,
      agentSeats: o.agentSeats,
      iterations: o.iterations,
    });
    c.games++;
    if (r.result.winner === 'recruiter') c.wins++;
    c.reasons[r.result.reason] = (c.reasons[r.result.reason] ?? 0) + 1;
    for (const t of r.timings) {
      if (t.cutoff) c.cutoffs++;
      if (bothRandom || t.level !== 'random') {
        c.ms.push(t.ms);
        (c.msByLevel[t.level] ??= []).push(t.ms);
      }
    }
    progress(c.games);
  }
  return c;
}

function summarize(o: SimulateOptions, chunks: readonly Chunk[]): SimulateSummary {
  const reasons = { capture: 0, boxedIn: 0, recruits: 0, time: 0 } as SimulateSummary['reasons'] &
    Record<string, number>;
  let wins = 0;
  let games = 0;
  let cutoffs = 0;
  let fallbacks = 0;
  const ms: number[] = [];
  const byLevel: Record<string, number[]> = {};
  for (const c of chunks) {
    wins += c.wins;
    games += c.games;
    cutoffs += c.cutoffs;
    fallbacks += c.fallbacks;
    for (const [k, n] of Object.entries(c.reasons)) reasons[k] = (reasons[k] ?? 0) + n;
    for (const m of c.ms) ms.push(m);
    for (const [level, xs] of Object.entries(c.msByLevel)) (byLevel[level] ??= []).push(...xs);
  }
  const r2 = (x: number) => Math.round(x * 100) / 100;
  const r4 = (x: number) => Math.round(x * 10000) / 10000;
  const [lo, hi] = wilson95(wins, games);
  return {
    recruiter: o.recruiter,
    agents: o.agents,
    games,
    recruiterWins: wins,
    agentWins: games - wins,
    recruiterWinRate: games ? r4(wins / games) : 0,
    recruiterWinRate95: [r4(lo), r4(hi)],
    reasons,
    decisionMsP50: r2(percentile(ms, 50)),
    decisionMsP99: r2(percentile(ms, 99)),
    decisionMsByLevel: Object.fromEntries(
      Object.entries(byLevel).map(([level, xs]) => [
        level,
        { decisions: xs.length, p50: r2(percentile(xs, 50)), p99: r2(percentile(xs, 99)) },
      ]),
    ),
    safetyCutoffs: cutoffs,
    fallbacks,
  };
}

/** Wilson score interval (95%) for `k` successes in `n` trials. */
export function wilson95(k: number, n: number): [number, number] {
  if (n === 0) return [0, 1];
  const z = 1.959964;
  const p = k / n;
  const d = 1 + (z * z) / n;
  const c = (p + (z * z) / (2 * n)) / d;
  const h = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return [Math.max(0, c - h), Math.min(1, c + h)];
}

export async function runSimulation(o: SimulateOptions, log: (s: string) => void = () => {}): Promise<SimulateSummary> {
  const self = new URL(import.meta.url);
  const canFork = o.workers > 1 && self.pathname.endsWith('.js');
  const t0 = Date.now();
  if (o.pool) {
    const c = await runThroughPool(o, (d) => {
      if (d % 10 === 0 || d === o.games)
        log(`simulate: ${d}/${o.games} games through BotPool (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
    });
    return summarize(o, [c]);
  }
  if (!canFork) {
    const c = runRange(o, 0, o.games, (d) => {
      if (d % 10 === 0 || d === o.games)
        log(`simulate: ${d}/${o.games} games (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
    });
    return summarize(o, [c]);
  }
  const n = Math.min(o.workers, o.games);
  const done = new Array<number>(n).fill(0);
  const chunks = await Promise.all(
    Array.from({ length: n }, (_, k) => {
      const from = Math.floor((k * o.games) / n);
      const to = Math.floor(((k + 1) * o.games) / n);
      return new Promise<Chunk>((resolve, reject) => {
        const w = new Worker(self, { workerData: { simulateWorker: true, o, from, to } });
        w.on('message', (m: { progress?: number; chunk?: Chunk }) => {
          if (m.progress !== undefined) {
            done[k] = m.progress;
            const d = done.reduce((a, b) => a + b, 0);
            if (d % 10 === 0 || d === o.games)
              log(`simulate: ${d}/${o.games} games (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
          }
          if (m.chunk) resolve(m.chunk);
        });
        w.on('error', reject);
        w.on('exit', (code) => {
          if (code !== 0) reject(new Error(`simulate worker exited with ${code}`));
        });
      });
    }),
  );
  return summarize(o, chunks);
}

export async function simulateCommand(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(
      `${USAGE}\n\nPlays bot-vs-bot games (game i uses seed+i) and prints one JSON object:\n` +
        '{"recruiter","agents","games","recruiterWins","agentWins","recruiterWinRate","recruiterWinRate95":[lo,hi],\n' +
        ' "reasons":{"capture","boxedIn","recruits","time"},"decisionMsP50","decisionMsP99",\n' +
        ' "decisionMsByLevel":{level:{"decisions","p50","p99"}}}\n' +
        'Decision times are those of the non-random bots (of all bots when both sides are random).\n' +
        "Levels: random, easy, hard, expert, and yardstick (today's hard bots frozen, for measuring; not offered\n" +
        'to players). The rows that measure the expert: --recruiter expert --agents yardstick, --recruiter yardstick\n' +
        '--agents expert, --recruiter expert --agents expert (same --seed: paired seeds).\n' +
        'Defaults: --mode full --games 500 --recruiter easy --agents easy --seed 1 --budget-ms 1000 --agent-seats 1;\n' +
        'games run on worker threads (one per core, up to 2) when --games >= 8. Progress goes to stderr.\n' +
        "--pool: every decision through the server's BotPool (--workers threads, games two or more at a time),\n" +
        'as the server makes them; decision times then include queue waits.\n' +
        '--iterations N: work-limited, deterministic mode: the expert runs N playouts per decision and no bot\n' +
        'reads the clock to decide (the hard bots do the same work as at 1,000 ms), so a row is the same on a\n' +
        'loaded machine; decision times are then what that work took, not the production budget.\n',
    );
    return 0;
  }
  const o = parseSimulateArgs(argv);
  if (typeof o === 'string') {
    process.stderr.write(`${o}\n`);
    return 2;
  }
  try {
    const s = await runSimulation(o, (line) => process.stderr.write(`${line}\n`));
    process.stdout.write(`${JSON.stringify(s)}\n`);
    return 0;
  } catch (e) {
    process.stderr.write(`simulate failed: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
}

// Worker entry: plays its share of the seeds and posts the tallies back.
if (!isMainThread && (workerData as { simulateWorker?: boolean } | null)?.simulateWorker) {
  const { o, from, to } = workerData as { o: SimulateOptions; from: number; to: number };
  const c = runRange(o, from, to, (d) => parentPort!.postMessage({ progress: d }));
  parentPort!.postMessage({ chunk: c });
}
