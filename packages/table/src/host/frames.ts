// Each viewer's frames: what a seat (or a spectator) is sent about a game, as the contract's frame
// bodies. Only the engine's `view(state, viewer)` and the positions (positions.ts, D12) decide
// what a frame holds, so secrecy is decided here and in the engine's view rules, nowhere else.
// Pure: the caller serialises, caches and sends (the server per viewer, the offline game in the
// page).
import {
  type GameEvent,
  eventsFor,
  type GameState,
  publicState,
  RECRUITER_SEAT,
  type View,
  type Viewer,
  view,
  viewsOf,
} from '@mindmgmt/engine';
import type { EventsFrame, StateFrame } from '../contract/index.js';
import { offeredTo } from './offered.js';
import { positionOf, type RecentPositions, shownTo } from './positions.js';

/** A `state` frame without the notes: they change without a new seq, so whoever sends the frame
 * adds the current ones (the server splices its serialised notes into a cached text). */
export type StateBody = Omit<StateFrame, 'notes'>;

/** The whole picture of `s` for `viewer`. */
export function stateFrame(gameId: string, s: GameState, viewer: Viewer, deadline: number | null): StateBody {
  return { t: 'state', gameId, seat: viewer, view: view(s, viewer), legal: offeredTo(s, viewer), deadline };
}

/**
 * For a reconnect with `lastSeq`: what the viewer missed since then as one `events` frame (the log
 * entries after lastSeq), 'current' when it has everything, or null when that is no longer known
 * (send a whole `state` instead). D12: decided from the viewer's own position only: for every seat
 * but the recruiter the public one, which the recruiter's unsettled turn and undos never move.
 */
export function catchUpFrame(
  gameId: string,
  s: GameState,
  positions: RecentPositions,
  viewer: Viewer,
  lastSeq: number,
  deadline: number | null,
): EventsFrame | 'current' | null {
  if (s.result) return null;
  const at = positionOf(s, viewer);
  if (lastSeq > at.seq) return null;
  if (lastSeq === at.seq) return 'current';
  const from = positions.logLengthAt(viewer, lastSeq);
  if (from === undefined) return null;
  // The game as this viewer is shown it (D12), with only the entries it missed: `view` reads
  // `history` only to build `log`.
  const shown = viewer === RECRUITER_SEAT ? s : publicState(s);
  const vw = view({ ...shown, history: shown.history.slice(from) }, viewer);
  return {
    t: 'events',
    gameId,
    seq: vw.seq,
    events: vw.log,
    logFrom: from,
    view: vw,
    legal: offeredTo(s, viewer),
    deadline,
  };
}

/**
 * After `events` took `before` to `after`: a function giving each viewer's `events` frame, built
 * once per viewer; null for a viewer who is shown nothing new (D12: the recruiter's unsettled
 * turn, and its undo, send the other seats nothing at all; once settled they get the whole turn
 * in one frame).
 *
 * The frame's `view.log` holds only the entries from `logFrom` on: every viewer already has the
 * ones before (its `state` frame had the full log, and each `events` frame since appended its
 * entries, in seq order), so `logFrom` is the log length this viewer held before and the entries
 * are what it had not seen. When the game ends the log is sent whole (`logFrom: 0`): the full
 * reveal adds `secret` to earlier entries too.
 */
export function eventsFrames(
  gameId: string,
  before: GameState,
  after: GameState,
  events: readonly GameEvent[],
  deadline: number | null,
): (v: Viewer) => EventsFrame | null {
  const frames = new Map<Viewer, EventsFrame | null>();
  // The viewers who see no secrets share one tail (their log ends at the same place) and so one
  // public view, built once per action instead of once per seat (the views were the largest
  // allocation of the server's fan-out).
  let shared: ((v: Viewer) => View) | null = null;
  const publicViews = (tail: () => GameState) => (shared ??= viewsOf(tail()));
  return (v: Viewer): EventsFrame | null => {
    let f = frames.get(v);
    if (f === undefined) {
      f = eventsFrame(gameId, before, after, events, v, deadline, publicViews);
      frames.set(v, f);
    }
    return f;
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
): EventsFrame | null {
  if (!shownTo(before, s, v)) return null;
  const full = v === RECRUITER_SEAT || s.result !== null;
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
  return {
    t: 'events',
    gameId,
    seq: vw.seq,
    events: logFrom === 0 ? eventsFor(s, events, v) : vw.log,
    logFrom,
    view: vw,
    legal: offeredTo(s, v),
    deadline,
  };
}
