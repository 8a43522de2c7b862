// `finish-rate`: how many games reach their own result when people at the table go silent, under
// the old rule (any silent seat ends the game by `timeout`) and under stand-ins (D13: a silent
// seat is handed to a bot; only when nobody at the table still plays does the game end by
// `timeout`). A person's moves and a stand-in's are both bot moves here, so each game is played
// once and the two rules are read off the same turns and the same silence draws (paired).
import { type Level, LEVELS } from '@mindmgmt/ai';
import { playGame } from '@mindmgmt/ai/yardstick';
import { type Mode, rngFrom, type Seat } from '@mindmgmt/engine';
import { wilson95 } from './simulate.js';

export interface FinishRateOptions {
  mode: Mode;
  /** People at the table, one engine seat each (R32): the recruiter and players - 1 agent seats. */
  players: number;
  /** Per-turn probabilities that a seat still played by its person goes silent. */
  silent: number[];
  games: number;
  seed: number;
  level: Level;
}

/** When a game's seats went silent, as turn indexes (0-based); the game has `turns` turns. */
export interface SilenceOutcome {
  turns: number;
  /** The turn at which the first seat went silent; null: nobody did before the game ended. */
  firstSilent: number | null;
  /** The turn at which the last person at the table went silent; null: someone played to the end. */
  allSilent: number | null;
}

/**
 * Walks a game's turns (the seat holding each one); at each turn of a seat whose person still
 * plays, one draw from `draw` decides whether that seat goes silent (draw < p). A silent seat is
 * not drawn for again (a stand-in holds it). Every seat is a person's.
 */
export function silenceOutcome(
  turnSeats: readonly Seat[],
  seats: number,
  p: number,
  draw: () => number,
): SilenceOutcome {
  const silent = new Set<Seat>();
  let firstSilent: number | null = null;
  for (let t = 0; t < turnSeats.length; t++) {
    const seat = turnSeats[t]!;
    if (silent.has(seat)) continue;
    if (draw() < p) {
      silent.add(seat);
      firstSilent ??= t;
      if (silent.size === seats) return { turns: turnSeats.length, firstSilent, allSilent: t };
    }
  }
  return { turns: turnSeats.length, firstSilent, allSilent: null };
}

/** Old rule: finished iff nobody went silent. D13: finished iff someone still played at the end. */
export const finishedOld = (o: SilenceOutcome): boolean => o.firstSilent === null;
export const finishedNew = (o: SilenceOutcome): boolean => o.allSilent === null;
/** Turns played under each rule: up to the end, or up to the turn whose deadline ended the game. */
export const turnsOld = (o: SilenceOutcome): number => o.firstSilent ?? o.turns;
export const turnsNew = (o: SilenceOutcome): number => o.allSilent ?? o.turns;

/** Collapses a game's decisions into turns: a turn is a run of decisions by one seat. */
export function turnsOf(decisionSeats: readonly Seat[]): Seat[] {
  const out: Seat[] = [];
  for (const s of decisionSeats) if (out[out.length - 1] !== s) out.push(s);
  return out;
}

/** The silence draws of game `seed`, apart from the engine's and the bots' own (seat-rng.ts). */
export const silenceRng = (seed: number): (() => number) => rngFrom(((seed >>> 0) * 2654435761 + 0x51e47) >>> 0);

export interface RuleRow {
  games: number;
  finished: number;
  finishedShare: number;
  finishedShare95: [number, number];
  meanTurns: number;
}

export interface FinishRateRow {
  silent: number;
  old: RuleRow;
  standIns: RuleRow;
  /** Games finished under stand-ins but not under the old rule (never the other way). */
  rescued: number;
}

export interface FinishRateSummary {
  mode: Mode;
  players: number;
  agentSeats: number;
  level: Level;
  games: number;
  seed: number;
  /** Mean turns of the games played to their own end (no silence). */
  meanGameTurns: number;
  rows: FinishRateRow[];
}

const r4 = (x: number) => Math.round(x * 10000) / 10000;
const r1 = (x: number) => Math.round(x * 10) / 10;

function ruleRow(finished: number, games: number, turns: number): RuleRow {
  const [lo, hi] = wilson95(finished, games);
  return {
    games,
    finished,
    finishedShare: games ? r4(finished / games) : 0,
    finishedShare95: [r4(lo), r4(hi)],
    meanTurns: games ? r1(turns / games) : 0,
  };
}

/** Tallies the rows from each game's turns (game i has seed o.seed + i). */
export function tally(o: FinishRateOptions, games: readonly (readonly Seat[])[]): FinishRateSummary {
  const rows = o.silent.map((p): FinishRateRow => {
    let fo = 0;
    let fn = 0;
    let to = 0;
    let tn = 0;
    let rescued = 0;
    games.forEach((turnSeats, i) => {
      const out = silenceOutcome(turnSeats, o.players, p, silenceRng((o.seed + i) >>> 0));
      const a = finishedOld(out);
      const b = finishedNew(out);
      if (a) fo++;
      if (b) fn++;
      if (b && !a) rescued++;
      to += turnsOld(out);
      tn += turnsNew(out);
    });
    return { silent: p, old: ruleRow(fo, games.length, to), standIns: ruleRow(fn, games.length, tn), rescued };
  });
  const all = games.reduce((n, g) => n + g.length, 0);
  return {
    mode: o.mode,
    players: o.players,
    agentSeats: o.players - 1,
    level: o.level,
    games: games.length,
    seed: o.seed,
    meanGameTurns: games.length ? r1(all / games.length) : 0,
    rows,
  };
}

/** Plays the games (bots on every seat) and returns each one's turns. */
export function playTurns(o: FinishRateOptions, progress: (done: number) => void = () => {}): Seat[][] {
  const out: Seat[][] = [];
  for (let i = 0; i < o.games; i++) {
    const decisions: Seat[] = [];
    playGame({
      mode: o.mode,
      seed: (o.seed + i) >>> 0,
      recruiter: o.level,
      agents: o.level,
      agentSeats: o.players - 1,
      onDecision: (seat) => decisions.push(seat),
    });
    out.push(turnsOf(decisions));
    progress(i + 1);
  }
  return out;
}

/** Levels fast enough to play hundreds of games (the searching levels take seconds a game). */
const FAST_LEVELS: readonly Level[] = LEVELS.filter((l) => l === 'random' || l === 'easy');
const USAGE = `usage: finish-rate --mode full|training --players 2..5 --silent P[,P...] --games N --seed S [--level ${FAST_LEVELS.join('|')}] --json`;

export function parseFinishRateArgs(argv: readonly string[]): FinishRateOptions | string {
  const args = argv[0] === 'finish-rate' ? argv.slice(1) : argv.slice();
  const o: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--json') continue;
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
  const known = ['mode', 'players', 'silent', 'games', 'seed', 'level'];
  for (const k of Object.keys(o)) if (!known.includes(k)) return `unknown option --${k}\n${USAGE}`;
  const mode = (o.mode ?? 'full') as Mode;
  if (mode !== 'full' && mode !== 'training') return `--mode must be full or training\n${USAGE}`;
  const level = (o.level ?? 'easy') as Level;
  if (!FAST_LEVELS.includes(level)) return `--level must be one of ${FAST_LEVELS.join(', ')}\n${USAGE}`;
  const int = (x: string | undefined, d: number, min: number, max: number): number | null => {
    if (x === undefined) return d;
    const n = Number(x);
    return Number.isInteger(n) && n >= min && n <= max ? n : null;
  };
  const players = int(o.players, 3, 2, 5);
  const games = int(o.games, 200, 1, 100_000);
  const seed = int(o.seed, 1, 0, 2 ** 32 - 1);
  if (players === null || games === null || seed === null) return `bad number in options\n${USAGE}`;
  const silent = (o.silent ?? '0.02').split(',').map((x) => (x.trim() === '' ? NaN : Number(x)));
  if (!silent.length || silent.some((p) => !Number.isFinite(p) || p < 0 || p > 1))
    return `--silent takes probabilities from 0 to 1, comma-separated\n${USAGE}`;
  return { mode, players, silent, games, seed, level };
}

export function finishRateCommand(argv: string[]): number {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(
      `${USAGE}\n\nShare of games that reach their own result when people go silent (D13), with and without\n` +
        'stand-ins. A table of --players people, one engine seat each (the recruiter and players - 1 agent\n' +
        'seats); every seat is played by --level bots. At each turn of a seat whose person still plays, the\n' +
        'seat goes silent with probability --silent (a seeded draw per game). Old rule: the first silence ends\n' +
        'the game (timeout). Stand-ins: a bot takes the silent seat; the game ends by timeout only when every\n' +
        'person has gone silent. Game i uses seed+i for the game and its draws, the same for both rules and\n' +
        'for every --silent value. A turn is a run of decisions by one seat. Prints one JSON object:\n' +
        '{"mode","players","agentSeats","level","games","seed","meanGameTurns","rows":[{"silent",\n' +
        ' "old":{"games","finished","finishedShare","finishedShare95":[lo,hi],"meanTurns"},"standIns":{...},"rescued"}]}\n' +
        'Defaults: --mode full --players 3 --silent 0.02 --games 200 --seed 1 --level easy.\n',
    );
    return 0;
  }
  const o = parseFinishRateArgs(argv);
  if (typeof o === 'string') {
    process.stderr.write(`${o}\n`);
    return 2;
  }
  const t0 = Date.now();
  const games = playTurns(o, (d) => {
    if (d % 20 === 0 || d === o.games)
      process.stderr.write(`finish-rate: ${d}/${o.games} games (${((Date.now() - t0) / 1000).toFixed(1)} s)\n`);
  });
  process.stdout.write(`${JSON.stringify(tally(o, games))}\n`);
  return 0;
}
