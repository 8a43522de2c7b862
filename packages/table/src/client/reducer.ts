// One client-side reducer of a table's frames, for the online table (the WebSocket), the offline
// game and the companion (frames from the host in the page): the previous table as this client
// holds it + one frame -> the next. Pure.
import { type Action, applyNote, type Notes, type SeenEvent, type View, type Viewer } from '@mindmgmt/engine';
import type { EventsFrame, NoteFrame, NotesFrame, StateFrame } from '../contract/index.js';
import { mergeLog } from './log.js';

/** The frames that move a table on a client. */
export type TableFrame = StateFrame | EventsFrame | NoteFrame | NotesFrame;

/** What one `state` or `events` frame showed: the picture a table draws (client-side pacing shows
 * them one by one, so it keeps these). */
export interface Shown {
  readonly kind: 'state' | 'events';
  readonly seat: Viewer | null;
  /** The view with the whole log (an `events` frame's entries merged into the log held). */
  readonly view: View;
  readonly legal: Action[];
  /** The entries this frame added (none for a `state` frame). */
  readonly events: SeenEvent[];
  /** When the seat the game waits on runs out of time (ms epoch), or null. */
  readonly deadline: number | null;
}

/** A table as one client holds it. */
export interface ClientTable {
  /** The last `state` or `events` frame merged, or null before the first `state`. */
  readonly shown: Shown | null;
  /** The agents' white notes (R30, D8): from the `state` frame, then each `note`/`notes` frame. */
  readonly notes: Notes;
  /** An `events` frame did not continue the log held: a fresh `state` is needed (say `hello`
   * again); `events` frames are ignored until it arrives. */
  readonly resync: boolean;
}

export const EMPTY_TABLE: ClientTable = { shown: null, notes: [], resync: false };

/** The table after `f`. An `events` frame that cannot be merged sets `resync` and changes nothing
 * else. */
export function reduceFrame(t: ClientTable, f: TableFrame): ClientTable {
  switch (f.t) {
    case 'state':
      return {
        shown: { kind: 'state', seat: f.seat, view: f.view, legal: f.legal.slice(), events: [], deadline: f.deadline },
        notes: f.notes,
        resync: false,
      };
    case 'events': {
      if (t.resync) return t;
      const log = mergeLog(t.shown?.view.log ?? [], f.logFrom, f.view.log);
      if (!log) return { ...t, resync: true };
      return {
        ...t,
        shown: {
          kind: 'events',
          seat: t.shown?.seat ?? null,
          view: { ...f.view, log },
          legal: f.legal.slice(),
          events: f.events.slice(),
          deadline: f.deadline,
        },
      };
    }
    case 'notes':
      return { ...t, notes: f.notes };
    case 'note':
      return { ...t, notes: applyNote(t.notes, { at: f.at, note: f.note }) };
    default:
      return f satisfies never;
  }
}

/** The seq an action is sent at: the one of the view shown (0 before any). */
export function seqOf(t: ClientTable): number {
  return t.shown?.view.seq ?? 0;
}

/** The seq to say `hello` with after a reconnect (only what was missed since comes back), or
 * undefined when nothing is held yet (a whole `state` comes back). */
export function resumeSeq(t: ClientTable): number | undefined {
  return t.shown?.view.log.length ? t.shown.view.seq : undefined;
}

/** A new connection: it asks for what it missed, so a pending resync is over. */
export function reconnected(t: ClientTable): ClientTable {
  return t.resync ? { ...t, resync: false } : t;
}
