// Where a viewer stands in a game: the seq it is shown and the length of the log it holds.
// D12: the recruiter stands at the game's own position; every other seat, every spectator and
// every HTTP answer at the public one, which the recruiter's unsettled turn and its undos never
// move. Everything the others can read of the game's progress (frames' seq, chat's `logAt`, whether
// a reconnect is answered with `events` or a whole `state`, the lobby's seq) is derived from
// `positionOf` here, so it is a function of the settled public log alone.
import { type GameState, publicLogLength, publicSeq, RECRUITER_SEAT, type Viewer } from '@mindmgmt/engine';

export interface Position {
  readonly seq: number;
  readonly logLength: number;
}

/** The position `viewer` is shown (after the game everyone sees it whole). */
export function positionOf(s: GameState, viewer: Viewer): Position {
  return viewer === RECRUITER_SEAT || s.result
    ? { seq: s.seq, logLength: s.history.length }
    : { seq: publicSeq(s), logLength: publicLogLength(s) };
}

/** The position every seat but the recruiter, every spectator and anyone asking over HTTP is shown. */
export function publicPosition(s: GameState): Position {
  return positionOf(s, 'spectator');
}

/** Whether `viewer` is shown anything new when the game goes from `before` to `after`: the
 * recruiter (and everyone once the game is over) every action; the others only when the public
 * position moves (D12: nothing of the recruiter's unsettled turn, nor of its undos). */
export function shownTo(before: GameState, after: GameState, viewer: Viewer): boolean {
  return (
    viewer === RECRUITER_SEAT ||
    after.result !== null ||
    positionOf(before, viewer).seq !== positionOf(after, viewer).seq
  );
}

/** Whether the seats other than the recruiter, the spectators and HTTP answers see the game move. */
export function shownToOthers(before: GameState, after: GameState): boolean {
  return publicPosition(before).seq !== publicPosition(after).seq;
}

/** How many recent positions a game remembers, per side (for `hello` with `lastSeq`). */
export const POSITIONS_KEPT = 256;

/**
 * The log length at each recent seq, kept apart for the recruiter (every action) and for the
 * others (the public positions only), so a `hello` with `lastSeq` is answered from the viewer's
 * own positions. The public side changes only when the public position does: a hidden action or
 * an undo of the recruiter neither adds a seq to it nor pushes an older one out.
 */
export class RecentPositions {
  private readonly recruiter = new Map<number, number>();
  private readonly others = new Map<number, number>();

  constructor(s: GameState | null) {
    if (s) this.note(s);
  }

  /** Forgets everything but `s` (a game started or reloaded). */
  reset(s: GameState): void {
    this.recruiter.clear();
    this.others.clear();
    this.note(s);
  }

  /** The game reached `s`. */
  note(s: GameState): void {
    remember(this.recruiter, positionOf(s, RECRUITER_SEAT));
    remember(this.others, publicPosition(s));
  }

  /** The log length `viewer` held at `seq`, if that is still known. */
  logLengthAt(viewer: Viewer, seq: number): number | undefined {
    return (viewer === RECRUITER_SEAT ? this.recruiter : this.others).get(seq);
  }
}

function remember(m: Map<number, number>, p: Position): void {
  // An undo cuts the log back: a catch-up from a seq whose log reached past the cut would keep
  // the entries taken back, so those seqs are forgotten (they get a fresh state instead).
  for (const [seq, len] of m) if (len > p.logLength) m.delete(seq);
  m.set(p.seq, p.logLength);
  if (m.size > POSITIONS_KEPT) m.delete(m.keys().next().value!);
}
