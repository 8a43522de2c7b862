// Random games for tests and benchmarks: random legal actions (legalActions/apply), with the
// action *type* drawn by weight so that asks, reveals, scans, captures and shakedowns happen
// often enough to exercise every kind of public fact.
import {
  type Action,
  type ActionType,
  apply,
  expectedSeats,
  type GameState,
  legalActions,
  type Mode,
  newGame,
  RECRUITER_SEAT,
  type Rng,
  rngFrom,
} from '@mindmgmt/engine';

export type Bias = Partial<Record<ActionType, number>>;

/** Weights favouring informative agent actions. */
export const INFORMATIVE_BIAS: Bias = {
  ask: 6,
  reveal: 10,
  scan: 4,
  capture: 2,
  shakedown: 2,
  move: 3,
  push: 1,
  nudge: 0.5,
  dustyMove: 0.5,
  endActivation: 0.3,
  step: 1,
  mindSlip: 0.35,
  moveImmortal: 0.4,
  extraImmortalMove: 0.8,
  endTurn: 1,
};

/** Every legal action type equally likely (then every action of that type). */
export const UNIFORM_TYPE_BIAS: Bias = {};

export interface RandomGameOptions {
  readonly mode: Mode;
  readonly seed: number;
  readonly bias?: Bias;
  /** Stop once the time on the track exceeds this (the game is cut, not over). */
  readonly maxTime?: number;
  /** Stop as soon as this returns true for the state reached (the game is cut). */
  readonly stop?: (s: GameState) => boolean;
  /** Called with every state reached (after each action), including the first. */
  readonly onState?: (s: GameState) => void;
  /** Restrict the recruiter's start to these locations (keeps brute force small). */
  readonly starts?: readonly number[];
}

function pick<T>(rng: Rng, xs: readonly T[]): T {
  return xs[Math.floor(rng() * xs.length)]!;
}

export function chooseAction(s: GameState, rng: Rng, bias: Bias, starts?: readonly number[]): Action | null {
  const seats = expectedSeats(s);
  if (seats.length === 0) return null;
  const seat = pick(rng, seats);
  let acts = legalActions(s, seat);
  if (starts && s.phase === 'start') acts = acts.filter((a) => a.type === 'chooseStart' && starts.includes(a.at));
  if (acts.length === 0) return null;
  const byType = new Map<ActionType, Action[]>();
  for (const a of acts) {
    const list = byType.get(a.type);
    if (list) list.push(a);
    else byType.set(a.type, [a]);
  }
  const types = [...byType.keys()];
  const w = types.map((t) => bias[t] ?? 1);
  let r = rng() * w.reduce((a, b) => a + b, 0);
  let type = types[types.length - 1]!;
  for (let i = 0; i < types.length; i++) {
    r -= w[i]!;
    if (r < 0) {
      type = types[i]!;
      break;
    }
  }
  return pick(rng, byType.get(type)!);
}

/** Plays a random game; returns the last state (over, or cut at maxTime). */
export function randomGame(o: RandomGameOptions): GameState {
  const rng = rngFrom(o.seed ^ 0x5bd1e995);
  let s = newGame(
    { mode: o.mode, agentSeats: 1 + Math.floor(rng() * 4), recruiterCard: rng() < 0.5 ? 'random' : 'choose' },
    o.seed,
  );
  o.onState?.(s);
  const bias = o.bias ?? INFORMATIVE_BIAS;
  for (let guard = 0; guard < 5000; guard++) {
    if (s.result) break;
    if (o.maxTime !== undefined && s.time > o.maxTime) break;
    if (o.stop?.(s)) break;
    const a = chooseAction(s, rng, bias, o.starts);
    if (!a) break;
    const r = apply(s, a);
    if (!r.ok) throw new Error(`random game: illegal ${JSON.stringify(a)}: ${r.message}`);
    s = r.state;
    o.onState?.(s);
  }
  return s;
}

/** True when an agent seat is expected to act (a decision point of the agents). */
export function agentsDecide(s: GameState): boolean {
  return s.result === null && expectedSeats(s).some((seat) => seat !== RECRUITER_SEAT);
}
