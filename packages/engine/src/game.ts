// The engine's front door: apply an action, list legal actions. State only changes here.
import type { Action, ActionOf, ActionType } from './model/actions.js';
import { err, type GameError } from './model/errors.js';
import type { GameEvent } from './model/events.js';
import type { Seat } from './model/pieces.js';
import { checkShape } from './model/shape.js';
import type { GameState, Phase } from './model/state.js';
import * as agents from './rules/agents.js';
import * as recruiter from './rules/recruiter.js';
import { type Rule, Sink } from './rules/rule.js';
import { expectedSeats, isSeat } from './rules/seats.js';
import * as setup from './rules/setup.js';
import * as table from './rules/table.js';
import * as undo from './rules/undo.js';

type RuleTable = { readonly [T in ActionType]: Rule<T> };

const RULES: RuleTable = {
  placeMayhem: setup.placeMayhem,
  chooseRecruiterCard: setup.chooseRecruiterCard,
  chooseStart: setup.chooseStart,
  placeImmortal: setup.placeImmortal,
  placeAgent: setup.placeAgent,
  placeMindSlip: setup.placeMindSlip,
  step: recruiter.step,
  mindSlip: recruiter.mindSlip,
  moveImmortal: recruiter.moveImmortal,
  extraImmortalMove: recruiter.extraImmortalMove,
  endTurn: recruiter.endTurn,
  answerAsk: recruiter.answerAsk,
  activate: agents.activate,
  move: agents.move,
  ask: agents.ask,
  reveal: agents.reveal,
  shakedown: agents.shakedown,
  push: agents.push,
  capture: agents.capture,
  scan: agents.scan,
  nudge: agents.nudge,
  dustyMove: agents.dustyMove,
  endActivation: agents.endActivation,
  undo: undo.undo,
  note: table.note,
  resign: table.resign,
  timeout: table.timeout,
  abandon: table.abandon,
};

/** Actions that are not part of a turn: allowed out of turn, never among the legal actions. */
const OUT_OF_TURN: readonly ActionType[] = ['note', 'resign', 'timeout', 'abandon'];

/** Actions a seat takes in turn. */
const TURN_ACTIONS: readonly ActionType[] = (Object.keys(RULES) as ActionType[]).filter(
  (t) => !OUT_OF_TURN.includes(t),
);

const AGENT_ACTIONS = [
  'activate',
  'move',
  'ask',
  'reveal',
  'shakedown',
  'push',
  'capture',
  'scan',
  'nudge',
  'dustyMove',
  'endActivation',
] as const;

/**
 * The only phase(s) in which each turn action can pass its rule's phase check. legalActions asks
 * only these rules for candidates: building every rule's candidates in every phase (the extra
 * immortal move alone is markable locations x immortal moves) made the readable engine ~10x
 * slower than it needs to be. A wrong entry here would drop legal actions, which the
 * fast-agreement test (legal sets compared at every decision point) would catch.
 */
const BY_PHASE: Readonly<Record<Phase, readonly ActionType[]>> = (() => {
  const phaseOf: Partial<Record<ActionType, readonly Phase[]>> = {
    placeMayhem: ['mayhem'],
    chooseRecruiterCard: ['recruiterCard'],
    chooseStart: ['start'],
    placeImmortal: ['immortals'],
    placeAgent: ['agents'],
    placeMindSlip: ['mindSlipToken'],
    step: ['setupSteps', 'recruiterTurn'],
    mindSlip: ['recruiterTurn'],
    moveImmortal: ['recruiterTurn'],
    extraImmortalMove: ['recruiterTurn'],
    endTurn: ['recruiterTurn'],
    answerAsk: ['answerAsk'],
    ...Object.fromEntries(AGENT_ACTIONS.map((t) => [t, ['agentsTurn']])),
  };
  const out = {} as Record<Phase, ActionType[]>;
  for (const type of TURN_ACTIONS) for (const p of phaseOf[type] ?? []) (out[p] ??= []).push(type);
  return out;
})();

export interface Applied {
  readonly ok: true;
  readonly state: GameState;
  /** Everything that happened; give each seat `eventsFor(events, seat)`, never these. */
  readonly events: readonly GameEvent[];
}
export type ApplyResult = Applied | GameError;

function rule<T extends ActionType>(type: T): Rule<T> {
  return RULES[type] as unknown as Rule<T>;
}

/** Why `action` is illegal now, or null. Never throws; never looks past what the seat may know
 * before the seat is known to be the one expected (so errors cannot leak hidden facts). */
export function check(s: GameState, action: unknown): GameError | null {
  return checkWith(s, action, false);
}

function checkWith(s: GameState, action: unknown, logged: boolean): GameError | null {
  const shape = checkShape(action);
  if (shape) return shape;
  const a = action as Action;
  // Notes are table state beside the game (rules/notes.ts): a new one never becomes a move, so
  // the log grows only with moves. Old logs still hold some (applyLogged).
  if (a.type === 'note' && !logged)
    return err('not_allowed', ['R30', 'D8'], 'A mental note is not a move: it is changed beside the game.');
  if (!OUT_OF_TURN.includes(a.type)) {
    if (s.result) return err('game_over', 'The game is over.');
    if (!isSeat(s, a.seat)) return err('not_allowed', null, `Seat ${a.seat} is not at this table.`);
    if (!expectedSeats(s).includes(a.seat)) return err('not_your_turn', null, 'It is not your turn.');
  }
  try {
    return rule(a.type).check(s, a as ActionOf<typeof a.type>);
  } catch {
    return err('malformed', 'That action could not be understood.');
  }
}

/**
 * The copy a rule's run() may change. Rules replace or push to arrays and never change an
 * element in place, except the `turn` and `activation` records, so one level of copying keeps
 * the input state untouched (test/apply-purity.test.ts checks it on random games). This replaced
 * structuredClone, which was the largest single cost of `apply`. A new GameState field holding
 * a mutable object must be copied here.
 */
function draft(s: GameState): GameState {
  return {
    ...s,
    mayhem: s.mayhem.slice(),
    deck: s.deck.slice(),
    cards: s.cards.slice(),
    exposedAt: s.exposedAt.slice(),
    path: s.path.slice(),
    contacts: s.contacts.slice(),
    revealed: s.revealed.slice(),
    immortalRecruits: s.immortalRecruits.slice(),
    immortals: s.immortals.slice(),
    agents: s.agents.slice(),
    activated: s.activated.slice(),
    immortalCards: s.immortalCards.slice(),
    immortalDiscards: s.immortalDiscards.slice(),
    stepTokens: s.stepTokens.slice(),
    confirmed: s.confirmed.slice(),
    turn: s.turn && { ...s.turn },
    activation: s.activation && { ...s.activation },
    history: s.history.slice(),
  };
}

/** Applies an action: a new state and its events, or a typed error with the state untouched. */
export function apply(s: GameState, action: unknown): ApplyResult {
  return applyWith(s, action, false);
}

/**
 * `apply` for an action read back from a stored log or record. The same, except that it also
 * accepts a `note` action written before notes left the log: it takes its seq and its
 * `noteChanged` log entry as it did then (the notes themselves: `notesFromActions`).
 */
export function applyLogged(s: GameState, action: unknown): ApplyResult {
  return applyWith(s, action, true);
}

function applyWith(s: GameState, action: unknown, logged: boolean): ApplyResult {
  const e = checkWith(s, action, logged);
  if (e) return e;
  const a = action as Action;
  const next = draft(s);
  const out = new Sink(next);
  try {
    rule(a.type).run(next, a as ActionOf<typeof a.type>, out);
  } catch (x) {
    return err('malformed', `The engine could not apply that action (${x instanceof Error ? x.name : 'error'}).`);
  }
  next.seq = s.seq + 1;
  if (a.type !== 'undo') {
    // D12: kept, set or cleared by every action (a state that never had one stays without).
    const point = undo.undoPointAfter(s, next, a, out.events);
    if (point || next.undo) next.undo = point;
  }
  return { ok: true, state: next, events: out.events };
}

/**
 * Every legal action for a seat now, excluding free-form ones (notes, resign, timeout, abandon).
 * Agents' lists depend only on public facts. `undo` (D12) is listed only with `{ undo: true }`:
 * players are offered it; bots, searches and the fast path's agreement never take it.
 */
export function legalActions(s: GameState, seat: Seat, opts?: { readonly undo?: boolean }): Action[] {
  if (s.result || !isSeat(s, seat) || !expectedSeats(s).includes(seat)) return [];
  const out: Action[] = [];
  for (const type of BY_PHASE[s.phase] ?? []) {
    const r = rule(type);
    for (const a of r.candidates(s, seat)) if (r.check(s, a) === null) out.push(a);
  }
  if (opts?.undo && s.undo?.seat === seat) out.push({ type: 'undo', seat });
  return out;
}
