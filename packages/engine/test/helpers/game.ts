// Test helpers: drive real games through `apply` from `newGame`, with locations as labels.
// Every state a test looks at is reached by legal actions only.
import {
  AGENTS,
  type Action,
  type AgentId,
  agentControllers,
  apply,
  applyLogged,
  type ApplyResult,
  exportRecord,
  FEATURES,
  type FeatureId,
  type GameEvent,
  type GameRecord,
  type GameState,
  label,
  legalActions,
  locOf,
  newGame,
  type RecruiterCardRule,
  expectedSeats,
} from '../../src/index.js';

/** Location id of a label such as "C3" (throws on a typo, so tests fail loudly). */
export function L(labelText: string): number {
  const l = locOf(labelText);
  if (l === undefined) throw new Error(`no location ${labelText}`);
  return l;
}

export const labels = (ls: readonly number[]): string[] => ls.map(label);

/** A full 16-card deck whose top cards are `top` (then the rest in FEATURES order). */
export function deckWith(top: readonly FeatureId[]): FeatureId[] {
  return [...top, ...FEATURES.filter((f) => !top.includes(f))];
}

export function stateJson(s: GameState): string {
  return JSON.stringify(s);
}

export class Game {
  state: GameState;
  readonly actions: Action[] = [];
  /** Events of the last successful action. */
  events: readonly GameEvent[] = [];
  /** All events since the game was created (including newGame's own). */
  readonly allEvents: GameEvent[];

  constructor(state: GameState) {
    this.state = state;
    this.allEvents = [...state.history];
  }

  /** Applies actions in order; throws (failing the test) if any is illegal. */
  do(...actions: Action[]): this {
    for (const a of actions) {
      const r = apply(this.state, a);
      if (!r.ok) throw new Error(`illegal ${JSON.stringify(a)} at seq ${this.state.seq}: ${r.code}: ${r.message}`);
      this.state = r.state;
      this.events = r.events;
      this.allEvents.push(...r.events);
      this.actions.push(a);
    }
    return this;
  }

  /** Applies actions as read back from a log written before mental notes left it (a `note`
   * action there is legacy: `applyLogged`); throws if any is refused. */
  logged(...actions: Action[]): this {
    for (const a of actions) {
      const r = applyLogged(this.state, a);
      if (!r.ok) throw new Error(`refused ${JSON.stringify(a)} at seq ${this.state.seq}: ${r.code}: ${r.message}`);
      this.state = r.state;
      this.events = r.events;
      this.allEvents.push(...r.events);
      this.actions.push(a);
    }
    return this;
  }

  /** Applies one action without committing it. */
  try(a: unknown): ApplyResult {
    return apply(this.state, a);
  }

  /** The error code of an action that must be illegal (throws if it is legal). */
  code(a: unknown): string {
    const r = apply(this.state, a);
    if (r.ok) throw new Error(`expected ${JSON.stringify(a)} to be illegal`);
    return r.code;
  }

  get phase() {
    return this.state.phase;
  }
  get time() {
    return this.state.time;
  }
  get result() {
    return this.state.result;
  }

  /** First seat that controls `agent`. */
  seatOf(agent: AgentId): number {
    return agentControllers(this.state.agentSeats, agent)[0]!;
  }

  /** Activates an agent and ends the activation at once (an empty activation, R20). */
  idle(agent: AgentId): this {
    const seat = this.seatOf(agent);
    return this.do({ type: 'activate', seat, agent }, { type: 'endActivation', seat });
  }

  /** The agents' half-round with empty activations of the first two agents not yet activated. */
  passAgents(): this {
    if (this.state.phase !== 'agentsTurn') throw new Error(`passAgents in phase ${this.state.phase}`);
    const ready = AGENTS.filter((_, i) => !this.state.activated[i]).slice(0, 2);
    for (const a of ready) this.idle(a);
    return this;
  }

  /** One recruiter step; in the Full Game the turn is ended explicitly (D3). */
  step(to: string): this {
    this.do(R.step(to));
    if (this.state.phase === 'recruiterTurn' && this.state.turn?.actionDone) this.do(R.end());
    return this;
  }

  /** Recruiter steps along `path`, with empty agent half-rounds in between, until the path ends or the game does. */
  walk(...path: string[]): this {
    for (const to of path) {
      if (this.state.result) break;
      this.step(to);
      if (this.state.result) break;
      this.passAgents();
    }
    return this;
  }

  /** An agent activation: activate, then the given actions (seat filled in), then end it if still open (not while an ask waits for its answer). */
  activation(agent: AgentId, ...acts: ((seat: number) => Action)[]): this {
    const seat = this.seatOf(agent);
    this.do({ type: 'activate', seat, agent });
    for (const f of acts) this.do(f(seat));
    if (this.state.phase === 'agentsTurn' && this.state.activation?.agent === agent)
      this.do({ type: 'endActivation', seat });
    return this;
  }

  record(): GameRecord {
    return exportRecord(this.state, this.actions);
  }

  expected(): number[] {
    return expectedSeats(this.state);
  }

  legal(seat: number): Action[] {
    return legalActions(this.state, seat);
  }
}

/** Recruiter actions (seat 0) with labels. */
export const R = {
  step: (to: string): Action => ({ type: 'step', seat: 0, to: L(to) }),
  slip: (to: string, token: 1 | 2 = 1): Action => ({ type: 'mindSlip', seat: 0, to: L(to), token }),
  imm: (from: string, to: string): Action => ({ type: 'moveImmortal', seat: 0, from: L(from), to: L(to) }),
  extra: (stepToken: string, from: string, to: string): Action => ({
    type: 'extraImmortalMove',
    seat: 0,
    stepToken: L(stepToken),
    from: L(from),
    to: L(to),
  }),
  end: (): Action => ({ type: 'endTurn', seat: 0 }),
  answer: (at: string | null): Action => ({ type: 'answerAsk', seat: 0, at: at === null ? null : L(at) }),
};

/** Agent actions: functions of the seat, for `Game.activation`; or call with an explicit seat. */
export const A = {
  move:
    (to: string) =>
    (seat: number): Action => ({ type: 'move', seat, to: L(to) }),
  ask:
    (feature: FeatureId, dolphin = false) =>
    (seat: number): Action => ({ type: 'ask', seat, feature, dolphin }),
  reveal:
    () =>
    (seat: number): Action => ({ type: 'reveal', seat }),
  shakedown:
    (feature: FeatureId) =>
    (seat: number): Action => ({ type: 'shakedown', seat, feature }),
  push:
    (to: string) =>
    (seat: number): Action => ({ type: 'push', seat, to: L(to) }),
  capture:
    () =>
    (seat: number): Action => ({ type: 'capture', seat }),
  scan:
    () =>
    (seat: number): Action => ({ type: 'scan', seat }),
  nudge:
    (from: string, to: string) =>
    (seat: number): Action => ({ type: 'nudge', seat, from: L(from), to: L(to) }),
  dusty:
    (agent: AgentId, to: string) =>
    (seat: number): Action => ({ type: 'dustyMove', seat, agent, to: L(to) }),
  end:
    () =>
    (seat: number): Action => ({ type: 'endActivation', seat }),
};

export interface SetupOptions {
  agentSeats?: number;
  card?: RecruiterCardRule;
  /** Full 16-card deck, or its top cards (recruiter's 3, then the 2 immortal cards). */
  deck?: readonly FeatureId[];
  /** 5 mayhem edges as label pairs (Full Game only). */
  mayhem?: readonly (readonly [string, string])[];
  start: string;
  /** The 4 hidden setup steps. */
  steps: readonly string[];
  /** The 4 immortals (Full Game only). */
  immortals?: readonly string[];
  /** Agent locations in order Meru, Henry, Bill, Dusty. */
  agents?: readonly string[];
  /** The 2nd mind slip token (Full Game only). */
  mindSlipAt?: string;
  seed?: number;
  /** Stop after this setup phase has been entered (for setup tests). */
  stopAt?: GameState['phase'];
}

/** Mayhem far from where most tests play: vertical edges in rows 1 and 7. */
export const DEFAULT_MAYHEM: readonly (readonly [string, string])[] = [
  ['A7', 'B7'],
  ['C7', 'D7'],
  ['E7', 'F7'],
  ['B1', 'C1'],
  ['D1', 'E1'],
];
export const DEFAULT_IMMORTALS = ['B2', 'E2', 'B6', 'E6'] as const;
export const DEFAULT_AGENTS = ['A3', 'F3', 'A5', 'F5'] as const;

/** Without a deck option the helpers use FEATURES order: cards billboard, bookstore, bus; immortal cards coffee, dogs. */
function fullDeck(d: readonly FeatureId[] | undefined): FeatureId[] {
  if (!d) return [...FEATURES];
  return d.length === FEATURES.length ? [...d] : deckWith(d);
}

/** Drives the Full Game setup (R5) with chosen positions; returns the game at the first recruiter turn. */
export function setupFull(o: SetupOptions): Game {
  const deck = fullDeck(o.deck);
  const agentSeats = o.agentSeats ?? 1;
  const g = new Game(newGame({ mode: 'full', agentSeats, recruiterCard: o.card ?? 'carl', deck }, o.seed ?? 1));
  const stop = () => o.stopAt !== undefined && g.state.phase === o.stopAt;
  for (const [a, b] of o.mayhem ?? DEFAULT_MAYHEM) {
    if (stop()) return g;
    const seat = g.state.mayhem.length % (agentSeats + 1);
    g.do({ type: 'placeMayhem', seat, between: [L(a), L(b)] });
  }
  return finishSetup(g, o, stop);
}

/** Drives the Training Mission setup (R31). */
export function setupTraining(o: SetupOptions): Game {
  const deck = fullDeck(o.deck);
  const agentSeats = o.agentSeats ?? 1;
  const g = new Game(newGame({ mode: 'training', agentSeats, recruiterCard: o.card ?? 'carl', deck }, o.seed ?? 1));
  const stop = () => o.stopAt !== undefined && g.state.phase === o.stopAt;
  return finishSetup(g, o, stop);
}

function finishSetup(g: Game, o: SetupOptions, stop: () => boolean): Game {
  if (stop()) return g;
  if (g.state.phase === 'recruiterCard') g.do({ type: 'chooseRecruiterCard', seat: 0, card: 'carl' });
  if (stop()) return g;
  g.do({ type: 'chooseStart', seat: 0, at: L(o.start) });
  for (const s of o.steps) {
    if (stop() || g.state.result) return g;
    g.do({ type: 'step', seat: 0, to: L(s) });
  }
  if (stop() || g.state.result) return g;
  if (g.state.mode === 'full') {
    for (const at of o.immortals ?? DEFAULT_IMMORTALS) {
      if (stop()) return g;
      g.do({ type: 'placeImmortal', seat: 0, at: L(at) });
    }
  }
  const agents = o.agents ?? DEFAULT_AGENTS;
  AGENTS.forEach((agent, i) => {
    if (stop()) return;
    g.do({ type: 'placeAgent', seat: g.seatOf(agent), agent, at: L(agents[i]!) });
  });
  if (stop() || g.state.result) return g;
  if (g.state.mode === 'full') g.do({ type: 'placeMindSlip', seat: 1, at: L(o.mindSlipAt ?? 'F4') });
  return g;
}
