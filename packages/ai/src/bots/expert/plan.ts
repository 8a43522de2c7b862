// The expert recruiter's step planner. Every step or mind slip the hard bot scores as survivable
// (R17) is played on the recruiter's own rebuilt game, and the hard agents play their coming
// half-turn after it (lookahead.ts: they see only the agents' view), once per style of agents on
// its own deck. A move is worth the hard bot's score, less
//  - the share of those half-turns that capture the recruiter (risk),
//  - the share that leave it no step they would not capture after on its next turn (cornered),
//  - a price for each way on short of three after it (a recruiter with one way on is found: in
//    100 games against the yardstick agents, 8 of 42 single-way steps were captured in the next
//    half-turn, 3 of 86 with three ways),
//  - a price for each halving of the walks it can make over its next three turns below eight (in
//    200 games against the yardstick agents, a third of the captures came after a forced move:
//    the recruiter had walked into a pocket of its own path, and the few ways out were watched),
//  - the agents' belief that it is where the move leads (the hard bot's, after the move),
//  - and their exact belief there when their half-turn starts (their deduction of everything
//    public: it predicts a capture in that half-turn better than any other figure traced).
// Two styles of agents: the hard bot's own, and a capture-minded team that values a bit of
// information at 0.04 (the easy agents' and the hard level's value): the yardstick agents capture
// where the hard bot would ask, and one style alone missed most of the captures that came.
import { type Action, type GameState, LOCATION_COUNT, legalActions, view, type View } from '@mindmgmt/engine';
import { CAPTURE_MINDED_INFO_PER_BIT } from '../agents.js';
import { BranchingExact, type ExactTracker } from '../exact.js';
import { canSurvive, geoFor } from '../geo.js';
import type { BeliefMemo } from '../memo.js';
import type { BotRng } from '../types.js';
import { Lookahead } from './lookahead.js';
import { deckPool, shuffle } from './world.js';

export const PLAN = {
  /** Values of a bit of the simulated agents' styles (undefined: the hard agents' own). */
  styles: [undefined, CAPTURE_MINDED_INFO_PER_BIT] as readonly (number | undefined)[],
  /** Budget of the simulated agents of the coming half-turn (with the exact deduction from 400 ms). */
  firstMs: 1000,
  /** Budget of the simulated agents of the half-turn after (cornered or not). */
  deepMs: 100,
  /** Candidates, best first by the hard bot's score, that are tried at all. */
  candidates: 8,
  /** Score units per unit of capture risk in the coming half-turn. */
  risk: 8,
  /** Score units per unit of "cornered on the next turn". */
  cornered: 2,
  /** Score units per way on short of three after the move. */
  ways: 0.6,
  /** Further score units when a single way on is left (a corridor the agents can watch). */
  single: 1,
  /** Score units per unit of the agents' belief that the recruiter is where the move leads. */
  share: 3,
  /**
   * Score units per unit of the agents' exact belief (their deduction) that the recruiter is where
   * the move leads, when their half-turn starts.
   */
  exact: 10,
  /**
   * Score units per halving of the survivable walks of the next turns below `freedomFull`: a
   * recruiter hemmed in by its own path has few ways on, and the agents close them (docs/bots.md,
   * "the walks ahead").
   */
  freedom: 1,
  /** Turns ahead the walks are counted over. */
  freedomDepth: 3,
  /** Walks counted as full freedom. */
  freedomFull: 8,
};

export type Move = Extract<Action, { type: 'step' | 'mindSlip' }>;
const isMove = (a: Action): a is Move => a.type === 'step' || a.type === 'mindSlip';

export interface PlanRow {
  readonly move: Action;
  /** The hard bot's score. */
  readonly score: number;
  /** Share of the simulated coming half-turns that captured the recruiter after the move. */
  readonly risk: number;
  /** Share of the uncaptured ones after which every survivable next move was captured after. */
  readonly cornered: number;
  /** Survivable steps and slips of the next turn (R17). */
  readonly ways: number;
  /** Survivable walks of the next PLAN.freedomDepth turns after the move, up to PLAN.freedomFull. */
  readonly walks: number;
}

export interface PlanReport {
  readonly move: Action;
  /** The candidates, in the hard bot's order (its own move first). */
  readonly rows: readonly PlanRow[];
  /** Agents' half-turns simulated. */
  readonly simulations: number;
}

/**
 * The planned step or slip, from the hard bot's scores of the legal actions (null: fewer than two
 * candidates). `shares`: the agents' belief after each move that the recruiter is where it leads.
 * `end` (performance.now() time) is absent in iteration mode (deterministic: the work is fixed).
 * `memo`: the session's beliefs, which the agents it simulates share (memo.ts). `work` (0-1]:
 * the share of the simulated agents' budgets it uses (the expert's playouts against its full
 * 1,000, in iteration mode: a test that asks for 32 playouts gets a planner that much cheaper).
 */
export function planMove(
  v: View,
  scores: ReadonlyMap<Action, number>,
  shares: ReadonlyMap<Action, number> | null,
  rng: BotRng,
  end?: number,
  memo?: BeliefMemo,
  work = 1,
): PlanReport | null {
  const timeUp = end === undefined ? undefined : () => performance.now() >= end;
  const ranked = [...scores].filter(([a, s]) => isMove(a) && s > -Infinity).sort((x, y) => y[1] - x[1]);
  const alive = ranked.filter(([, s]) => s > -40);
  const cands = (alive.length ? alive : ranked).slice(0, PLAN.candidates);
  if (cands.length <= 1) return null;
  const own = v.recruiter!.cards.map((c) => c.feature);
  const moves = cands.map(([a]) => a as Move);
  const caught = cands.map(() => 0);
  const answered = cands.map(() => 0);
  const after: { s: GameState; deep: Lookahead }[][] = cands.map(() => []);
  let simulations = 0;
  let known: (number | null)[] | null = null;
  // the simulated agents' deduction of every public log they see, computed once for the decision
  const exact = new BranchingExact();
  for (const style of PLAN.styles) {
    const deck = shuffle(deckPool(v, own), rng).slice(0, v.deckCount);
    const sim = new Lookahead(v, deck, rng, end, PLAN.firstMs * work, style, memo, exact);
    const deep = new Lookahead(v, deck, rng, end, PLAN.deepMs * work, undefined, memo, exact);
    // the first style's game serves: the shares depend on the public log alone
    known ??= exactShares(sim, moves, timeUp, exact);
    for (let i = 0; i < cands.length; i++) {
      if (timeUp?.()) break;
      const r = sim.after(cands[i]![0]);
      simulations++;
      if (r.caught === null) continue;
      answered[i]!++;
      if (r.caught) caught[i]!++;
      else if (r.state) after[i]!.push({ s: r.state, deep });
    }
  }
  // unanswered (out of time): as likely caught as not
  const risk = cands.map((_, i) => (answered[i]! ? caught[i]! / answered[i]! : 0.5));
  const ways = cands.map(([a]) => waysOn(v, a as Move));
  const walks = cands.map(([a]) => walksOn(v, a as Move, PLAN.freedomDepth, PLAN.freedomFull));
  const first = cands.map(
    ([a, s], i) =>
      s -
      PLAN.share * (shares?.get(a) ?? 0) -
      PLAN.exact * (known?.[i] ?? 0) -
      PLAN.risk * risk[i]! -
      PLAN.ways * Math.max(0, 3 - ways[i]!) -
      (ways[i]! <= 1 ? PLAN.single : 0) -
      PLAN.freedom * Math.log2(PLAN.freedomFull / Math.max(1, walks[i]!)),
  );
  const cornered = cands.map(() => 0);
  const order = cands.map((_, i) => i).sort((a, b) => first[b]! - first[a]!);
  for (const i of order) {
    let trapped = 0;
    let seen = 0;
    for (const { s, deep } of after[i]!) {
      if (timeUp?.()) break;
      const t = trappedAt(s, deep, timeUp);
      simulations += t.simulations;
      if (t.trapped === null) continue;
      seen++;
      if (t.trapped) trapped++;
    }
    cornered[i] = seen ? trapped / seen : 0;
  }
  const value = cands.map((_, i) => first[i]! - PLAN.cornered * (1 - risk[i]!) * cornered[i]!);
  let best = 0;
  for (let i = 1; i < cands.length; i++) if (value[i]! > value[best]!) best = i;
  return {
    move: cands[best]![0],
    rows: cands.map(([move, score], i) => ({
      move,
      score,
      risk: risk[i]!,
      cornered: cornered[i]!,
      ways: ways[i]!,
      walks: walks[i]!,
    })),
    simulations,
  };
}

/**
 * The agents' exact belief (the deduction of everything public) that the recruiter is where each
 * move leads, when their half-turn starts: in 50 games against the yardstick agents, a step with
 * under 5% was captured in that half-turn 4 times in 257, with 5-10% 10 in 92, with 10-20% 7 in 30.
 * Steps tell the same (a destination is hidden), so one deduction serves most moves; the end of
 * the turn is played first, as an alert revealed then (R11) counts the recruiter's contacts there.
 */
export function exactShares(
  la: Lookahead,
  moves: readonly Move[],
  timeUp?: () => boolean,
  /** The decision's deduction, which the simulated agents then read again (their first view). */
  exact: ExactTracker = new BranchingExact(),
): (number | null)[] {
  return moves.map((m) => {
    if (timeUp?.()) return null;
    const s = la.handOver(m);
    if (!s || s.result) return null;
    const b = exact.full(view(s, 1));
    return b && b.histories > 0 ? b.weights[m.to]! / b.histories : null;
  });
}

/** Whether every survivable step or slip at the recruiter's next turn is captured after (null: no answer). */
function trappedAt(
  s: GameState,
  sim: Lookahead,
  timeUp?: () => boolean,
): { trapped: boolean | null; simulations: number } {
  const v = view(s, 0);
  const sec = v.recruiter;
  if (!sec || sec.at === null) return { trapped: null, simulations: 0 };
  const g = geoFor(v.mayhem);
  const moves = legalActions(s, 0)
    .filter(isMove)
    .filter((a) => survivable(v, a));
  if (!moves.length) return { trapped: true, simulations: 0 };
  // farthest from the agents first: the likeliest way out is tried first
  const far = (a: Move) => Math.min(...v.agents.map((x) => (x.at === null ? 9 : g.dist[x.at]![a.to]!)));
  moves.sort((a, b) => far(b) - far(a));
  let answered = false;
  let simulations = 0;
  for (const m of moves) {
    if (timeUp?.()) break;
    const r = sim.after(m, s);
    simulations++;
    if (r.caught === false) return { trapped: false, simulations };
    if (r.caught === true) answered = true;
  }
  return { trapped: answered ? true : null, simulations };
}

/** Mind slips the recruiter holds (R16, R18). */
function slipsHeld(v: View): number {
  return (v.mindSlips.firstUsedAt === null ? 1 : 0) + (v.recruiter!.secondMindSlipHeld ? 1 : 0);
}

/** The recruiter's walk after `a`: the locations it will have visited, its slip landings and the slips it will hold. */
function afterMove(v: View, a: Move) {
  const sec = v.recruiter!;
  const g = geoFor(v.mayhem);
  const visited = new Uint8Array(LOCATION_COUNT);
  for (const l of sec.path) visited[l] = 1;
  visited[a.to] = 1;
  const slipTable = sec.card === 'carl' ? g.orthoTwo : g.diagTwo;
  return { g, visited, slipTable, held: slipsHeld(v) - (a.type === 'mindSlip' ? 1 : 0) };
}

/** After `a`, a walk (steps, or the slips still held) reaches the final hour (R17). */
function survivable(v: View, a: Move): boolean {
  const { g, visited, slipTable, held } = afterMove(v, a);
  return canSurvive(g, a.to, visited, v.finalTime - (v.time + 1), held, slipTable);
}

/** Survivable steps and slips (R17) the recruiter would have on its next turn after `a` (3 once none is needed). */
export function waysOn(v: View, a: Move): number {
  return v.finalTime - (v.time + 1) <= 0 ? 3 : walksOn(v, a, 1, Infinity);
}

/** Survivable walks (steps and the slips held, R16-R18) of the next `depth` turns after `a`, counted up to `cap`. */
export function walksOn(v: View, a: Move, depth: number, cap: number): number {
  const { g, visited, slipTable, held: held0 } = afterMove(v, a);
  const turns = Math.min(depth, v.finalTime - (v.time + 1));
  let n = 0;
  const rec = (at: number, k: number, held: number, need: number): void => {
    if (n >= cap) return;
    if (k === 0) {
      n++;
      return;
    }
    const tryTo = (to: number, slip: boolean) => {
      if (visited[to] || n >= cap) return;
      visited[to] = 1;
      const left = held - (slip ? 1 : 0);
      if (canSurvive(g, to, visited, need - 1, left, slipTable)) rec(to, k - 1, left, need - 1);
      visited[to] = 0;
    };
    for (const to of g.step[at]!) tryTo(to, false);
    if (held > 0) for (const to of slipTable[at]!) tryTo(to, true);
  };
  rec(a.to, turns, held0, v.finalTime - (v.time + 1));
  return turns <= 0 ? cap : n;
}
