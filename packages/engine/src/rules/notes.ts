// Mental notes as table state, not history (R30, D8), so that scribbling
// never grows the game's history. A note change replaces the
// white note on one location (or removes it); it is not a move: it does not enter the action log,
// it does not advance `seq`, and `apply` refuses it. Whoever holds a game (the server, the
// tutorial) keeps the notes beside the game state in a `Notes` list and changes it only through
// `checkNote` + `applyNote`. One note per location and a bounded body make the notes of a game
// bounded: at most 42 entries of at most NOTE_TEXT_MAX characters of text each.
import { FEATURES, isLoc, LOCATIONS, label, type Loc } from '../board/board.js';
import type { Action, NoteBody } from '../model/actions.js';
import { err, type GameError } from '../model/errors.js';
import type { Seat } from '../model/pieces.js';
import type { GameState } from '../model/state.js';
import { isAgentSeat } from './seats.js';

export const NOTE_TEXT_MAX = 200;
/** The most notes a game can hold: one per location (D8). */
export const NOTES_MAX = LOCATIONS.length;

/** The white note on one location. */
export interface NoteEntry {
  readonly at: Loc;
  readonly note: NoteBody;
}

/** A game's white notes, one per location at most, in location order. */
export type Notes = readonly NoteEntry[];

/** One change: the note `seat` writes on `at`, or null to remove the note there. */
export interface NoteChange {
  readonly seat: Seat;
  readonly at: Loc;
  readonly note: NoteBody | null;
}

/** Why a note body is malformed (D8: a time range, crossed-out features, free text), or null. */
export function checkNoteBody(n: unknown): GameError | null {
  if (n === null) return null;
  if (typeof n !== 'object' || Array.isArray(n)) return err('malformed', 'A note is an object or null.');
  const b = n as Record<string, unknown>;
  const time = (t: unknown) => t === null || (typeof t === 'number' && Number.isInteger(t) && t >= 1 && t <= 16);
  if (!time(b.from) || !time(b.to)) return err('malformed', 'Note times are whole hours from 1 to 16, or null.');
  if (typeof b.from === 'number' && typeof b.to === 'number' && b.from > b.to)
    return err('malformed', "A note's time range must run forwards.");
  if (
    !Array.isArray(b.crossed) ||
    b.crossed.some((f) => !(FEATURES as readonly unknown[]).includes(f)) ||
    new Set(b.crossed).size !== b.crossed.length
  )
    return err('malformed', 'Crossed-out features must be distinct feature names.');
  if (typeof b.text !== 'string' || b.text.length > NOTE_TEXT_MAX)
    return err('malformed', `Note text is at most ${NOTE_TEXT_MAX} characters.`);
  return null;
}

/** Checks who writes and where, shared by note changes and legacy logged `note` actions. */
export function checkNoteWriter(s: GameState, seat: unknown, at: unknown): GameError | null {
  if (s.result) return err('game_over', 'The game is over.');
  if (!isAgentSeat(s, seat as Seat)) return err('not_allowed', 'R30', 'Mental notes are written by the agents.');
  if (!isLoc(at)) return err('bad_location', `There is no location ${String(at)}.`);
  return null;
}

/**
 * Why `change` may not be made to `notes` in game `s` now, or null. Never throws. R30: only agent
 * seats write (any agent seat, at any time, also out of turn); D8: on a location of the board,
 * replacing the note there; removing needs a note to remove. Once the game is over the notes are
 * final.
 */
export function checkNote(s: GameState, notes: Notes, change: unknown): GameError | null {
  if (typeof change !== 'object' || change === null || Array.isArray(change))
    return err('malformed', 'A note change is an object with seat, at and note.');
  const c = change as Record<string, unknown>;
  const e = checkNoteWriter(s, c.seat, c.at) ?? checkNoteBody(c.note ?? null);
  if (e) return e;
  if (c.note === undefined) return err('malformed', 'A note change needs `note` (an object, or null to remove).');
  if (c.note === null && !notes.some((n) => n.at === c.at))
    return err('not_here', null, `There is no mental note on ${label(c.at as Loc)}.`);
  return null;
}

/** A copy of a note body holding only its four fields (no stray keys survive into the notes). */
function copyBody(n: NoteBody): NoteBody {
  return { from: n.from, to: n.to, crossed: [...n.crossed], text: n.text };
}

/** The notes after `change` (which `checkNote` accepted): a new list, `notes` untouched. The
 * writer does not matter here: a note is the table's, whoever wrote it (D8). */
export function applyNote(notes: Notes, change: Pick<NoteChange, 'at' | 'note'>): Notes {
  const out = notes.filter((n) => n.at !== change.at);
  if (change.note) out.push({ at: change.at, note: copyBody(change.note) });
  return out.sort((a, b) => a.at - b.at);
}

/** Whether two note bodies (or absences) are the same. */
export function sameNote(a: NoteBody | null | undefined, b: NoteBody | null | undefined): boolean {
  if (!a || !b) return !a && !b;
  return (
    a.from === b.from &&
    a.to === b.to &&
    a.text === b.text &&
    a.crossed.length === b.crossed.length &&
    a.crossed.every((f, i) => f === b.crossed[i])
  );
}

/** The notes written by the `note` actions of a log stored before notes left it (legacy logs and
 * records): each one replaces the note on its location, in order. */
export function notesFromActions(actions: readonly Action[], from: Notes = []): Notes {
  let notes = from;
  for (const a of actions) if (a.type === 'note') notes = applyNote(notes, a);
  return notes;
}
