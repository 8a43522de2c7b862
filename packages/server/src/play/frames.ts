// Per-viewer frames as text: the table host (@mindmgmt/table) decides what each seat (or
// spectator) is shown and builds its frame; this file serialises each once per viewer, shared by
// all of the viewer's connections, and holds the `state` texts of the current seq for a burst of
// `hello`s.
import type { GameEvent, GameState } from '@mindmgmt/engine';
import { catchUpFrame as catchUp, eventsFrames as framesOf, stateFrame as stateBody } from '@mindmgmt/table';
import type { ServerFrame } from '@mindmgmt/table';
import type { Live, Viewer } from './live.js';

/** A frame's text. Every frame is built as its type in the wire contract, so a frame that does
 * not match what the web reads fails to compile here. */
export function frameText(f: ServerFrame): string {
  return JSON.stringify(f);
}

/** The `state` frame of a viewer (without its notes: play/notes.ts `withNotes`), serialised once
 * per (game, seq, viewer) while it is in use: a burst of `hello`s costs one view per viewer, not
 * one per connection. Held by a WeakRef: once the burst is over the garbage collector frees it (a
 * later `hello` builds it again), so a game waiting on a move holds no copy of every viewer's
 * whole log. */
export function stateFrame(g: Live, viewer: Viewer, deadline: number | null): string {
  const s = g.state!;
  if (g.frames.seq !== s.seq) g.frames = { seq: s.seq, byViewer: new Map() };
  let text = g.frames.byViewer.get(viewer)?.deref()?.text;
  if (text === undefined) {
    text = JSON.stringify(stateBody(g.id, s, viewer, deadline));
    g.frames.byViewer.set(viewer, new WeakRef({ text }));
  }
  return text;
}

/** For a `hello` with `lastSeq`: what the viewer missed since then, as one `events` frame, or ''
 * when it has everything; null when that is no longer known (send a full `state` instead). */
export function catchUpFrame(g: Live, viewer: Viewer, lastSeq: number, deadline: number | null): string | null {
  const f = catchUp(g.id, g.state!, g.positions, viewer, lastSeq, deadline);
  return f === 'current' ? '' : f && frameText(f);
}

/** After `events` took `before` to g.state: a function giving each viewer's `events` frame text
 * (each seat, and one shared by all spectators), built and stringified once per viewer; null for
 * a viewer who is shown nothing new (D12). */
export function eventsFrames(
  g: Live,
  before: GameState,
  events: readonly GameEvent[],
  deadline: number | null,
): (v: Viewer) => string | null {
  const frameOf = framesOf(g.id, before, g.state!, events, deadline);
  const texts = new Map<Viewer, string | null>();
  return (v: Viewer): string | null => {
    let text = texts.get(v);
    if (text === undefined) {
      const f = frameOf(v);
      text = f && frameText(f);
      texts.set(v, text);
    }
    return text;
  };
}
