// Structural check of an untrusted action before any rule looks at it: right fields, right
// types, nothing else. Rules then judge legality. The fields come from ACTION_DEFS (actions.ts);
// this file only says how each KIND of field is checked.
import { FEATURES, isLoc } from '../board/board.js';
import type { Action, ActionType, FieldKind } from './actions.js';
import { ACTION_DEFS, ACTION_TYPES } from './actions.js';
import { err, type GameError } from './errors.js';
import { AGENTS, RECRUITER_CARDS } from './pieces.js';

/** One check per field kind; the server's zod schema per kind must accept the same values
 * (server test schemas-agree.test.ts), except that it judges a note body's content too. */
export const KIND_CHECKS: { readonly [K in FieldKind]: (v: unknown) => boolean } = {
  loc: (v) => isLoc(v),
  locOrNull: (v) => v === null || isLoc(v),
  edge: (v) => Array.isArray(v) && v.length === 2 && isLoc(v[0]) && isLoc(v[1]),
  card: (v) => typeof v === 'string' && (RECRUITER_CARDS as readonly string[]).includes(v),
  agent: (v) => typeof v === 'string' && (AGENTS as readonly string[]).includes(v),
  feature: (v) => typeof v === 'string' && (FEATURES as readonly string[]).includes(v),
  bool: (v) => typeof v === 'boolean',
  token: (v) => v === 1 || v === 2,
  // The body's content is a rule's matter (rules/notes.ts checkNoteBody).
  note: (v) => v === null || (typeof v === 'object' && !Array.isArray(v)),
};

export function checkShape(x: unknown): GameError | null {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) return err('malformed', 'An action is a JSON object.');
  const o = x as Record<string, unknown>;
  if (typeof o.type !== 'string' || !(ACTION_TYPES as readonly string[]).includes(o.type))
    return err('malformed', `Unknown action type${typeof o.type === 'string' ? ` "${o.type.slice(0, 40)}"` : ''}.`);
  if (typeof o.seat !== 'number' || !Number.isInteger(o.seat) || o.seat < 0 || o.seat > 4)
    return err('malformed', 'An action names its seat: a whole number from 0 (recruiter) to 4.');
  const fields: Readonly<Record<string, FieldKind>> = ACTION_DEFS[o.type as ActionType];
  for (const k of Object.keys(o)) {
    if (k === 'type' || k === 'seat') continue;
    if (!Object.hasOwn(fields, k)) return err('malformed', `A ${o.type} action has no field "${k.slice(0, 40)}".`);
  }
  for (const [k, kind] of Object.entries(fields)) {
    if (!KIND_CHECKS[kind](o[k])) return err('malformed', `A ${o.type} action needs a valid "${k}".`);
  }
  return null;
}

export function isAction(x: unknown): x is Action {
  return checkShape(x) === null;
}
