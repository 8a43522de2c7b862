// Engine benchmark (one core, main thread). Figures:
//
// - engine.fastPlayoutsPerSec: random Full Game playouts, setup to the end, with the engine's
//   fast path (packages/engine/src/fast), which the bots' searches use. A random playout picks, at each decision point, uniformly
//   among the legal actions of the side the game waits on (seats merged, duplicates removed;
//   see fast/playout.ts). Recruiter card chosen in setup, so the whole setup is played too.
//   Game i uses setup seed i+1 and choice seed SEED_MIX(i), agent seats cycling 1..4, so the
//   sequence of games is fixed. Measured for ~3 s (quick: ~0.5 s) after a short warm-up.
// - engine.apiPlayoutsPerSec: the same playouts through the public API the server runs:
//   legalActions for each expected seat and apply (fast/reference.ts), same seeds, ~2 s (quick:
//   ~0.5 s). Every apply copies the state (purity), history included, so this is the cost a
//   server or a bot driving the readable engine pays per game.
// - engine.legalActionsPerSec: calls of the READABLE legalActions(state, seat) per second.
//   States: every decision point of 6 random readable Full Games plus 2 Training Missions
//   (fixed seeds, agent seats 1..4; the same sample in quick mode). Each (state, expected seat)
//   pair is one call; the pairs are cycled round-robin for ~2 s (quick: ~0.5 s). So the mix of
//   states is the mix a random game passes through, weighted by the decisions it spends there.
//
// Rates are per CPU second of this process (process.cpuUsage, user + system), i.e. per second of
// one core actually given to the benchmark: equal to wall-clock rates on an idle machine, and not
// dragged down when other processes share the cores. CPU time includes V8's helper threads (GC,
// compiler), which makes the readable figures slightly conservative; the fast path allocates
// nothing in its loop, so its helpers are idle after the warm-up.
import {
  expectedSeats,
  FastPlayer,
  fastRandomGame,
  legalActions,
  readablePlayout,
  apply,
  newGame,
  sideActions,
  Sfc32,
  type GameOptions,
  type GameState,
  type Seat,
} from '@mindmgmt/engine';

const SEED_MIX = (i: number): number => (Math.imul(i + 1, 0x9e3779b1) ^ 0x5bd1e995) >>> 0;

const FULL_OPTIONS: readonly GameOptions[] = [1, 2, 3, 4].map((agentSeats) => ({
  mode: 'full',
  agentSeats,
  recruiterCard: 'choose',
}));

/** Options of game i (built once: the playout loop allocates nothing). */
function fullOptions(i: number): GameOptions {
  return FULL_OPTIONS[i % 4]!;
}

/** CPU seconds (user + system) this process has used. */
function cpuSeconds(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
}

/**
 * Runs `batch` until it has had `seconds` of CPU (or 4 x `seconds` of wall-clock time, whichever
 * comes first); returns operations per CPU second. CPU time rather than wall-clock so that the
 * figure means "per second of one core" even when other processes share the machine's cores.
 */
function timed(seconds: number, batch: () => number): number {
  const c0 = cpuSeconds();
  const wallEnd = performance.now() + seconds * 4000;
  let ops = 0;
  let used = 0;
  do {
    ops += batch();
    used = cpuSeconds() - c0;
  } while (used < seconds && performance.now() < wallEnd);
  return ops / used;
}

function fastPlayouts(seconds: number, warmup: number): number {
  const p = new FastPlayer();
  let i = 0;
  const batch = (): number => {
    for (let k = 0; k < 64; k++, i++) {
      fastRandomGame(p, fullOptions(i), i + 1, SEED_MIX(i));
      if (p.decisions < 0) throw new Error(`fast playout ${i} found a state without legal actions`);
    }
    return 64;
  };
  timed(warmup, batch);
  i = 0; // the measured run starts the fixed sequence from the beginning
  return timed(seconds, batch);
}

function readablePlayouts(seconds: number): number {
  let i = 0;
  readablePlayout(fullOptions(0), 1, SEED_MIX(0)); // warm-up
  return timed(seconds, () => {
    readablePlayout(fullOptions(i), i + 1, SEED_MIX(i));
    i++;
    return 1;
  });
}

/** Every decision point (state, expected seat) of a few random readable games. */
function sampleStates(fullGames: number, trainingGames: number): { state: GameState; seat: Seat }[] {
  const out: { state: GameState; seat: Seat }[] = [];
  const games: GameOptions[] = [
    ...Array.from({ length: fullGames }, (_, i) => fullOptions(i)),
    ...Array.from({ length: trainingGames }, (_, i): GameOptions => ({
      mode: 'training',
      agentSeats: 1 + (i % 4),
      recruiterCard: 'choose',
    })),
  ];
  games.forEach((options, gi) => {
    let g = newGame(options, 7000 + gi);
    const rng = new Sfc32(SEED_MIX(7000 + gi));
    while (!g.result) {
      for (const seat of expectedSeats(g)) out.push({ state: g, seat });
      const list = sideActions(g);
      if (list.length === 0) break;
      const r = apply(g, list[Math.floor(rng.next() * list.length)]!);
      if (!r.ok) throw new Error(`readable engine refused its own legal action: ${r.message}`);
      g = r.state;
    }
  });
  return out;
}

function legalActionGenerations(seconds: number): number {
  const states = sampleStates(6, 2); // the same sample in quick mode, so the figures compare
  let i = 0;
  let sink = 0;
  const batch = (): number => {
    for (let k = 0; k < 16; k++) {
      const { state, seat } = states[i]!;
      sink += legalActions(state, seat).length;
      i = i + 1 === states.length ? 0 : i + 1;
    }
    return 16;
  };
  timed(Math.min(0.2, seconds / 4), batch);
  const rate = timed(seconds, batch);
  if (sink < 0) throw new Error('unreachable');
  return rate;
}

export async function benchEngine(opts: { quick: boolean }): Promise<Record<string, number>> {
  const q = opts.quick;
  const playouts = fastPlayouts(q ? 0.5 : 3, q ? 0.3 : 0.5);
  const readable = readablePlayouts(q ? 0.5 : 2);
  const legal = legalActionGenerations(q ? 0.5 : 2);
  return {
    'engine.fastPlayoutsPerSec': Math.round(playouts),
    'engine.apiPlayoutsPerSec': Math.round(readable * 10) / 10,
    'engine.legalActionsPerSec': Math.round(legal),
  };
}
