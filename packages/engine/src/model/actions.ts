// Every move a seat can make, as plain JSON. Locations are board ids (0..41); game records
// write them as labels (see record/).
//
// ONE DEFINITION (issue 26 §1): `ACTION_DEFS` below is the only place an action's name and fields
// are written. The `Action` type, `ACTION_TYPES`, the engine's structural check (shape.ts), the
// server's zod schema (the table package's contract/schemas.ts) and the client's click slots (web controls.tsx) are
// all derived from it. Adding an action = one entry here (+ its rule in game.ts's RULES, which
// the compiler then demands).
import type { Edge, FeatureId, Loc } from '../board/board.js';
import type { AgentId, RecruiterCardId, Seat } from './pieces.js';

/** A mental note an agent writes on a location (D8, R30). */
export interface NoteBody {
  /** Earliest time the recruiter can have been here, if noted. */
  readonly from: number | null;
  /** Latest time, if noted. */
  readonly to: number | null;
  /** Features crossed out on this location. */
  readonly crossed: readonly FeatureId[];
  readonly text: string;
}

/** What each kind of action field holds. Each kind has one check in shape.ts and one zod schema
 * in the server, both written once per kind, never per action. */
export interface FieldKinds {
  /** A location id (0..41). */
  readonly loc: Loc;
  /** A location id, or null (R24: "not on my path"). */
  readonly locOrNull: Loc | null;
  /** Two location ids: an edge of the board (R5 mayhem). */
  readonly edge: Edge;
  readonly card: RecruiterCardId;
  readonly agent: AgentId;
  readonly feature: FeatureId;
  readonly bool: boolean;
  /** Which mind slip token (R18). */
  readonly token: 1 | 2;
  /** A note body, or null to remove (D8); its content is judged by checkNoteBody. */
  readonly note: NoteBody | null;
}
export type FieldKind = keyof FieldKinds;

/**
 * Every action: its name and its fields besides `type` and `seat`, each with its kind. The order
 * of the fields is the order in which a player picks them at the table (the client's slots).
 */
export const ACTION_DEFS = {
  // ---- setup (R5) ----
  placeMayhem: { between: 'edge' },
  chooseRecruiterCard: { card: 'card' },
  chooseStart: { at: 'loc' },
  placeImmortal: { at: 'loc' },
  placeAgent: { agent: 'agent', at: 'loc' },
  placeMindSlip: { at: 'loc' },
  // ---- recruiter (R15-R19); `step` is also the hidden setup step ----
  step: { to: 'loc' },
  mindSlip: { token: 'token', to: 'loc' },
  moveImmortal: { from: 'loc', to: 'loc' },
  extraImmortalMove: { stepToken: 'loc', from: 'loc', to: 'loc' },
  endTurn: {},
  answerAsk: { at: 'locOrNull' },
  // ---- agents (R20-R29) ----
  activate: { agent: 'agent' },
  move: { to: 'loc' },
  ask: { feature: 'feature', dolphin: 'bool' },
  reveal: {},
  shakedown: { feature: 'feature' },
  push: { to: 'loc' },
  capture: {},
  scan: {},
  nudge: { from: 'loc', to: 'loc' },
  dustyMove: { agent: 'agent', to: 'loc' },
  endActivation: {},
  // ---- D12: take back the seat's own last action since the last thing revealed ----
  undo: {},
  // ---- any time ----
  note: { at: 'loc', note: 'note' },
  resign: {},
  /** Sent by the server, never by a client: the seat the game waits on ran out of time (R33). */
  timeout: {},
  /** Sent by the server, never by a client: every person at the table agreed to abandon the game
   * (D14); `seat` is the one who proposed it. */
  abandon: {},
} as const satisfies Readonly<Record<string, Readonly<Record<string, FieldKind>>>>;

type Defs = typeof ACTION_DEFS;
export type ActionType = keyof Defs;

/** Actions only the server makes (R33, D7, D14): no client may send them. */
export const SERVER_ACTIONS = ['timeout', 'abandon'] as const satisfies readonly ActionType[];
export type ClientActionType = Exclude<ActionType, (typeof SERVER_ACTIONS)[number]>;

/** One action type as JSON: `type`, `seat` and its fields, each of the value type of its kind. */
type ActionFrom<T extends ActionType> = {
  readonly [K in 'type' | 'seat' | keyof Defs[T]]: K extends 'type'
    ? T
    : K extends 'seat'
      ? Seat
      : FieldKinds[Defs[T][K & keyof Defs[T]] & FieldKind];
};
export type Action = { [T in ActionType]: ActionFrom<T> }[ActionType];
export type ActionOf<T extends ActionType> = Extract<Action, { type: T }>;

/** An action as a client sends it: its seat may be left out (the server sets it from the
 * connection's place); never a server-only action. */
export type ClientAction = {
  [T in ClientActionType]: Omit<ActionOf<T>, 'seat'> & { readonly seat?: Seat };
}[ClientActionType];

export const ACTION_TYPES = Object.keys(ACTION_DEFS) as readonly ActionType[];
export const CLIENT_ACTION_TYPES = ACTION_TYPES.filter(
  (t) => !(SERVER_ACTIONS as readonly string[]).includes(t),
) as readonly ClientActionType[];

/** The field names of an action type (besides `type` and `seat`), in picking order. */
export function fieldNames(type: ActionType): readonly string[] {
  return Object.keys(ACTION_DEFS[type]);
}
