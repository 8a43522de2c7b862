// One game as a server instance holds it in memory: its row, state, lock and subscribers.
import type { BotGameHold } from '../bots/game-budget.js';
import type { GameState, NoteEntry, Seat, Viewer } from '@mindmgmt/engine';
import type { Mutex } from './lock.js';
import type { GameRow, SeatRow } from '../store/types.js';
import type { RecentPositions } from '@mindmgmt/table';

/** Who a frame is for (the engine's: a seat, or a spectator). */
export type { Viewer };

/** A subscriber (one WebSocket connection). */
export interface Conn {
  readonly cid: number;
  /** The client's address (limits/: the key of per-address budgets); absent only in tests. */
  readonly ip?: string;
  send(text: string): void;
  gameId: string | null;
  tokenHash: string | null;
  /** Resolved once the game has started; 'spectator' without a seat. */
  viewer: Viewer | null;
}

export interface Live {
  readonly id: string;
  row: GameRow;
  state: GameState | null;
  readonly lock: Mutex;
  readonly subs: Set<Conn>;
  botBusy: boolean;
  lastActive: number;
  /** Serialised `state` frames of the current seq, per viewer, held weakly:
   * they serve a burst of `hello`s and are freed by the next collection, not kept for as long as
   * the game waits on a move (the largest thing an idle game held). */
  frames: { seq: number; byViewer: Map<Viewer, WeakRef<{ readonly text: string }>> };
  /** Log length after each recent seq, the recruiter's and the others' (D12): a `hello` with
   * `lastSeq` among its viewer's gets an `events` frame with only the entries it missed. */
  readonly positions: RecentPositions;
  /** The agents' white notes (R30, D8): table state beside `state`, never in its log
   * (play/notes.ts); loaded with the game, at most one per location. */
  notes: readonly NoteEntry[];
  /** `notes` serialised, or null until needed after a change. */
  notesText: string | null;
  /** Set while this game counts against its starter's bot-game budget (bots/game-budget.ts). */
  botHold: BotGameHold | null;
}

export function seatRow(g: Live, seat: Seat): SeatRow | undefined {
  return g.row.start?.seats.find((s) => s.seat === seat);
}

export function viewerFor(g: Live, tokenHash: string | null): Viewer {
  if (!tokenHash || !g.row.start) return 'spectator';
  return g.row.start.seats.find((s) => s.tokenHash === tokenHash)?.seat ?? 'spectator';
}
