// The storage boundary for players: identities and sessions, per-player game history,
// ratings, campaigns and table chat. Beside GameStore, not inside it: the game store is the hot path
// of play and has its own contract; these tables change at the end of a game, on sign-in and on
// chat. Implementations: memory.ts (twin for tests), sqlite.ts, pg.ts in this folder, over the
// same database as the game store (migrations 100+).
//
// Secrets: only hashes are stored (sha256 of session tokens, scrypt of passwords).
// Hidden information: a history row exists only once its game is over (recordFinishedGame), so
// nothing here can tell anything about a running game.
import type { Campaign } from './campaign-ledger.js';

export type Role = 'recruiter' | 'agents';
export type Mode = 'full' | 'training';

export interface PlayerRow {
  readonly id: string;
  readonly name: string;
  readonly createdAt: number;
  /** "scrypt$N$r$p$salt$hash", or null when no password was set. */
  readonly passwordHash: string | null;
  /** A bot's public profile ("easy", "hard", ...): fixed ratings, never signs in. */
  readonly bot: string | null;
}

/** D13: a vacation from turn-based play: until when (ms epoch), and the days taken in `year`. */
export interface Vacation {
  readonly until: number;
  readonly year: number;
  readonly usedDays: number;
}

/** A place a player holds and its seat token. */
export interface HeldSeat {
  readonly gameId: string;
  readonly place: number;
  readonly token: string;
}

export interface SessionRow {
  /** sha256 hex of the token; the token itself is never stored. */
  readonly tokenHash: string;
  readonly playerId: string;
  readonly createdAt: number;
  readonly lastSeenAt: number;
  readonly expiresAt: number;
}

/** One player's part in one finished game. */
export interface PlayerGameRow {
  readonly playerId: string;
  readonly gameId: string;
  readonly finishedAt: number;
  readonly role: Role;
  /** Engine seat (0 = recruiter) and table place (null for a bot without a place). */
  readonly seat: number;
  readonly place: number | null;
  readonly mode: Mode;
  readonly won: boolean;
  readonly rated: boolean;
  readonly campaignId: string | null;
  /** D13: a stand-in held the player's seat at the end (they left, or their time ran out). */
  readonly absent?: boolean;
  /** D14: the table abandoned the game by agreement (nobody won; unrated). */
  readonly abandoned?: boolean;
}

export type HistoryCursor = Pick<PlayerGameRow, 'finishedAt' | 'gameId'>;

export interface RatingRow {
  readonly playerId: string;
  readonly role: Role;
  readonly rating: number;
  readonly rd: number;
  readonly vol: number;
  /** Rated games counted in this rating. */
  readonly games: number;
  readonly updatedAt: number;
}

export interface LeaderRow extends RatingRow {
  readonly name: string;
  readonly bot: string | null;
}

export interface RoleModeStats {
  readonly role: Role;
  readonly mode: Mode;
  readonly played: number;
  readonly won: number;
}

export interface CampaignRow {
  readonly id: string;
  readonly createdAt: number;
  readonly updatedAt: number;
  /** Bumped by every update (compare-and-set). */
  readonly version: number;
  readonly ledger: Campaign;
  /** Everyone who ever sat in it (player ids), for "my campaigns" and the export. */
  readonly members: readonly string[];
}

export interface ChatRow {
  readonly gameId: string;
  /** 1, 2, ... per game, in the order the server accepted them. */
  readonly n: number;
  readonly at: number;
  /** Engine seat of the writer, or null for a spectator. */
  readonly seat: number | null;
  readonly playerId: string | null;
  readonly name: string;
  /** Empty when its writer deleted their profile (removed: true). */
  readonly text: string;
  readonly removed: boolean;
  /** Hidden by a moderator (migration 120): the text stays for the record, nobody is shown it. */
  readonly hidden?: boolean;
  /** Game-log entries there were when it was said (the log shows it after them); null for
   * messages stored before migration 103. */
  readonly logAt: number | null;
}

/** The host's chat policy of one table (migration 103; PlayerStore.chatSettings): players/chat.ts
 * decides with it who may write. Declared with the store, which keeps it. */
export interface ChatPolicy {
  readonly spectatorsWrite: boolean;
  /** Muted engine seats, ascending (the host's decision, until undone). */
  readonly muted: readonly number[];
}
export type ChatSettings = ChatPolicy;

export type NewChat = Omit<ChatRow, 'n' | 'removed'>;

/** A chat change one instance tells the others (a cluster on PostgreSQL): message n was stored,
 * or the policy changed ('p', n = 0), or a moderator hid a message ('h', n = 0) or sent the table a notice ('n', n = the id its
 * reader finds it by). */
export interface ChatNotice {
  readonly from: string;
  readonly gameId: string;
  readonly what: 'm' | 'p' | 'h' | 'n';
  readonly n: number;
}

export interface ChatBus {
  readonly instanceId: string;
  publish(n: Omit<ChatNotice, 'from'>): Promise<void>;
  /** Calls `on` for every notice (this instance's own included: compare `from`); onResync after
   * the listening connection came back (notices may have been missed). */
  listen(on: (n: ChatNotice) => void, onResync: () => void): Promise<void>;
  close(): Promise<void>;
}

/** What recordFinishedGame asks of the caller inside its transaction: given the ratings as they are
 * now (null = none yet), the ratings to store. Lets Glicko-2 run on current values, never on a
 * stale read, without the store knowing the formula. */
export type RateFn = (before: ReadonlyMap<string, RatingRow | null>) => readonly RatingRow[];

/** recordFinishedGame on a game the game store knows and that is not over (secrecy: a running
 * game never reaches anyone's history). */
export const NOT_OVER = "only a finished game can be recorded in players' history";

export const ratingKey = (playerId: string, role: Role): string => `${playerId}/${role}`;

export interface PlayerStore {
  /** Cluster mode: how chat reaches the other instances (null for a single instance). */
  readonly chatBus: ChatBus | null;
  /** A new player with its first session, in one transaction. */
  createPlayer(p: PlayerRow, first: SessionRow | null): Promise<void>;
  getPlayer(id: string): Promise<PlayerRow | null>;
  rename(id: string, name: string): Promise<boolean>;
  setPasswordHash(id: string, hash: string | null): Promise<boolean>;

  addSession(s: SessionRow): Promise<boolean>;
  /** The player of a live session (expires_at > now), sliding it (last seen = now, expires =
   * slideTo) at most once per SESSION_TOUCH_EVERY_MS (session-touch.ts): most calls only read.
   * An expired session is deleted and answers null. */
  sessionPlayer(tokenHash: string, now: number, slideTo: number): Promise<PlayerRow | null>;
  deleteSession(tokenHash: string): Promise<boolean>;
  /** Sign-out everywhere: deletes every session of the player (but `keep`); returns how many. */
  deleteSessions(playerId: string, keep?: string): Promise<number>;
  sessionsOf(playerId: string): Promise<SessionRow[]>;

  /**
   * A finished game, once: the history rows of every participant with a player, and (when the game
   * is rated) the ratings `rate` returns, in ONE transaction. False, and nothing changes, if rows of
   * this game were recorded before. Takes the game off the unrecorded queue. Throws (StoreError, NOT_OVER) when the game store holds this
   * game and it is not over.
   */
  recordFinishedGame(gameId: string, rows: readonly PlayerGameRow[], rate: RateFn | null): Promise<boolean>;
  /** Newest first (finishedAt, then gameId, descending); `before` = the last row of the previous
   * page (keyset paging: stable while new games arrive). */
  historyOf(playerId: string, limit: number, before?: HistoryCursor): Promise<PlayerGameRow[]>;
  /** Games played and won per role and mode; an abandoned game (D14) is neither. */
  statsOf(playerId: string): Promise<RoleModeStats[]>;
  /** Finished games per player (0 for unknown ids): "beginners" of seed 003. */
  finishedCounts(playerIds: readonly string[]): Promise<Map<string, number>>;
  /** D13: a player's vacation from turn-based play, or null if they never took one. */
  vacationOf(playerId: string): Promise<Vacation | null>;
  setVacation(playerId: string, v: Vacation): Promise<void>;
  ratingsOf(playerId: string): Promise<RatingRow[]>;
  /** An offline game the player uploads (docs/offline.md), noted before its game row exists;
   * noting it again changes nothing. */
  noteOfflineGame(playerId: string, gameId: string, bytes: number, now: number): Promise<void>;
  /** The offline games a player has uploaded and their records' bytes (the per-profile cap). */
  offlineGamesOf(playerId: string): Promise<{ count: number; bytes: number }>;
  /** Whether the player has a finished game that is not an uploaded offline game (one played on
   * the server, whose moves it saw made): what vouches for a host. */
  hasVerifiedGame(playerId: string): Promise<boolean>;
  /** Highest conservative rating (rating - 2 RD) first; players with at least `minGames` and a
   * deviation of at most `maxRd` (provisional ratings are not ranked). */
  leaderboard(role: Role, limit: number, minGames: number, maxRd: number): Promise<LeaderRow[]>;

  createCampaign(c: CampaignRow): Promise<void>;
  getCampaign(id: string): Promise<CampaignRow | null>;
  /** Compare-and-set on version: 'stale' if someone updated it first. New members are added. */
  updateCampaign(id: string, expectedVersion: number, ledger: Campaign, now: number): Promise<'ok' | 'stale'>;
  campaignOfGame(gameId: string): Promise<string | null>;
  campaignsOf(playerId: string): Promise<CampaignRow[]>;

  /** Appends a message with the next number, unless the game already holds `maxPerGame`, or (a
   * spectator's message: seat null) `maxSpectators` spectators' messages ('spectators-full'). */
  addChat(m: NewChat, maxPerGame: number, maxSpectators?: number): Promise<ChatRow | 'full' | 'spectators-full'>;
  /** Messages with n > after, oldest first. */
  chatOf(gameId: string, after: number, limit: number): Promise<ChatRow[]>;
  /** The last `limit` messages with n < before (null: the newest), oldest first. */
  chatBefore(gameId: string, before: number | null, limit: number): Promise<ChatRow[]>;
  /** A player's own messages, oldest first. */
  chatBy(playerId: string, limit: number): Promise<ChatRow[]>;
  /** The table's chat policy (default: spectators read only, nobody muted). */
  chatSettings(gameId: string): Promise<ChatSettings>;
  setSpectatorsWrite(gameId: string, on: boolean, at: number): Promise<void>;
  setSeatMuted(gameId: string, seat: number, muted: boolean): Promise<void>;

  /** Finished games whose result is not recorded yet (queued by the commit that ended them),
   * oldest first: the game-over sweep retries them. */
  unrecordedGames(limit: number): Promise<string[]>;

  /** Ties a table place to a player (creating or joining a table; migration 101), with the
   * place's seat token when known (handed to the player's signed-in devices; migration 105). */
  linkPlace(gameId: string, place: number, playerId: string, at: number, seatToken?: string | null): Promise<void>;
  /** A place's new seat token (sign-out everywhere replaced it), if the player still holds it. */
  setSeatToken(gameId: string, place: number, playerId: string, seatToken: string): Promise<void>;
  /** The seat tokens of the places the player holds, most recently joined first. */
  seatTokensOf(playerId: string, limit: number): Promise<HeldSeat[]>;

  /** Claims a sign-in handle (migration 105): 'taken' when another player's handle folds to the
   * same key; replaces the player's own handle. 'no-player' when the player is gone. */
  setHandle(playerId: string, key: string, handle: string): Promise<'ok' | 'taken' | 'no-player'>;
  /** The player whose handle folds to `key`. */
  playerByHandle(key: string): Promise<PlayerRow | null>;
  handleOf(playerId: string): Promise<string | null>;
  unlinkPlace(gameId: string, place: number): Promise<void>;
  /** Place -> player id of one table. */
  placePlayers(gameId: string): Promise<Map<number, string>>;
  /** Of each (game, place) held by a profile: the history rows of its player's last `last` games
   * (`started`) and how many of them the player was not absent at (`finished`), keyed by game id.
   * One read for a whole page of tables. */
  finishRatesAt(
    places: readonly { gameId: string; place: number }[],
    last: number,
  ): Promise<Map<string, { finished: number; started: number }>>;
  /** Games in which the player holds a place (any status; the caller asks the game store). */
  gamesWithPlaceOf(playerId: string, limit: number): Promise<string[]>;

  /** A rematch table: the next game of `campaignId`, after `afterGameId`. False if that game
   * already has its rematch (then `tableAfter` names it). */
  linkCampaignTable(gameId: string, campaignId: string, afterGameId: string): Promise<boolean>;
  /** The campaign of a rematch table (or null). */
  campaignOfTable(gameId: string): Promise<string | null>;
  /** The rematch table opened after a game (or null). */
  tableAfter(gameId: string): Promise<string | null>;

  /**
   * Deletes the profile: player, sessions, ratings, history rows, campaign memberships; chat texts
   * are emptied (removed) and signed `neutralName`; the seats it held in past games (from its
   * history rows) are renamed `neutralName` in the game store's tables. False if no such player.
   */
  deletePlayer(id: string, neutralName: string): Promise<boolean>;
  close(): Promise<void>;
}
