// Level "expert": legal, anytime, deterministic for a fixed playout budget, stronger than
// random, and blind to hidden facts it may not see.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type Action,
  apply,
  expectedSeats,
  type GameState,
  legalActions,
  type Mode,
  newGame,
  rngFrom,
  type Seat,
  view,
} from '@mindmgmt/engine';
import { describe, expect, it } from 'vitest';
import { type Bot, ExpertBot, makeBot, seatRng } from '../src/bots/index.js';
import { askExposure } from '../src/bots/ask-exposure.js';
import { geoFor } from '../src/bots/geo.js';
import { hardPosition } from './hard-games.js';
import { tickingClock } from './ticking-clock.js';
import { NO_CUTOFF_MS } from './work-limited.js';

const BOTS_DIR = join(dirname(fileURLToPath(import.meta.url)), '../src/bots');
const DIRS: Record<string, string> = {
  expert: join(BOTS_DIR, 'expert'),
  yardstick: join(BOTS_DIR, '../reference/yardstick'),
};
const side = (seat: Seat) => (seat === 0 ? 'recruiter' : 'agents');

/**
 * The recruiter's action at hour >= `from`, where its search has moves to compare: it searches
 * only steps and slips no more exposed to asks than its prior's (R22, expert/index.ts), so two
 * with no exposure at all guarantee it a choice.
 */
const recruiterSearches =
  (from: number) =>
  (s: GameState): boolean => {
    if (s.phase !== 'recruiterTurn' || s.time < from || s.turn?.actionDone) return false;
    const v = view(s, 0);
    const g = geoFor(v.mayhem);
    const free = legalActions(s, 0).filter(
      (a) => (a.type === 'step' || a.type === 'mindSlip') && askExposure(v, g, a.to) === 0,
    );
    return new Set(free.map((a) => a.to)).size >= 2;
  };

/** Lets vitest's worker answer its RPC between decisions (long synchronous tests starve it). */
const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Plays random legal moves from a new game, calling `at` at each decision point. */
async function randomPositions(
  mode: Mode,
  seed: number,
  agentSeats: number,
  at: (s: GameState, seat: Seat, legal: Action[]) => void,
): Promise<void> {
  let s = newGame({ mode, agentSeats, recruiterCard: 'choose' }, seed);
  const rng = rngFrom(seed * 31 + 7);
  while (!s.result) {
    const seat = expectedSeats(s).find((x) => legalActions(s, x).length > 0)!;
    const legal = legalActions(s, seat);
    at(s, seat, legal);
    await tick();
    const r = apply(s, legal[Math.floor(rng() * legal.length)]!);
    if (!r.ok) throw new Error(r.message);
    s = r.state;
  }
}

/**
 * Plays hard vs hard into a realistic Full-game position, work-limited: no decision depends on
 * the wall clock (at a 50 ms budget the safety cutoff changed the moves on a busy machine and the
 * position with them). `replace` swaps one seat's bot (so an expert session can follow the game
 * it is then tested in, as on the server); that bot must be work-limited too (`iterations`).
 * Without a replaced seat, the recorded games give the same positions for a replay's cost
 * (`position`).
 */
async function midGame(
  seed: number,
  until: (s: GameState) => boolean,
  replace: { seat: Seat; bot: Bot },
): Promise<GameState> {
  let s = newGame({ mode: 'full', agentSeats: 1, recruiterCard: 'choose' }, seed);
  const bots = [makeBot('hard', 'recruiter'), makeBot('hard', 'agents')];
  bots[replace.seat] = replace.bot;
  const rngs = [seatRng(seed, 0), seatRng(seed, 1)];
  while (!s.result && !until(s)) {
    const seat = expectedSeats(s)[0]!;
    const bot = bots[seat]!;
    const a = bot.decide(view(s, seat), legalActions(s, seat), rngs[seat]!, NO_CUTOFF_MS);
    expect(bot.lastCutoff ?? false, 'a position built by a work-limited bot').toBe(false);
    await tick();
    const r = apply(s, a);
    if (!r.ok) throw new Error(r.message);
    s = r.state;
  }
  return s;
}

/** The positions several tests search from: hard-vs-hard games replayed from their record
 * (hard-games.ts), the same positions midGame plays to without a replaced seat. */
const position = async (seed: number, until: (s: GameState) => boolean): Promise<GameState> =>
  hardPosition(seed, until);

describe('expert: legal moves', () => {
  // one test per game: each stays short (a long synchronous test starves vitest's worker RPC)
  it.each([0, 1, 2, 3, 4, 5])(
    'never plays an illegal move over the positions of random game %i (both modes, both sides)',
    async (g) => {
      const mode: Mode = g % 2 ? 'training' : 'full';
      const bots = new Map<Seat, ExpertBot>();
      let k = 0;
      let checked = 0;
      await randomPositions(mode, 500 + g, 1 + (g % 3), (s, seat, legal) => {
        if (k++ % 6 !== 0) return; // every sixth decision keeps the test short
        const bot = bots.get(seat) ?? new ExpertBot(side(seat), { iterations: 24, worlds: 4 });
        bots.set(seat, bot);
        const a = bot.decide(view(s, seat), legal, rngFrom(g * 1000 + k), 1000);
        expect(legal).toContainEqual(a);
        const r = apply(s, a);
        expect(r.ok, r.ok ? '' : r.message).toBe(true);
        checked++;
      });
      expect(checked).toBeGreaterThan(5);
    },
  );
});

describe('expert: anytime', () => {
  it('returns within its budget, reports its best move so far, and plays the last one reported', async () => {
    for (const [seed, seat, stop] of [
      [3, 0, recruiterSearches(8)],
      [4, 1, (s: GameState) => s.phase === 'agentsTurn' && s.time >= 6 && !s.activation],
    ] as const) {
      // the session has followed the game (its deduction is warm) with a fixed playout count;
      // if that game ends before the stop point, the next seed's game is used
      let bot = new ExpertBot(side(seat), { iterations: 16, worlds: 4 });
      let s = await midGame(seed, stop, { seat, bot });
      for (let k = 1; k < 6 && s.result; k++) {
        bot = new ExpertBot(side(seat), { iterations: 16, worlds: 4 });
        s = await midGame(seed + 100 * k, stop, { seat, bot });
      }
      expect(s.result).toBeNull();
      expect(expectedSeats(s)).toContain(seat);
      const legal = legalActions(s, seat);
      expect(legal.length).toBeGreaterThan(1);
      bot.setIterations(undefined);
      const reported: Action[] = [];
      const budgetMs = 600;
      // The bot's clock ticks per read (ticking-clock.ts), fast enough that the search runs out of
      // time before its playouts: it must stop when that clock says the budget is spent, which the
      // machine's speed cannot change.
      const clock = tickingClock(2);
      let a: Action;
      try {
        a = bot.decide(view(s, seat), legal, seatRng(seed, seat), budgetMs, (b) => reported.push(b));
      } finally {
        clock.restore();
      }
      expect(clock.now()).toBeLessThanOrEqual(budgetMs);
      expect(reported.length).toBeGreaterThanOrEqual(1);
      for (const b of reported) expect(legal).toContainEqual(b);
      expect(reported[reported.length - 1]).toEqual(a);
      // work was done: the agents' search ran playouts, the recruiter's planner simulated half-turns
      if (seat === 0) expect(bot.lastPlan?.simulations).toBeGreaterThan(0);
      else expect(bot.lastPlayouts).toBeGreaterThan(0);
    }
  });

  it('stops at once when there is a single legal action', async () => {
    const s = await position(5, (x) => x.phase === 'recruiterTurn' && x.time >= 7);
    const legal = legalActions(s, 0).slice(0, 1);
    const seen: Action[] = [];
    const bot = new ExpertBot('recruiter');
    const a = bot.decide(view(s, 0), legal, seatRng(5, 0), 1000, (b) => seen.push(b));
    // no search ran (counted, not timed: the machine may be busy)
    expect(bot.lastPlayouts).toBe(0);
    expect(bot.lastSearch).toBeNull();
    expect(bot.lastPlan).toBeNull();
    expect(a).toEqual(legal[0]);
    expect(seen).toEqual([legal[0]]);
  });
});

/** Searched decision points of hard-vs-hard Full games: [name, seed, stop when]. */
const SEARCHED_POSITIONS = [
  // seed 10: the work-limited hard bots reach a step the expert searches (seed 6's position, where
  // it did at a 50 ms clock, now has a move it takes without playouts)
  ['recruiter, before its step', 10, recruiterSearches(7)],
  ['agents, choosing whom to activate', 7, (s: GameState) => s.phase === 'agentsTurn' && s.time >= 6 && !s.activation],
  [
    'agents, during an activation',
    8,
    (s: GameState) => s.phase === 'agentsTurn' && s.time >= 6 && s.activation !== null,
  ],
] as const;

describe('expert: determinism', () => {
  it.each(SEARCHED_POSITIONS)(
    'the same view, seed and playout budget give the same move (%s)',
    async (_name, seed, stop) => {
      const s = await position(seed, stop);
      expect(s.result).toBeNull();
      const seat = expectedSeats(s)[0]!;
      const legal = legalActions(s, seat);
      const run = () => {
        const bot = new ExpertBot(side(seat), { iterations: 200 });
        const a = bot.decide(view(s, seat), legal, seatRng(seed, seat), 5);
        return { a, work: seat === 0 ? (bot.lastPlan?.rows ?? null) : bot.lastPlayouts };
      };
      const first = run();
      expect(first.work).toBeTruthy();
      await tick();
      expect(run()).toEqual(first);
    },
  );
});

describe('expert: playouts in play', () => {
  // Play runs the playout count the win rates were measured at (docs/bots.md), the clock being
  // only the limit on a slow machine; until 2026-12-01 it ran up to 20,000 with a long budget.
  it.each(SEARCHED_POSITIONS.slice(1))(
    'a long clock budget stops at 1,000 playouts, the measured count (%s)',
    async (_name, seed, stop) => {
      const s = await position(seed, stop);
      const seat = expectedSeats(s)[0]!;
      const bot = new ExpertBot(side(seat));
      bot.decide(view(s, seat), legalActions(s, seat), seatRng(seed, seat), 60_000);
      expect(bot.lastPlayouts).toBeGreaterThan(0);
      expect(bot.lastPlayouts).toBeLessThanOrEqual(1_000);
    },
  );
});

describe('expert: the recruiter\u2019s planner in play', () => {
  it('a long clock budget plans with the work of iteration mode, the measured work (same move, same simulations)', async () => {
    const [, seed, stop] = SEARCHED_POSITIONS[0];
    const s = await position(seed, stop);
    const plan = (iterations: number | undefined) => {
      const bot = new ExpertBot('recruiter', { iterations });
      const a = bot.decide(view(s, 0), legalActions(s, 0), seatRng(seed, 0), 60_000);
      return { a, simulations: bot.lastPlan?.simulations };
    };
    // 1,000 playouts, the measured mode: fewer would also scale the planner's work down
    const fixed = plan(1000);
    expect(fixed.simulations).toBeGreaterThan(0);
    expect(plan(undefined)).toEqual(fixed);
  });
});

describe('expert: hidden information', () => {
  it('agents decide the same for two games whose hidden facts differ but whose agent view is the same', async () => {
    const s = await position(42, (x) => x.phase === 'agentsTurn' && x.time >= 8 && !x.activation);
    expect(s.phase).toBe('agentsTurn');
    const other: GameState = structuredClone(s);
    other.cards = other.cards.map((f, i) => (other.exposedAt[i] === null ? (['pool', 'idol', 'bus'] as const)[i]! : f));
    other.recruiterCard = s.recruiterCard === 'carl' ? 'girl' : 'carl';
    other.path = [...s.path].reverse();
    other.deck = [...s.deck].reverse();
    other.history = s.history.map((e) => ({ pub: e.pub, ...(e.secret ? { secret: { to: 0 } } : {}) }));
    expect(JSON.stringify(view(other, 1))).toBe(JSON.stringify(view(s, 1)));
    const decide = (st: GameState): Action[] => {
      const bot = new ExpertBot('agents', { iterations: 300 });
      const rng = seatRng(9, 1);
      const out: Action[] = [];
      let cur = st;
      for (let k = 0; k < 3 && !cur.result && cur.phase === 'agentsTurn'; k++) {
        const a = bot.decide(view(cur, 1), legalActions(cur, 1), rng, 5);
        out.push(a);
        const r = apply(cur, a);
        if (!r.ok || r.state.phase !== 'agentsTurn') break;
        cur = r.state;
      }
      return out;
    };
    const a = decide(s);
    expect(a.length).toBeGreaterThan(0);
    expect(decide(other)).toEqual(a);
  });

  it('the recruiter decides only from its own view: a different undrawn deck order gives the same move', async () => {
    const s = await position(43, (x) => x.phase === 'recruiterTurn' && x.time >= 8 && !x.turn?.actionDone);
    const other: GameState = structuredClone(s);
    other.deck = [...s.deck].reverse();
    expect(JSON.stringify(view(other, 0))).toBe(JSON.stringify(view(s, 0)));
    const decide = (st: GameState) =>
      new ExpertBot('recruiter', { iterations: 300 }).decide(view(st, 0), legalActions(st, 0), seatRng(9, 0), 5);
    expect(decide(other)).toEqual(decide(s));
  });

  it('expert and yardstick modules import no state-reading engine function, and agent-side code never reads view.recruiter', () => {
    const banned =
      /\b(GameState|legalActions|newGame|apply|check|askCandidates|current|boxedIn|legalSteps|slipLandings|heldMindSlips|revealedRecruits|expectedSeats|replay|exportRecord)\b/;
    // The recruiter's lookahead plays its own game on the engine, rebuilt from its own view and a
    // deck it shuffled (own-state.ts, its test): it may apply rules, never start or replay a game
    // (that would need the seed) nor read a state it did not build.
    const simulators: Record<string, RegExp> = {
      'expert/own-state.ts': /\b(newGame|replay|exportRecord|legalActions|apply)\b/,
      'expert/lookahead.ts': /\b(newGame|replay|exportRecord)\b/,
      'expert/plan.ts': /\b(newGame|replay|exportRecord)\b/,
      'expert/setup.ts': /\b(newGame|replay|exportRecord)\b/,
    };
    for (const [dir, path] of Object.entries(DIRS)) {
      const files = readdirSync(path).filter((f) => f.endsWith('.ts'));
      expect(files.length).toBeGreaterThan(3);
      for (const f of files) {
        const src = readFileSync(join(path, f), 'utf8');
        const imports = [...src.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'@mindmgmt\/engine'/g)].map(
          (m) => m[1]!,
        );
        const rule = simulators[`${dir}/${f}`] ?? banned;
        for (const list of imports) expect(list, `${dir}/${f} imports ${list}`).not.toMatch(rule);
        expect(src, f).not.toMatch(/runner\.js'/);
      }
    }
    expect(readFileSync(join(BOTS_DIR, 'expert/lookahead.ts'), 'utf8')).toMatch(/this\.start = ownState\(v, deck\)/);
    for (const f of ['expert/sampling.ts', 'expert/playout.ts', 'expert/search.ts', 'yardstick/agents.ts']) {
      const [dir, file] = f.split('/') as [string, string];
      expect(readFileSync(join(DIRS[dir]!, file), 'utf8'), f).not.toMatch(/\.recruiter\b/);
    }
  });
});
