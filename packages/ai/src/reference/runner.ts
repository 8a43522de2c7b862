// The harness: plays a game with the readable engine, handing each seat's bot ONLY
// `view(state, seat)` and `legalActions(state, seat)`. This is the one bot module that touches a
// GameState (it lives with the yardstick because it plays every level, the yardstick included);
// the bot modules themselves never import state-reading engine functions (test/bots.test.ts).
import {
  type Action,
  apply,
  expectedSeats,
  type GameResult,
  type GameState,
  legalActions,
  type Mode,
  newGame,
  type Seat,
  type View,
  view,
} from '@mindmgmt/engine';
import { seatRng } from '../bots/seat-rng.js';
import type { Bot, Level } from '../bots/types.js';
import { makeAnyBot } from './make-any.js';

export interface PlayOptions {
  readonly mode: Mode;
  readonly seed: number;
  readonly recruiter: Level;
  readonly agents: Level;
  /** Per-decision budget for non-random bots (hard default 1000 ms, easy is fast anyway). */
  readonly budgetMs?: number;
  readonly agentSeats?: number;
  /** Expert playouts per decision (deterministic, clock-free mode); undefined: the clock budget. */
  readonly iterations?: number;
  /** Safety cap on the number of actions. */
  readonly maxActions?: number;
  /** Optional hook: every view handed to a bot (tests use it to check no secrets leak). */
  readonly onDecision?: (seat: Seat, v: View, legal: readonly Action[], chosen: Action) => void;
}

export interface Timing {
  readonly seat: Seat;
  readonly level: Level;
  readonly ms: number;
  /** The bot stopped at its wall-clock safety cutoff (its choice depended on timing). */
  readonly cutoff: boolean;
}

export interface PlayResult {
  readonly result: GameResult;
  readonly seed: number;
  readonly actions: number;
  readonly timings: readonly Timing[];
  readonly final: GameState;
}

export const DEFAULT_BUDGET_MS = 1000;

export function playGame(o: PlayOptions): PlayResult {
  const agentSeats = o.agentSeats ?? 1;
  const budget = o.budgetMs ?? DEFAULT_BUDGET_MS;
  let s = newGame({ mode: o.mode, agentSeats, recruiterCard: 'choose' }, o.seed);
  const seats = Array.from({ length: agentSeats + 1 }, (_, i) => i);
  const bots: Bot[] = seats.map((seat) =>
    makeAnyBot(seat === 0 ? o.recruiter : o.agents, seat === 0 ? 'recruiter' : 'agents', { iterations: o.iterations }),
  );
  const rngs = seats.map((seat) => seatRng(o.seed, seat));
  const timings: Timing[] = [];
  const max = o.maxActions ?? 5000;
  let n = 0;
  while (!s.result && n < max) {
    const exp = expectedSeats(s);
    // Several agent seats may be expected (any may activate); take turns by the lowest with moves.
    let seat: Seat | undefined;
    let legal: Action[] = [];
    for (const x of exp) {
      legal = legalActions(s, x);
      if (legal.length) {
        seat = x;
        break;
      }
    }
    if (seat === undefined) throw new Error(`no legal action (phase ${s.phase}, seed ${o.seed})`);
    const v = view(s, seat);
    const bot = bots[seat]!;
    const t0 = performance.now();
    const a = bot.decide(v, legal, rngs[seat]!, budget);
    const ms = performance.now() - t0;
    timings.push({ seat, level: bot.level, ms, cutoff: bot.lastCutoff === true });
    o.onDecision?.(seat, v, legal, a);
    const r = apply(s, a);
    if (!r.ok)
      throw new Error(`bot (${bot.level}, seat ${seat}) chose an illegal action ${JSON.stringify(a)}: ${r.message}`);
    s = r.state;
    n++;
  }
  if (!s.result) throw new Error(`game did not finish within ${max} actions (seed ${o.seed})`);
  return { result: s.result, seed: o.seed, actions: n, timings, final: s };
}

export function percentile(xs: readonly number[], p: number): number {
  if (!xs.length) return 0;
  const a = [...xs].sort((x, y) => x - y);
  const i = Math.min(a.length - 1, Math.max(0, Math.ceil((p / 100) * a.length) - 1));
  return a[i]!;
}
