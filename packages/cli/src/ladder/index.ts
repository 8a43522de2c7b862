// `ladder`: a round robin in the work-limited mode between the levels players choose (easy, hard,
// expert), each recruiter level against each agents level on the same seeds, placed on the
// players' Glicko-2 scale. Recruiters only ever meet agents, so the six (side, level) ratings share
// one scale through the games, as players' recruiter and agent ratings do. `--write` regenerates
// the data the lobby shows (packages/ai/src/bots/level-ratings.ts) and the table in docs/bots.md.
import { type BotSide, type LevelRatings, RATED_LEVELS, type RatedLevel } from '@mindmgmt/ai';
import type { Mode } from '@mindmgmt/engine';
import { fitRatings, type Pairing } from './fit.js';
import { playLadder } from './games.js';
import { levelOrder, writeLadder } from './write.js';

const USAGE =
  'usage: ladder [--games N] [--seed S] [--iterations N] [--mode full|training] [--workers N] [--json] [--write]';

/**
 * The easy recruiter is the anchor, at 1500: the rating Glicko-2 gives a new player, and the
 * opponent the lobby's solo form offers first (the player as the agents against the easy
 * recruiter), so a newcomer's rating starts level with the bot they meet first. Another anchor
 * would shift every rating alike (up to the prior's small pull, fit.ts).
 */
export const ANCHOR = { side: 'recruiter', level: 'easy', rating: 1500 } as const;

interface LadderOptions {
  readonly games: number;
  readonly seed: number;
  readonly iterations: number;
  readonly mode: Mode;
  readonly workers: number | undefined;
  readonly json: boolean;
  readonly write: boolean;
}

function parse(argv: readonly string[]): LadderOptions | string {
  const o: Record<string, string> = {};
  let json = false;
  let write = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--json') json = true;
    else if (a === '--write') write = true;
    else if (a.startsWith('--') && argv[i + 1] !== undefined) o[a.slice(2)] = argv[++i]!;
    else return `unexpected argument "${a}"\n${USAGE}`;
  }
  for (const k of Object.keys(o))
    if (!['games', 'seed', 'iterations', 'mode', 'workers'].includes(k)) return `unknown option --${k}\n${USAGE}`;
  const int = (x: string | undefined, d: number, min: number): number | null => {
    const n = x === undefined ? d : Number(x);
    return Number.isInteger(n) && n >= min ? n : null;
  };
  const games = int(o.games, 60, 1);
  const seed = int(o.seed, 7000, 0);
  const iterations = int(o.iterations, 1000, 1);
  const workers = o.workers === undefined ? undefined : int(o.workers, 1, 1);
  const mode = (o.mode ?? 'full') as Mode;
  if (games === null || seed === null || iterations === null || workers === null) return `bad number\n${USAGE}`;
  if (mode !== 'full' && mode !== 'training') return `--mode must be full or training\n${USAGE}`;
  return { games, seed, iterations, mode, workers, json, write };
}

/** Participant index of a (side, level): recruiters 0-2, agents 3-5, in RATED_LEVELS order. */
const index = (side: BotSide, level: RatedLevel) => (side === 'agents' ? 3 : 0) + RATED_LEVELS.indexOf(level);

/** The ratings fitted to a table of recruiter wins (`games` per pairing). */
export function ratingsOf(
  wins: LevelRatings['recruiterWins'],
  games: number,
): Pick<LevelRatings, 'anchor' | 'ratings'> {
  const pairings: Pairing[] = RATED_LEVELS.flatMap((r) =>
    RATED_LEVELS.map((a) => ({ a: index('recruiter', r), b: index('agents', a), n: games, aWins: wins[r][a] })),
  );
  const fitted = fitRatings(6, pairings, index(ANCHOR.side, ANCHOR.level), ANCHOR.rating);
  const side = (s: BotSide) =>
    Object.fromEntries(RATED_LEVELS.map((l) => [l, round(fitted[index(s, l)]!)])) as LevelRatings['ratings'][BotSide];
  return { anchor: ANCHOR, ratings: { recruiter: side('recruiter'), agents: side('agents') } };
}

const round = (f: { rating: number; low: number; high: number }) => ({
  rating: Math.round(f.rating),
  low: Math.round(f.low),
  high: Math.round(f.high),
});

export async function ladderCommand(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(
      `${USAGE}\n\nEvery recruiter level (easy, hard, expert) against every agents level, --games each on seeds\n` +
        'seed..seed+games-1 (the same seeds in every pairing), in the work-limited mode (--iterations playouts per\n' +
        "expert decision; no bot reads the clock to decide), then each (side, level) on the players' Glicko-2 scale\n" +
        `with the ${ANCHOR.side}' ${ANCHOR.level} level at ${ANCHOR.rating}. Prints the result as JSON with --json.\n` +
        '--write: regenerates packages/ai/src/bots/level-ratings.ts (what the lobby shows) and the table in\n' +
        'docs/bots.md ("Level ratings"). Defaults: --games 60 --seed 7000 --iterations 1000 --mode full.\n',
    );
    return 0;
  }
  const o = parse(argv);
  if (typeof o === 'string') {
    process.stderr.write(`${o}\n`);
    return 2;
  }
  const t0 = Date.now();
  const wins = Object.fromEntries(
    RATED_LEVELS.map((r) => [r, Object.fromEntries(RATED_LEVELS.map((a) => [a, 0]))]),
  ) as Record<RatedLevel, Record<RatedLevel, number>>;
  const left = new Map<string, number>();
  const games = RATED_LEVELS.flatMap((recruiter) =>
    RATED_LEVELS.flatMap((agents) => {
      left.set(`${recruiter} ${agents}`, o.games);
      return Array.from({ length: o.games }, (_, i) => ({
        mode: o.mode,
        recruiter,
        agents,
        seed: (o.seed + i) >>> 0,
        iterations: o.iterations,
      }));
    }),
  );
  await playLadder(games, o.workers ?? 2, (g, recruiterWon) => {
    if (recruiterWon) wins[g.recruiter][g.agents]++;
    const k = `${g.recruiter} ${g.agents}`;
    left.set(k, left.get(k)! - 1);
    if (left.get(k) === 0)
      process.stderr.write(
        `ladder: ${g.recruiter} recruiter vs ${g.agents} agents: recruiter won ${wins[g.recruiter][g.agents]}/${o.games} ` +
          `(${((Date.now() - t0) / 1000).toFixed(0)} s so far)\n`,
      );
  });
  const command =
    `node packages/cli/dist/main.js ladder --games ${o.games} --seed ${o.seed} --iterations ${o.iterations}` +
    `${o.mode === 'full' ? '' : ` --mode ${o.mode}`} --write`;
  const result: LevelRatings = {
    command,
    date: new Date().toISOString().slice(0, 10),
    mode: o.mode,
    seed: o.seed,
    gamesPerPairing: o.games,
    iterations: o.iterations,
    ...ratingsOf(wins, o.games),
    recruiterWins: wins,
  };
  const order = levelOrder(result);
  process.stderr.write(
    `ladder: ${((Date.now() - t0) / 1000).toFixed(0)} s; ${order.length ? order.join('; ') : 'every level beats the one below it'}\n`,
  );
  if (o.write)
    for (const f of await writeLadder(result, (Date.now() - t0) / 1000)) process.stderr.write(`ladder: wrote ${f}\n`);
  if (o.json) process.stdout.write(`${JSON.stringify({ ...result, levelOrderProblems: order })}\n`);
  return 0;
}
