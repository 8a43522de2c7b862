// Per-viewer frames: what each seat (or spectator) is sent about a game, serialised once per
// viewer and shared by all its connections. Only `view(state, viewer)` decides what a frame
// holds, so secrecy is the engine's view rules.
import {
  type Action,
  type GameEvent,
  eventsFor,
  type GameState,
  legalActions,
  publicState,
  RECRUITER_SEAT,
  type Seat,
  view,
  type View,
  viewsOf,
} from '@mindmgmt/engine';
import type { ServerFrame, StateFrame } from '@mindmgmt/table';
import type { Live, Viewer } from './live.js';
import { positionOf } from './positions.js';

/** A frame's text. Every frame is built as its type in the wire contract (protocol.ts), so a
 * frame that does not match what the web reads fails to compile here. */
export function frameText(f: ServerFrame): string {
  return JSON.stringify(f);
}

/** The `state` frame of a viewer, serialised once per (game, seq, viewer) while it is in use: a
 * burst of `hello`s costs one view per viewer, not one per connection (issue 10 item 2). Held by
 * a WeakRef: once the burst is over the garbage collector frees it (a later `hello` builds it
 * again), so a game waiting on a move holds no copy of every viewer's whole log (issue 29 §6). */
export function stateFrame(g: Live, viewer: Viewer, deadline: number | null): string {
  const s = g.state!;
  if (g.frames.seq !== s.seq) g.frames = { seq: s.seq, byViewer: new Map() };
  let text = g.frames.byViewer.get(viewer)?.deref()?.text;
  if (text === undefined) {
    // The notes are spliced in by play/notes.ts `withNotes` (they change without a new seq).
    const frame: Omit<StateFrame, 'notes'> = {
      t: 'state',
      gameId: g.id,
      seat: viewer,
      view: view(s, viewer),
      legal: offeredTo(s, viewer),
      deadline,
    };
    text = JSON.stringify(frame);
    g.frames.byViewer.set(viewer, new WeakRef({ text }));
  }
  return text;
}

/** For a `hello` with `lastSeq`: what the viewer missed since then, as one `events` frame (the
 * log entries after lastSeq), or '' when it has everything; null when that is no longer known
 * (send a full `state` instead). D12: decided from the viewer's own position only: for every seat
 * but the recruiter the public one, which the recruiter's unsettled turn and undos never move. */
export function catchUpFrame(g: Live, viewer: Viewer, lastSeq: number, deadline: number | null): string | null {
  const s = g.state!;
  if (s.result) return null;
  const at = positionOf(s, viewer);
  if (lastSeq > at.seq) return null;
  if (lastSeq === at.seq) return '';
  const from = g.positions.logLengthAt(viewer, lastSeq);
  if (from === undefined) return null;
  // The game as this viewer is shown it (D12), with only the entries it missed: `view` reads
  // `history` only to build `log`.
  const shown = viewer === RECRUITER_SEAT ? s : publicState(s);
  const vw = view({ ...shown, history: shown.history.slice(from) }, viewer);
  return frameText({
    t: 'events',
    gameId: g.id,
    seq: vw.seq,
    events: vw.log,
    logFrom: from,
    view: vw,
    legal: offeredTo(s, viewer),
    deadline,
  });
}

/**
 * After `events` took `before` to g.state: a function giving each viewer's `events` frame (each
 * seat, and one shared by all spectators), built and stringified once per viewer; null for a
 * viewer who is shown nothing new (D12: the recruiter's unsettled turn, and its undo, send the
 * other seats nothing at all; once settled they get the whole turn in one frame).
 *
 * The frame's `view.log` holds only the entries from `logFrom` on: every connection already has
 * the ones before (its `state` frame had the full log, and each `events` frame since appended its
 * entries, in seq order under the lock), so `logFrom` is the log length before this action and
 * the entries are this action's events. When the game ends the log is sent whole (`logFrom: 0`):
 * the full reveal adds `secret` to earlier entries too.
 */
export function eventsFrames(
  g: Live,
  before: GameState,
  events: readonly GameEvent[],
  deadline: number | null,
): (v: Viewer) => string | null {
  const s = g.state!;
  const texts = new Map<Viewer, string | null>();
  // The viewers who see no secrets share one tail (their log ends at the same place) and so one
  // public view, built once per action instead of once per seat (issue 29 §6: the views were the
  // largest allocation of the fan-out).
  let shared: ((v: Viewer) => View) | null = null;
  const publicViews = (tail: () => GameState) => (shared ??= viewsOf(tail()));
  return (v: Viewer): string | null => {
    let text = texts.get(v);
    if (text === undefined) {
      text = eventsFrame(g.id, before, s, events, v, deadline, publicViews);
      texts.set(v, text);
    }
    return text;
  };
}

function eventsFrame(
  gameId: string,
  before: GameState,
  s: GameState,
  events: readonly GameEvent[],
  v: Viewer,
  deadline: number | null,
  publicViews: (tail: () => GameState) => (v: Viewer) => View,
): string | null {
  const full = v === RECRUITER_SEAT || s.result !== null;
  if (!full && positionOf(before, v).seq === positionOf(s, v).seq) return null;
  // The log this viewer holds ends where its view of `before` ended (D12: for the other seats,
  // before the recruiter's unsettled turn, or where an undo cut it back to).
  const held = positionOf(before, full ? RECRUITER_SEAT : v).logLength;
  const logFrom = s.result ? 0 : Math.min(held, s.history.length - events.length);
  // `view` reads `history` only to build `log` (engine views/view.ts), so a state whose history
  // is just the new entries gives the same view with only the new log entries, in O(events)
  // instead of O(history) (test: the merged client log equals view(state, seat) at every seq).
  const tail = (): GameState => (logFrom === 0 ? s : { ...s, history: s.history.slice(logFrom) });
  // every viewer who is not `full` has the same `held`, so the same tail: the first one's serves
  const vw = full ? view(tail(), v) : publicViews(tail)(v);
  return frameText({
    t: 'events',
    gameId,
    seq: vw.seq,
    events: logFrom === 0 ? eventsFor(s, events, v) : vw.log,
    logFrom,
    view: vw,
    legal: offeredTo(s, v),
    deadline,
  });
}

/** `legalActions` once per state and seat: the `events` frame, a bot's decision and the `state`
 * frames of later hellos share the list (states are never changed in place; a new action gives a
 * new state object). Spectators have none. */
const legalCache = new WeakMap<GameState, Map<Seat, Action[]>>();
/** What a player's frame offers: the legal actions and, when it may, `undo` (D12); bots are given
 * `legalFor` and never undo. */
export function offeredTo(s: GameState, v: Viewer): Action[] {
  const legal = legalFor(s, v);
  return v !== 'spectator' && s.undo?.seat === v ? legalActions(s, v, { undo: true }) : legal;
}
export function legalFor(s: GameState, v: Viewer): Action[] {
  if (v === 'spectator') return [];
  let bySeat = legalCache.get(s);
  if (!bySeat) legalCache.set(s, (bySeat = new Map()));
  let legal = bySeat.get(v);
  if (!legal) bySeat.set(v, (legal = legalActions(s, v)));
  return legal;
}
