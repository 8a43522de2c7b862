// Game records (docs/game-record.md): versioned JSON with the explicit deck and recruiter card,
// one entry per action with locations as labels, and the result.
import { FEATURES, type FeatureId, label, locOf } from '../board/board.js';
import type { Action, NoteBody } from '../model/actions.js';
import { err, type GameError } from '../model/errors.js';
import { type GameResult, RECRUITER_CARDS, type RecruiterCardId } from '../model/pieces.js';
import { checkShape } from '../model/shape.js';
import type { GameOptions, GameState, RecruiterCardRule } from '../model/state.js';
import { applyLogged } from '../game.js';
import { applyNote, checkNoteBody, type Notes, notesFromActions } from '../rules/notes.js';
import { newGame, validateOptions } from '../rules/setup.js';

export const RECORD_FORMAT = 'mindmgmt-record';
export const RECORD_VERSION = 1;
export const ENGINE_VERSION = '0.1.0';

/** An action as written in a record: like the engine's, with every location as a label. */
export type RecordAction = Record<string, unknown> & { readonly type: string; readonly seat: number };

export interface GameRecord {
  readonly format: typeof RECORD_FORMAT;
  readonly version: number;
  readonly engine?: string;
  readonly options: {
    readonly mode: 'full' | 'training';
    readonly agentSeats: number;
    readonly recruiterCard: RecruiterCardRule;
  };
  readonly seed?: number;
  /** All 16 features, top of the deck first. */
  readonly deck: readonly FeatureId[];
  /** The recruiter card when it was not chosen in setup (so any RNG replays it). */
  readonly recruiterCard: RecruiterCardId | null;
  readonly actions: readonly RecordAction[];
  readonly result: GameResult | null;
  /** The agents' white notes when the record was written (R30, D8), locations as labels. Notes are
   * table state, not moves, so they are not among `actions`; records written before that have
   * `note` actions instead and no `notes`. */
  readonly notes?: readonly RecordNote[];
  /** Who played each seat, when the writer knew: a bot's level, or `null` for a person. The
   * engine neither writes nor reads it (replay does not depend on who chose the moves); an
   * offline game uploaded to a history must carry it (docs/offline.md). */
  readonly seats?: readonly RecordSeat[];
}

/** One seat of a record's `seats`. */
export interface RecordSeat {
  readonly seat: number;
  readonly bot: string | null;
}

/** A white note as written in a record. */
export interface RecordNote {
  readonly at: string;
  readonly note: NoteBody;
}

const LOC_FIELDS = ['at', 'to', 'from', 'stepToken'] as const;

export function actionToRecord(a: Action): RecordAction {
  const o: Record<string, unknown> = { ...a };
  for (const k of LOC_FIELDS) if (typeof o[k] === 'number') o[k] = label(o[k] as number);
  if (a.type === 'placeMayhem') o.between = [label(a.between[0]), label(a.between[1])];
  return o as RecordAction;
}

/** Converts a record entry back to an engine action; labels are required for locations. */
export function actionFromRecord(r: unknown): Action | GameError {
  if (typeof r !== 'object' || r === null || Array.isArray(r))
    return err('malformed', 'A record action is a JSON object.');
  const o: Record<string, unknown> = { ...(r as Record<string, unknown>) };
  const conv = (v: unknown): unknown => {
    if (typeof v !== 'string') return v === null ? null : Number.NaN;
    return locOf(v) ?? Number.NaN;
  };
  for (const k of LOC_FIELDS) if (k in o) o[k] = conv(o[k]);
  if ('between' in o) o.between = Array.isArray(o.between) ? o.between.map(conv) : o.between;
  const shape = checkShape(o);
  if (shape) return shape;
  return o as unknown as Action;
}

/**
 * D12: which of a log's actions stand: false for each `undo` and for the action it took back.
 * Every action but an undo sets or clears the undo points (an undoable one pushes the state before
 * it, any other clears them), so an `undo` always takes back the last action still standing. The
 * record keeps both (D12); what shows a game as played (a replay, an analysis) reads only these.
 * For a log the engine accepted.
 */
export function standingActions(actions: readonly { readonly type: string }[]): boolean[] {
  const out = actions.map((a) => a.type !== 'undo');
  const kept: number[] = [];
  actions.forEach((a, i) => {
    if (a.type !== 'undo') kept.push(i);
    else {
      const j = kept.pop();
      if (j !== undefined) out[j] = false;
    }
  });
  return out;
}

/** `notes`: the game's white notes now (kept beside the game, not in its log); without them, the
 * ones the log's legacy `note` actions wrote. */
export function exportRecord(s: GameState, actions: readonly Action[], notes?: Notes): GameRecord {
  return {
    format: RECORD_FORMAT,
    version: RECORD_VERSION,
    engine: ENGINE_VERSION,
    options: { mode: s.mode, agentSeats: s.agentSeats, recruiterCard: s.recruiterCardRule },
    seed: s.seed,
    deck: [...s.initialDeck],
    recruiterCard: s.recruiterCardRule === 'choose' ? null : s.recruiterCard,
    actions: actions.map(actionToRecord),
    result: s.result,
    notes: (notes ?? notesFromActions(actions)).map((n) => ({ at: label(n.at), note: n.note })),
  };
}

export type ReplayResult =
  | { readonly ok: true; readonly state: GameState; readonly actions: number; readonly notes: Notes }
  | { readonly ok: false; readonly index: number; readonly code: string; readonly message: string };

/** Checks that a parsed JSON value is a record; returns the reason if not. */
export function checkRecord(x: unknown): string | null {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) return 'a record is a JSON object';
  const r = x as Record<string, unknown>;
  if (r.format !== RECORD_FORMAT) return `"format" must be "${RECORD_FORMAT}"`;
  if (r.version !== RECORD_VERSION) return `"version" must be ${RECORD_VERSION}`;
  const o = r.options as Record<string, unknown> | undefined;
  if (typeof o !== 'object' || o === null) return '"options" is missing';
  const rc = o.recruiterCard ?? 'random';
  const opts: GameOptions = {
    mode: o.mode as 'full',
    agentSeats: o.agentSeats as number,
    recruiterCard: rc as RecruiterCardRule,
  };
  const bad = validateOptions(opts);
  if (bad) return `options: ${bad.message}`;
  if (
    !Array.isArray(r.deck) ||
    r.deck.length !== FEATURES.length ||
    new Set(r.deck).size !== FEATURES.length ||
    r.deck.some((f) => !(FEATURES as readonly unknown[]).includes(f))
  )
    return '"deck" must list each of the 16 features once';
  if (rc !== 'choose') {
    const card = r.recruiterCard ?? (rc === 'random' ? undefined : rc);
    if (!(RECRUITER_CARDS as readonly unknown[]).includes(card))
      return '"recruiterCard" must be "carl" or "girl" unless the option is "choose"';
  }
  if (!Array.isArray(r.actions)) return '"actions" must be a list';
  if (r.seed !== undefined && (typeof r.seed !== 'number' || !Number.isInteger(r.seed)))
    return '"seed" must be a whole number';
  if (r.notes !== undefined) {
    if (!Array.isArray(r.notes)) return '"notes" must be a list';
    const seen = new Set<number>();
    for (const n of r.notes as unknown[]) {
      const e = typeof n === 'object' && n !== null ? (n as Record<string, unknown>) : {};
      const at = typeof e.at === 'string' ? locOf(e.at) : undefined;
      if (at === undefined || seen.has(at)) return '"notes" holds one note per location, `at` a label';
      seen.add(at);
      const bad = checkNoteBody(e.note) ?? (e.note === null ? err('malformed', 'a note is an object') : null);
      if (bad) return `notes: ${bad.message}`;
    }
  }
  return null;
}

/**
 * The game a record starts from (before its first action): its options, seed, explicit deck and,
 * unless chosen in setup, its recruiter card. The record must pass `checkRecord`.
 */
export function gameFromRecord(record: GameRecord): GameState {
  const rc = record.options.recruiterCard ?? 'random';
  const s = newGame(
    {
      mode: record.options.mode,
      agentSeats: record.options.agentSeats,
      recruiterCard: rc === 'choose' ? 'choose' : ((record.recruiterCard ?? rc) as RecruiterCardRule),
      deck: record.deck,
    },
    record.seed ?? 0,
  );
  // A random card is replayed as the recorded one; the state still says how it was chosen.
  return rc === 'random' ? { ...s, recruiterCardRule: 'random' } : s;
}

/** Rebuilds the game from a record: the final state, or the first illegal action. */
export function replay(record: GameRecord): ReplayResult {
  const problem = checkRecord(record);
  if (problem) return { ok: false, index: -1, code: 'malformed', message: problem };
  let s = gameFromRecord(record);
  const legacy: Action[] = [];
  for (let i = 0; i < record.actions.length; i++) {
    const a = actionFromRecord(record.actions[i]);
    if ('ok' in a) return { ok: false, index: i, code: a.code, message: a.message };
    const r = applyLogged(s, a);
    if (!r.ok) return { ok: false, index: i, code: r.code, message: r.message };
    s = r.state;
    if (a.type === 'note') legacy.push(a);
  }
  return { ok: true, state: s, actions: record.actions.length, notes: recordNotes(record) ?? notesFromActions(legacy) };
}

/** The notes a record gives (checked by `checkRecord`), or undefined when it has none. */
export function recordNotes(record: GameRecord): Notes | undefined {
  let notes: Notes = [];
  if (!record.notes) return undefined;
  for (const n of record.notes) notes = applyNote(notes, { at: locOf(n.at)!, note: n.note });
  return notes;
}
