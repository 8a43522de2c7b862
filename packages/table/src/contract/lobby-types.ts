// What the lobby shows about a game: public to anyone with its id (never a token, never a
// hidden fact of a running game).
import type { GameResult, Seat } from '@mindmgmt/engine';
import type { Assistant, BotLevel } from './levels.js';

/** Where a table is in its life. */
export type GameStatus = 'lobby' | 'active' | 'over' | 'closed';

export interface TableOptions {
  readonly mode: 'full' | 'training';
  readonly recruiterCard: 'random' | 'choose' | 'carl' | 'girl';
  /** 'random-experienced': random among players with a finished game (seed 003; players/recruiter-choice.ts). */
  readonly recruiterChoice: 'random' | 'host' | 'volunteer' | 'random-experienced';
  readonly players: number;
  readonly solo: { readonly role: 'recruiter' | 'agents'; readonly level: BotLevel } | null;
  /** The old per-move timer (R33, D7): kept, and read as `timeControl` { kind: 'move' }. */
  readonly turnTimerSec: number | null;
  /** Time control (D13): real-time (a bank per seat plus an increment per turn) or turn-based (a
   * time per move). Absent: `turnTimerSec` decides, as before. */
  readonly timeControl?: TimeControl | null;
  /** The level of the bot that stands in for an absent player (docs/players.md); absent = 'hard'. */
  readonly standInLevel?: BotLevel;
  /** D13: players joining must have finished at least this % of their last 50 games. */
  readonly minFinishRate?: number;
  /** The deduction assistant the table offers: none, the candidate count, or the full board. */
  readonly assistant: Assistant;
  /** Whether the game moves ratings ; absent on rows stored before it = rated. */
  readonly rated?: boolean;
  /** An offline game uploaded by its player (no server saw it played): the browser held every secret, so it
   * is never rated. */
  readonly local?: boolean;
}

/** D13: real-time = a bank per seat and an increment per turn; move = a time per move. */
export type TimeControl =
  | { readonly kind: 'realtime'; readonly bankSec: number; readonly incSec: number }
  | { readonly kind: 'move'; readonly sec: number };

export interface PlaceInfo {
  readonly place: number;
  readonly name: string | null;
  readonly bot: BotLevel | null;
  readonly volunteer: boolean;
  readonly taken: boolean;
  readonly host: boolean;
  readonly seat: Seat | null;
  /** A connection of this place's player is subscribed to the table now (presence). */
  readonly online: boolean;
}

/** After start: who sits in one engine seat. */
export interface SeatInfo {
  readonly seat: Seat;
  readonly name: string;
  readonly bot: BotLevel | null;
  readonly place: number | null;
  readonly online: boolean;
  /** D13: the level of the bot standing in for this seat's absent player, and whether they asked
   * to come back; absent when the player plays it. */
  readonly standIn?: { readonly level: BotLevel; readonly why: 'time' | 'left'; readonly back: boolean };
}

/** D13: a real-time table's banks: ms left per seat (index = seat) at `at` (ms epoch); the seats
 * in `running` spend from theirs since `at`. */
export interface ClockInfo {
  readonly banks: readonly number[];
  readonly at: number;
  readonly running: readonly Seat[];
}

export interface LobbyInfo {
  readonly gameId: string;
  readonly title: string;
  readonly status: GameStatus;
  readonly createdAt: number;
  readonly options: Omit<TableOptions, 'recruiterCard'> & {
    readonly recruiterCard: 'random' | 'choose' | 'fixed';
  };
  readonly hostPlace: number | null;
  readonly places: readonly PlaceInfo[];
  /** After start: who sits in each engine seat (seat 0 = recruiter). */
  readonly seats: readonly SeatInfo[] | null;
  readonly seq: number;
  readonly result: GameResult | null;
  readonly turnDeadline: number | null;
  /** D13: an agent player's resignation waiting on the other agent players, or D14: a player's
   * proposal to abandon the game waiting on the other players (`accepted`: who agreed), with
   * when it lapses (ms epoch); absent when none. */
  readonly proposal?: {
    readonly kind: 'resign' | 'abandon';
    readonly seat: Seat;
    readonly accepted: readonly Seat[];
    readonly until: number;
  } | null;
  /** D13: a real-time table's banks; null otherwise. */
  readonly clock?: ClockInfo | null;
  readonly invite: string;
  /** How the recruiter was chosen, when the table has something to say ("random,
   * excluding beginners" fell back to plain random). Public. */
  readonly recruiterNote: string | null;
}

export interface LobbySummary {
  readonly gameId: string;
  readonly title: string;
  readonly status: GameStatus;
  readonly mode: 'full' | 'training';
  readonly players: number;
  readonly taken: number;
  readonly hostName: string | null;
  /** Only in the open-tables list (D13): the host's games finished out of their last started
   * (FINISH_RATE_GAMES); null when the host has no profile. */
  readonly hostFinishRate?: { readonly finished: number; readonly started: number } | null;
  /** D13: the finish rate (%) the host asks of players joining, when set. */
  readonly minFinishRate?: number;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly invite: string;
  /** Only in "my games": the caller's place and seat, and whether the game waits on it. */
  readonly myPlace?: number | null;
  readonly mySeat?: Seat | null;
  readonly myTurn?: boolean;
  readonly result?: GameResult | null;
}

/** A running table in the live-tables list: who plays, in seat order (seat 0 the
 * recruiter); names are public at the table. */
export interface LiveSummary extends LobbySummary {
  readonly names: readonly string[];
}
