// Benchmark of the deduction engine: the time to bring an incremental
// Deduction up to date at every agents' decision point of recorded random-legal-move Full games
// (one core), split by what the update had to do:
//
// - deduce.cachedP50Ms: updates whose new events add no fact (most agent moves): the belief is
//   served from the cache. Reported apart so that it does not hide the real work.
// - deduce.newFactP50Ms / deduce.newFactP99Ms: updates that read at least one new fact.
// - deduce.coldP99Ms: a fresh Deduction built on the whole view (what a bot pays when it starts
//   on a game already under way, or after a reset), measured at every 8th decision point.
// - deduce.maxMs: the slowest incremental update of all (target <= 250 ms).
// Wall time (performance.now) is reported; the cpu* figures are the same quantiles from the
// process's CPU time (user + system), the stable ones on a loaded machine.
import { agentsDecide, Deduction, INFORMATIVE_BIAS, randomGame, UNIFORM_TYPE_BIAS } from '@mindmgmt/ai';
import { type GameState, view } from '@mindmgmt/engine';

function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

/** Wall and CPU milliseconds of one call. */
function timedCall<T>(f: () => T): { value: T; wall: number; cpu: number } {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const value = f();
  const wall = performance.now() - t0;
  const c = process.cpuUsage(c0);
  return { value, wall, cpu: (c.user + c.system) / 1000 };
}

const sorted = (xs: number[]): number[] => xs.sort((a, b) => a - b);
const round = (x: number): number => Math.round(x * 1000) / 1000;

export async function benchDeduce(opts: { quick: boolean }): Promise<Record<string, number>> {
  const games = opts.quick ? 20 : 200;
  // 1) Record the games (random legal moves; half with agents biased toward informative actions).
  const recorded: GameState[][] = [];
  for (let g = 0; g < games; g++) {
    const points: GameState[] = [];
    randomGame({
      mode: 'full',
      seed: 900_001 + g,
      bias: g % 2 === 0 ? UNIFORM_TYPE_BIAS : INFORMATIVE_BIAS,
      onState: (s) => {
        if (s.path.length > 0 && agentsDecide(s)) points.push(s);
      },
    });
    recorded.push(points);
  }
  // 2) Replay them through the deduction, timing each update (views built outside the timing).
  const cached: number[] = [];
  const fresh: number[] = [];
  const freshCpu: number[] = [];
  const cold: number[] = [];
  const coldCpu: number[] = [];
  let max = 0;
  let maxCpu = 0;
  let maxCandidates = 0;
  let maxStates = 0;
  let maxHistories = 0;
  let point = 0;
  for (const points of recorded) {
    const d = new Deduction();
    for (const s of points) {
      const v = view(s, 1);
      const before = d.facts.factCount;
      const t = timedCall(() => d.update(v));
      if (d.facts.factCount === before) cached.push(t.wall);
      else {
        fresh.push(t.wall);
        freshCpu.push(t.cpu);
      }
      max = Math.max(max, t.wall);
      maxCpu = Math.max(maxCpu, t.cpu);
      maxCandidates = Math.max(maxCandidates, t.value.candidates);
      maxHistories = Math.max(maxHistories, t.value.histories);
      if (point++ % 8 === 0) {
        const c = timedCall(() => new Deduction(v));
        cold.push(c.wall);
        coldCpu.push(c.cpu);
      }
    }
    maxStates = Math.max(maxStates, d.maxStates);
  }
  for (const xs of [cached, fresh, freshCpu, cold, coldCpu]) sorted(xs);
  return {
    'deduce.cachedP50Ms': round(quantile(cached, 0.5)),
    'deduce.newFactP50Ms': round(quantile(fresh, 0.5)),
    'deduce.newFactP99Ms': round(quantile(fresh, 0.99)),
    'deduce.coldP99Ms': round(quantile(cold, 0.99)),
    'deduce.maxMs': round(max),
    'deduce.cpuNewFactP50Ms': round(quantile(freshCpu, 0.5)),
    'deduce.cpuNewFactP99Ms': round(quantile(freshCpu, 0.99)),
    'deduce.cpuColdP99Ms': round(quantile(coldCpu, 0.99)),
    'deduce.cpuMaxMs': round(maxCpu),
    /** Share of updates that added no fact (served from the cache). */
    'deduce.cachedShare': round(cached.length / Math.max(1, cached.length + fresh.length)),
    /** Largest number of candidate locations at a decision point (of 42). */
    'deduce.maxCandidates': maxCandidates,
    /** Largest DP layer (distinct hidden states) built. */
    'deduce.maxStates': maxStates,
    'deduce.maxHistories': maxHistories,
    'deduce.updates': cached.length + fresh.length,
    'deduce.coldBuilds': cold.length,
    'deduce.games': games,
  };
}
