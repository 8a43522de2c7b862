// The storage boundary. Everything the server keeps goes through GameStore, so SQLite (now),
// PostgreSQL (later) and the in-memory twin used by unit tests are interchangeable. Methods are
// async so a networked database fits the same shape.
//
// Concurrency contract: the server serialises work per game in-process (see lock.ts), and
// `appendAction` is additionally a compare-and-set on the game's seq inside ONE transaction, so a
// second process (or PostgreSQL with pg_advisory_xact_lock(gameKey) at the top of the transaction)
// can never append two actions at the same seq.
import type {
  Action,
  FeatureId,
  GameResult,
  GameState,
  NoteChange,
  NoteEntry,
  RecruiterCardId,
  Seat,
} from '@mindmgmt/engine';
import {
  ASSISTANT_LEVELS,
  type Assistant,
  type BotLevel,
  type GameStatus,
  type TableOptions,
  type TimeControl,
} from '@mindmgmt/table';

export type { GameStatus, TableOptions, TimeControl };

/** Options as stored; rows written before `assistant` existed carry the boolean `deduction`. */
export function tableOptionsFromStored(
  o: Omit<TableOptions, 'assistant'> & { assistant?: unknown; deduction?: unknown },
): TableOptions {
  const { deduction, assistant, ...rest } = o;
  const a: Assistant =
    typeof assistant === 'string' && (ASSISTANT_LEVELS as readonly string[]).includes(assistant)
      ? (assistant as Assistant)
      : deduction === true
        ? 'full'
        : 'off';
  return { ...rest, assistant: a };
}

export interface PlaceRow {
  readonly place: number; // 1..players
  readonly name: string;
  /** sha256(token) hex; null for bots. The token itself is never stored. */
  readonly tokenHash: string | null;
  readonly bot: BotLevel | null;
  readonly volunteer: boolean;
  /** Order of arrival (for "volunteer-first"). */
  readonly joinedAt: number;
}

export interface SeatRow {
  readonly seat: Seat;
  readonly place: number | null; // null = a bot seat with no lobby place (solo)
  readonly name: string;
  readonly tokenHash: string | null;
  readonly bot: BotLevel | null;
  /** A bot playing this human seat for its absent player (D13); absent = none. */
  readonly standIn?: StandIn;
}

/** Why a stand-in plays a seat, at which level, and whether its player asked to come back (they
 * take the seat at the seat's next turn). */
export interface StandIn {
  readonly level: BotLevel;
  readonly why: 'time' | 'left';
  /** The game's seq when it took the seat. */
  readonly seq: number;
  readonly back?: boolean;
}

/** A real-time table's banks (D13): ms left per seat (index = seat) as of `at`; the seats the
 * game waited on since `at` spend from theirs. */
export interface SeatClock {
  readonly banks: readonly number[];
  readonly at: number;
}

export interface StartInfo {
  readonly seed: number;
  readonly engineVersion: string;
  readonly engineOptions: {
    mode: 'full' | 'training';
    agentSeats: number;
    recruiterCard: 'random' | 'choose' | 'carl' | 'girl';
    /** Deck order drawn with node:crypto (absent in games started before it was stored: those
     * replay from `seed`). */
    deck?: readonly FeatureId[];
    /** With recruiterCard 'random': the card drawn with node:crypto. */
    card?: RecruiterCardId;
  };
  readonly seats: readonly SeatRow[];
  readonly startedAt: number;
  /** A real-time table's banks at the start (D13). */
  readonly clock?: SeatClock | null;
  /** Public note on how the recruiter was chosen (e.g. "random, excluding beginners" fell back
   * to plain random); absent when there is nothing to say. */
  readonly recruiterNote?: string;
  /** An agent player's resignation waiting on the other agent players (D13), or a player's
   * proposal to abandon the game waiting on the other players (D14); absent = none. */
  readonly proposal?: Proposal;
  readonly deadline: Deadline | null;
}

/** D13: when several people play the agents, one's resignation is a proposal the others accept
 * or refuse; refused or unanswered, it is that player leaving. D14: a proposal to abandon the
 * game, which every other person at the table must accept; refused or unanswered, it lapses. */
export interface Proposal {
  readonly kind: 'resign' | 'abandon';
  readonly seat: Seat;
  readonly at: number;
  /** The seats that accepted. */
  readonly accepted: readonly Seat[];
}

export interface Deadline {
  readonly at: number; // ms since epoch
  readonly seat: Seat;
}

export interface GameRow {
  readonly id: string;
  readonly title: string;
  readonly createdAt: number;
  readonly status: GameStatus;
  readonly options: TableOptions;
  readonly hostPlace: number | null;
  readonly places: readonly PlaceRow[];
  /** Set once started. */
  readonly start: Omit<StartInfo, 'deadline'> | null;
  readonly seq: number;
  readonly deadline: Deadline | null;
  /** Real-time tables' banks (D13); null otherwise (absent: rows before migration 113). */
  readonly clock?: SeatClock | null;
  readonly result: GameResult | null;
  readonly updatedAt: number;
  /** Listed among the live tables anyone may watch while it is played; absent =
   * not listed (rows made before migration 104). */
  readonly listed?: boolean;
  /** Made by a host signed in to a profile with a finished game: listed before the others while it
   * waits, so that tables made from many addresses cannot push it off the list. Absent = not
   * vouched (rows made before migration 106). */
  readonly vouched?: boolean;
  /** The network (`prefixKey`) the table was created from, and whether it was within that
   * network's share of the open list then (migration 111: `openUnvouchedPerNet` unvouched tables
   * of one network listed at once). Absent = no network, within its share (older rows, tables
   * made by the server). */
  readonly creatorNet?: string | null;
  readonly netShare?: boolean;
}

export interface AppendInput {
  readonly gameId: string;
  /** The game's seq before this action; the append fails with 'stale' unless it matches. */
  readonly expectedSeq: number;
  readonly action: Action;
  /** State after the action, stored as a snapshot when given. */
  readonly snapshot?: GameState;
  readonly deadline: Deadline | null;
  readonly result: GameResult | null;
  readonly at: number;
  /** The banks after the action (D13). */
  readonly clock?: SeatClock | null;
  /** The game's start with its seats as they are after the action (a player took their seat back
   * from a stand-in), or absent when no seat changed. */
  readonly start?: Omit<StartInfo, 'deadline'>;
}

/** A stand-in seated or gone without an action (D13): compare-and-set on the seq and the start
 * the change was decided on (`expectedStart`, as stored JSON). */
export interface SeatChangeInput {
  readonly gameId: string;
  readonly expectedSeq: number;
  readonly expectedStart: Omit<StartInfo, 'deadline'>;
  readonly start: Omit<StartInfo, 'deadline'>;
  readonly deadline: Deadline | null;
  readonly clock: SeatClock | null;
}

export interface GameLog {
  readonly snapshot: { readonly seq: number; readonly state: GameState } | null;
  /** Actions after the snapshot (or all), in order; `seq` is the game seq after the action. */
  readonly actions: readonly { readonly seq: number; readonly action: Action }[];
}

/** One action of a game made whole at once (an uploaded offline game): `seq` is the
 * game's seq after it, as `appendAction` would have stored it. */
export interface ImportedAction {
  readonly seq: number;
  readonly action: Action;
}

export interface GameStore {
  /** `actions`: the log of a game stored already over (an uploaded offline game), written in the
   * same transaction as the row. */
  createGame(row: GameRow, actions?: readonly ImportedAction[]): Promise<void>;
  getGame(id: string): Promise<GameRow | null>;
  /** Lobby changes; each is a no-op returning false if the game is not in the lobby. */
  addPlace(id: string, p: PlaceRow): Promise<boolean>;
  /** `closeGame`: the last person left. `title`: the table's new title (one that named the person
   * leaving loses the name, so nothing links them to the table), or null to keep it. */
  removePlace(
    id: string,
    place: number,
    hostPlace: number | null,
    closeGame: boolean,
    title: string | null,
  ): Promise<boolean>;
  startGame(id: string, start: StartInfo): Promise<boolean>;
  /** A place's seat token replaced (sign-out everywhere revokes seat tokens): the
   * place's hash goes from `oldHash` to `newHash` (compare-and-set) and, once started, the seat's
   * in `start` (the game's start JSON as it is now, with the new hash). False when the place no
   * longer holds `oldHash` or the game is over or closed. */
  replaceToken(
    id: string,
    place: number,
    oldHash: string,
    newHash: string,
    start: Omit<StartInfo, 'deadline'> | null,
  ): Promise<boolean>;
  /** Lobby tables updated at or after `updatedSince`, newest first, `offset` rows skipped; only
   * the vouched (or only the other ones within their network's share) when `vouched` is given. */
  listOpen(limit: number, offset?: number, updatedSince?: number, vouched?: boolean): Promise<GameRow[]>;
  /** How many vouched (or other) lobby tables were updated at or after `updatedSince`. */
  countOpen(vouched: boolean, updatedSince: number): Promise<number>;
  /** How many unvouched lobby tables of network `net`, within its share, were updated at or after
   * `updatedSince` (migration 111). */
  countOpenOfNet(net: string, updatedSince: number): Promise<number>;
  /** Running games (status 'active') listed for watching, newest first, `offset` rows skipped. */
  listLive(limit: number, offset: number): Promise<GameRow[]>;
  /** Games in which any of these token hashes holds a place or seat. */
  gamesForTokens(hashes: readonly string[]): Promise<GameRow[]>;
  activeGameIds(): Promise<string[]>;
  appendAction(input: AppendInput): Promise<'ok' | 'stale'>;
  /** A stand-in seated or gone (D13); false when the game moved on or its seats changed. A shared
   * store tells every instance (they re-read the row). */
  seatChange(input: SeatChangeInput): Promise<boolean>;
  loadLog(id: string): Promise<GameLog>;
  allActions(id: string): Promise<Action[]>;
  /** The agents' white notes of a game (R30, D8: at most one per location), in location order.
   * Table state beside the game, not part of its log, so notes neither grow the log nor what each `hello` resends. */
  notesOf(id: string): Promise<NoteEntry[]>;
  /** Replaces the note on one location (upsert), or removes it (`note` null); `at` is the time.
   * A shared store also tells every instance ("game G's notes changed"). */
  setNote(id: string, change: NoteChange, at: number): Promise<void>;
  /** A finished game's analysis as stored JSON text, or null if none is. */
  analysisOf(id: string): Promise<string | null>;
  /** Keeps a finished game's analysis; a second save of the same game keeps the first. */
  saveAnalysis(id: string, body: string, at: number): Promise<void>;
  /** Due turn-timer deadlines. A shared store (PostgreSQL) also CLAIMS them for a while, so
   * instances sweeping together do not pick the same ones. */
  dueDeadlines(now: number, limit: number): Promise<{ gameId: string; deadline: Deadline }[]>;
  close(): Promise<void>;
  /** Readiness (GET /api/ready): resolves once a small write was committed; rejects when the
   * store cannot write. Absent: the store is always writable (memory). */
  probeWrite?(): Promise<void>;
  /** Present when several server instances share this store (PostgreSQL). */
  readonly cluster?: ClusterBus;
}

/**
 * What a store shared by several instances offers on top of GameStore: change notifications
 * ("game G is at seq N", "game G's lobby changed"; no game content), reading the actions an
 * instance missed, and leases for the work that must happen once (bot moves).
 */
/** An appended action as the bus announces it: what another instance needs to apply it (the row
 * fields an append sets besides seq and result, which follow from the action). */
export interface AnnouncedCommit {
  readonly seq: number;
  readonly action: Action;
  readonly deadline: Deadline | null;
  readonly at: number;
  /** D13 (absent from instances of an earlier version, whose tables have no banks). */
  readonly clock?: SeatClock | null;
  readonly start?: Omit<StartInfo, 'deadline'>;
}

export interface ClusterBus {
  readonly instanceId: string;
  /** Calls onGame for every committed change (also this instance's own): a lobby change, its notes, an
   * action with its content (`AnnouncedCommit`), or only its seq (content too long to announce,
   * or committed by an instance of an older version: read it with changesAfter); onResync after
   * the listening connection was lost and re-established (notifications may have been missed). */
  listen(
    onGame: (gameId: string, what: number | 'lobby' | 'notes' | AnnouncedCommit) => void,
    onResync: () => void,
  ): Promise<void>;
  actionsAfter(id: string, seq: number): Promise<{ seq: number; action: Action }[]>;
  /** The game row and the actions after `seq`, read together (one consistent snapshot). */
  changesAfter(id: string, seq: number): Promise<{ row: GameRow | null; actions: { seq: number; action: Action }[] }>;
  /** Takes over bot work of active games with bot seats whose lease is missing or expired. */
  claimBotGames(now: number, leaseMs: number, limit: number): Promise<string[]>;
  /** Claims one game's bot work (succeeds if free, expired, or already ours). */
  claimBotGame(id: string, now: number, leaseMs: number): Promise<boolean>;
  /** Extends this instance's live leases; returns the games it still owns. */
  renewLeases(now: number, leaseMs: number): Promise<string[]>;
  /** Gives up all leases (graceful shutdown: others take over at once). */
  releaseLeases(): Promise<void>;
  /** Rows changed outside the game path (a deleted player's names): every instance
   * holding one of these games re-reads its row, as after a lobby change. */
  announceRenamed(ids: readonly string[]): Promise<void>;
}

export class StoreError extends Error {}
