// Illegal actions come back as values with a stable code and a sentence for a person,
// never as exceptions (the server relays `message` to the seat that sent the action only).
// Each code is defined here once, with the ruling of docs/rules.md its refusals follow from, so a
// client links a refusal to the rulebook by the ruling id in its parameters (`params.rule`),
// never by reading the English sentence.

/** A ruling (`R1`..) or an engine decision (`D1`..) of docs/rules.md. */
export type RuleId = `R${number}` | `D${number}`;

/** Every refusal of the code follows from this one ruling: `err` puts it in `params.rule`. */
interface OneRule {
  readonly rule: RuleId;
  readonly why?: undefined;
}
/** No refusal of the code follows from a ruling of the game, for the reason given. */
interface NoRule {
  readonly rule: null;
  readonly why: string;
}
/** A kind of failure several rulings share: each refusal names which of these it follows from;
 * `none` says why some refusals of the code follow from none (only then may a refusal name none). */
interface SharedRules {
  readonly rules: readonly RuleId[];
  readonly none?: string;
}
type ErrorDef = OneRule | NoRule | SharedRules;

export const ERRORS = {
  malformed: { rule: null, why: 'the input is not shaped like an action, a note or the options: no rule decides it' },
  game_over: { rule: null, why: 'nothing is played after the result, whatever the rules' },
  not_your_turn: {
    rules: ['R5'], // another seat is expected to act now
    none: 'whose turn it is comes from the phase and the seats; only setup names its order (R5)',
  },
  wrong_phase: { rule: null, why: 'the action belongs to another step of the game, which the message names' },
  not_in_mode: { rule: 'R31' }, // the rule does not exist in the Training Mission
  bad_location: { rule: null, why: 'it names no location of the board' },
  not_adjacent: { rules: ['R2', 'R3', 'R4', 'R20', 'R28'] },
  blocked_by_mayhem: { rules: ['R1', 'R3'] },
  already_visited: { rule: 'R15' },
  occupied: { rules: ['R3', 'R7'], none: 'a second mayhem token on one edge: the piece is already there' },
  mayhem_touches: { rule: 'R4' },
  not_edge: { rule: 'R8' },
  edge_location: { rule: 'R7' },
  not_near_temple: { rule: 'R9' },
  already_done: {
    rules: ['R15', 'R20', 'R29'],
    none: 'an agent placed twice, a free ability used twice in one activation: it was done already',
  },
  no_token: { rules: ['R16', 'R18', 'R23'] },
  immortal_here: { rules: ['R22', 'R23', 'R25', 'R26'] },
  feature_blocked: { rule: 'R22' },
  not_here: { rules: ['R22', 'R24'], none: 'the note or the immortal the action names is not on that location' },
  not_allowed: {
    rules: ['R15', 'R16', 'R24', 'R27', 'R30'],
    none: "a seat not at the table, or an ability of another agent: not this seat's to do",
  },
  not_controlled: { rule: 'R32' },
  must_act: { rules: ['R15', 'R20'] }, // an action must be taken before this
  bad_answer: { rule: 'R22' },
  undo_nothing: { rule: 'D12' }, // the seat has taken no undoable action since the last reveal
  undo_after_reveal: { rule: 'D12' }, // what the seat did since was revealed (or ended its turn)
} as const satisfies Record<string, ErrorDef>;

export type ErrorCode = keyof typeof ERRORS;

/** The codes whose refusals name their ruling where they are made. */
type SharedCode = { [C in ErrorCode]: (typeof ERRORS)[C] extends SharedRules ? C : never }[ErrorCode];
export type RuleOf<C extends SharedCode> = Extract<(typeof ERRORS)[C], SharedRules>['rules'][number];
/** null where the code says why some of its refusals follow from no ruling, else nothing. */
type NoneOf<C extends SharedCode> = (typeof ERRORS)[C] extends { readonly none: string } ? null : never;

/**
 * What a client needs to say `message` in the player's language: `v` tells apart the sentences
 * one code has (a step's "not adjacent" from an agent's), the rest fills it in (locations as
 * their labels, agent and feature ids). Only what `message` already says, and `rule`: the ruling
 * id (a `RuleId`) the refusal follows from, for a link to the rulebook.
 */
export type ErrorParams = Readonly<Record<string, string | number>>;

export interface GameError {
  readonly ok: false;
  readonly code: ErrorCode;
  readonly message: string;
  readonly params?: ErrorParams;
}

/** The ruling a refusal follows from, and the others its sentence names beside it (a move through
 * mayhem breaks R20's move and R21's way at once: `['R20', 'R21']`). */
type Cited<R extends RuleId> = R | readonly [R, ...RuleId[]];

/**
 * A refusal. `message` is the sentence without its ruling ids: `err` writes them in, "(R15)"
 * before the final full stop, from the ruling that goes in `params.rule`, so the developers'
 * citation and the client's link are the same datum. A code with one ruling takes it from
 * `ERRORS`; a code with none cites none.
 */
export function err(code: Exclude<ErrorCode, SharedCode>, message: string, params?: ErrorParams): GameError;
/** A refusal of a code several rulings share: `rule` says which this one follows from (null: none,
 * for a code whose `none` says why). */
export function err<C extends SharedCode>(
  code: C,
  rule: Cited<RuleOf<C>> | NoneOf<C>,
  message: string,
  params?: ErrorParams,
): GameError;
export function err(
  code: ErrorCode,
  ...rest: [string, ErrorParams?] | [Cited<RuleId> | null, string, ErrorParams?]
): GameError {
  const def: ErrorDef = ERRORS[code];
  const [cited, sentence, params] =
    'rules' in def
      ? (rest as [Cited<RuleId> | null, string, ErrorParams?])
      : [def.rule, ...(rest as [string, ErrorParams?])];
  if (cited === null)
    return params ? { ok: false, code, message: sentence, params } : { ok: false, code, message: sentence };
  const ids: readonly RuleId[] = typeof cited === 'string' ? [cited] : cited;
  const message = `${sentence.replace(/\.$/, '')} (${ids.join(', ')}).`;
  return { ok: false, code, message, params: { ...params, rule: ids[0]! } };
}

/** The ruling a refusal follows from, from its data (null: none, or a client of an older engine). */
export function ruleOf(e: { readonly params?: Readonly<Record<string, string | number>> }): RuleId | null {
  const r = e.params?.rule;
  return typeof r === 'string' && /^[RD]\d+$/.test(r) ? (r as RuleId) : null;
}
