// One table session's moves, as both hosts make them (the server's master and the offline game in
// the page): an action for a seat through the engine, a note change, and what each viewer is then
// shown. Pure: the caller stores, sends and keeps the clock (a deadline is data here).
import {
  type Action,
  apply,
  applyNote,
  checkNote,
  type GameError,
  type GameEvent,
  type GameState,
  type Loc,
  type NoteBody,
  type Notes,
  type Seat,
  type Viewer,
} from '@mindmgmt/engine';
import type { EventsFrame, NoteFrame } from '../contract/index.js';
import { eventsFrames } from './frames.js';
import { shownToOthers } from './positions.js';

/** An action the engine took. */
export interface Played {
  readonly ok: true;
  readonly before: GameState;
  readonly state: GameState;
  /** The engine's events, secrets included (filter with the frames, never send as they are). */
  readonly events: readonly GameEvent[];
  /** Whether the seats other than the recruiter and the spectators see the game move (D12: not
   * while the recruiter's turn can still be taken back, nor for an undo in it). */
  readonly shownToOthers: boolean;
  /** Each viewer's `events` frame (null: shown nothing new), with the deadline after the action. */
  frames(deadline: number | null): (v: Viewer) => EventsFrame | null;
}

/** `action` (its seat set by the caller, from who sent it) on the game `s` of table `gameId`: the
 * engine's refusal, or what it did and what each viewer is shown. */
export function play(gameId: string, s: GameState, action: Action): Played | GameError {
  const r = apply(s, action);
  if (!r.ok) return r;
  const state = r.state;
  const events = r.events;
  return {
    ok: true,
    before: s,
    state,
    events,
    shownToOthers: shownToOthers(s, state),
    frames: (deadline) => eventsFrames(gameId, s, state, events, deadline),
  };
}

/** A changed note: the notes after it and the frame every viewer gets (notes are public, R30). */
export interface NoteWritten {
  readonly ok: true;
  readonly notes: Notes;
  readonly frame: NoteFrame;
}

/** An agent seat's white note on `at` (null: removed), checked by the engine (R30, D8). Not a
 * move: no seq, never in the log. */
export function writeNote(
  gameId: string,
  s: GameState,
  notes: Notes,
  seat: Seat,
  at: Loc,
  note: NoteBody | null,
): NoteWritten | GameError {
  const change = { seat, at, note };
  const e = checkNote(s, notes, change);
  if (e) return e;
  return { ok: true, notes: applyNote(notes, change), frame: { t: 'note', gameId, at, note } };
}
