// The engine's front door: apply an action, list legal actions. State only changes here.
import type { Action, ActionOf, ActionType } from './model/actions.js';
import { err, type GameError } from './model/errors.js';
import type { GameEvent } from './model/events.js';
import type { Seat } from './model/pieces.js';
import { checkShape } from './model/shape.js';
import type { GameState } from './model/state.js';
import * as agents from './rules/agents.js';
import * as recruiter from './rules/recruiter.js';
import { type Rule, Sink } from './rules/rule.js';
import { expectedSeats, isSeat } from './rules/seats.js';
import * as setup from './rules/setup.js';
import * as table from './rules/table.js';

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
  note: table.note,
  resign: table.resign,
  timeout: table.timeout,
};

/** Actions a seat takes in turn; `note`, `resign` and `timeout` are allowed out of turn. */
const TURN_ACTIONS: readonly ActionType[] = (Object.keys(RULES) as ActionType[]).filter(
  (t) => t !== 'note' && t !== 'resign' && t !== 'timeout',
);

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
  const shape = checkShape(action);
  if (shape) return shape;
  const a = action as Action;
  if (a.type !== 'note' && a.type !== 'resign' && a.type !== 'timeout') {
    if (s.result) return err('game_over', 'The game is over.');
    if (!isSeat(s, a.seat)) return err('not_allowed', `Seat ${a.seat} is not at this table.`);
    if (!expectedSeats(s).includes(a.seat)) return err('not_your_turn', 'It is not your turn.');
  }
  try {
    return rule(a.type).check(s, a as ActionOf<typeof a.type>);
  } catch {
    return err('malformed', 'That action could not be understood.');
  }
}

function draft(s: GameState): GameState {
  const { history, ...rest } = s;
  const copy = structuredClone(rest) as Omit<GameState, 'history'>;
  return { ...copy, history: history.slice() };
}

/** Applies an action: a new state and its events, or a typed error with the state untouched. */
export function apply(s: GameState, action: unknown): ApplyResult {
  const e = check(s, action);
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
  return { ok: true, state: next, events: out.events };
}

/**
 * Every legal action for a seat now, excluding free-form ones (notes, resign, timeout).
 * Agents' lists depend only on public facts.
 */
export function legalActions(s: GameState, seat: Seat): Action[] {
  if (s.result || !isSeat(s, seat) || !expectedSeats(s).includes(seat)) return [];
  const out: Action[] = [];
  for (const type of TURN_ACTIONS) {
    const r = rule(type);
    for (const a of r.candidates(s, seat)) if (r.check(s, a) === null) out.push(a);
  }
  return out;
}
