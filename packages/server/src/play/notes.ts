// The agents' mental notes as table state beside the game (R30, D8). A change
// replaces the white note on one location (or removes it); it never enters the action log, so the
// log, the `state` frame and every `hello` grow only with moves. The engine decides what is allowed
// (`checkNote`, pure) and what the notes become (`applyNote`, pure); this file persists the change
// (GameStore.setNote: one row per location, upsert), keeps the game's current notes in memory
// (Live.notes, loaded with the game) and fans each change out as its own `note` frame to every
// subscriber: agents' notes are public to every player and spectator (R30). Other instances on a
// shared store hear "<gameId> N" and re-read the notes (`refreshNotes`). Bounded: at most 42
// notes (one per location) of at most NOTE_TEXT_MAX characters each, so the notes part of a
// `state` frame stays a few kilobytes whatever the number of changes.
import { applyNote, checkNote, type NoteBody, type NoteChange, type NoteEntry, sameNote } from '@mindmgmt/engine';
import { ApiError } from '../api-error.js';
import type { GameStore } from '../store/types.js';
import { sendAll, sendEach } from './fanout.js';
import { frameText } from './frames.js';
import type { Conn, Live } from './live.js';

/** The `notes` member of a frame, serialised once per change of the game's notes. */
function notesJson(g: Live): string {
  return (g.notesText ??= JSON.stringify(g.notes));
}

/** A game's `state` frame (play/frames.ts, cached per seq and viewer) with its current notes. */
export function withNotes(g: Live, stateText: string): string {
  return `${stateText.slice(0, -1)},"notes":${notesJson(g)}}`;
}

/** All the notes of a game as one frame (after a `hello` that caught up with `lastSeq`). */
export function notesFrame(g: Live): string {
  return `{"t":"notes","gameId":${JSON.stringify(g.id)},"notes":${notesJson(g)}}`;
}

/** One location's note changed (null: removed). */
function noteFrame(g: Live, at: number, note: NoteBody | null): string {
  return frameText({ t: 'note', gameId: g.id, at, note });
}

function setNotes(g: Live, notes: readonly NoteEntry[]): void {
  g.notes = notes;
  g.notesText = null;
}

/**
 * Under g.lock: a connection's note change. Refused (ApiError, to the writer only) unless the
 * connection holds an agent seat of a started game and the engine accepts the change; otherwise
 * stored, applied, and sent to every subscriber (the writer's copy first, with its request id).
 */
export async function changeNote(
  store: GameStore,
  g: Live,
  c: Conn,
  at: number,
  note: NoteBody | null,
  id: string | undefined,
): Promise<void> {
  if (!g.state) throw new ApiError(409, 'not_started', 'The game has not started yet.');
  const seat = c.viewer;
  if (seat === null || seat === 'spectator') throw new ApiError(403, 'forbidden', 'Spectators cannot write notes.');
  const change: NoteChange = { seat, at, note };
  const e = checkNote(g.state, g.notes, change);
  if (e) throw new ApiError(422, e.code, e.message);
  await store.setNote(g.id, change, Date.now());
  setNotes(g, applyNote(g.notes, change));
  g.lastActive = Date.now();
  const text = noteFrame(g, at, note);
  sendEach(g, () => text, c, id);
}

/**
 * Under g.lock: the notes as stored (changed by another instance, or notifications were missed):
 * each location that differs from what this instance holds goes to its subscribers as a `note`
 * frame.
 */
export async function refreshNotes(store: GameStore, g: Live): Promise<void> {
  if (!g.state) return;
  const fresh = await store.notesOf(g.id);
  const had = new Map(g.notes.map((n) => [n.at, n.note]));
  const now = new Map(fresh.map((n) => [n.at, n.note]));
  const changed = [...new Set([...had.keys(), ...now.keys()])]
    .filter((at) => !sameNote(had.get(at), now.get(at)))
    .sort((a, b) => a - b);
  if (!changed.length) return;
  setNotes(g, fresh);
  for (const at of changed) sendAll(g, noteFrame(g, at, now.get(at) ?? null));
}
