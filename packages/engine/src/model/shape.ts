// Structural check of an untrusted action before any rule looks at it: right fields, right
// types, nothing else. Rules then judge legality.
import { FEATURES, isLoc } from '../board/board.js';
import type { Action, ActionType } from './actions.js';
import { ACTION_TYPES } from './actions.js';
import { err, type GameError } from './errors.js';
import { AGENTS, RECRUITER_CARDS } from './pieces.js';

type FieldCheck = (v: unknown) => boolean;
const locF: FieldCheck = (v) => isLoc(v);
const locOrNull: FieldCheck = (v) => v === null || isLoc(v);
const agentF: FieldCheck = (v) => typeof v === 'string' && (AGENTS as readonly string[]).includes(v);
const featureF: FieldCheck = (v) => typeof v === 'string' && (FEATURES as readonly string[]).includes(v);
const boolF: FieldCheck = (v) => typeof v === 'boolean';
const edgeF: FieldCheck = (v) => Array.isArray(v) && v.length === 2 && isLoc(v[0]) && isLoc(v[1]);
const cardF: FieldCheck = (v) => typeof v === 'string' && (RECRUITER_CARDS as readonly string[]).includes(v);
const tokenF: FieldCheck = (v) => v === 1 || v === 2;
const noteF: FieldCheck = (v) => v === null || (typeof v === 'object' && !Array.isArray(v));

/** Which fields each action has besides `type` and `seat`. */
export const ACTION_FIELDS: Readonly<Record<ActionType, Readonly<Record<string, FieldCheck>>>> = {
  placeMayhem: { between: edgeF },
  chooseRecruiterCard: { card: cardF },
  chooseStart: { at: locF },
  placeImmortal: { at: locF },
  placeAgent: { agent: agentF, at: locF },
  placeMindSlip: { at: locF },
  step: { to: locF },
  mindSlip: { to: locF, token: tokenF },
  moveImmortal: { from: locF, to: locF },
  extraImmortalMove: { stepToken: locF, from: locF, to: locF },
  endTurn: {},
  answerAsk: { at: locOrNull },
  activate: { agent: agentF },
  move: { to: locF },
  ask: { feature: featureF, dolphin: boolF },
  reveal: {},
  shakedown: { feature: featureF },
  push: { to: locF },
  capture: {},
  scan: {},
  nudge: { from: locF, to: locF },
  dustyMove: { agent: agentF, to: locF },
  endActivation: {},
  undo: {},
  note: { at: locF, note: noteF },
  resign: {},
  timeout: {},
};

export function checkShape(x: unknown): GameError | null {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) return err('malformed', 'An action is a JSON object.');
  const o = x as Record<string, unknown>;
  if (typeof o.type !== 'string' || !(ACTION_TYPES as readonly string[]).includes(o.type))
    return err('malformed', `Unknown action type${typeof o.type === 'string' ? ` "${o.type.slice(0, 40)}"` : ''}.`);
  if (typeof o.seat !== 'number' || !Number.isInteger(o.seat) || o.seat < 0 || o.seat > 4)
    return err('malformed', 'An action names its seat: a whole number from 0 (recruiter) to 4.');
  const fields = ACTION_FIELDS[o.type as ActionType];
  for (const k of Object.keys(o)) {
    if (k === 'type' || k === 'seat') continue;
    if (!(k in fields)) return err('malformed', `A ${o.type} action has no field "${k.slice(0, 40)}".`);
  }
  for (const [k, ok] of Object.entries(fields)) {
    if (!ok(o[k])) return err('malformed', `A ${o.type} action needs a valid "${k}".`);
  }
  return null;
}

export function isAction(x: unknown): x is Action {
  return checkShape(x) === null;
}
