// The wire contract (docs/protocol.md), written once: every frame the server sends over the
// WebSocket and every HTTP response body of the game lobby, as discriminated unions on `t`. The
// server builds its frames with these types (its play/frames.ts `frame`) and the web reads them
// with the same types from this package, so changing a frame fails to compile where it is built
// and where it is read.
import type { Action, ClientAction, ErrorParams, Loc, NoteBody, Notes, Seat, SeenEvent, View } from '@mindmgmt/engine';
import type { ErrorCode } from './errors.js';
import type { LiveSummary, LobbyInfo, LobbySummary } from './lobby-types.js';

/** Who a frame is for: an engine seat, or a spectator. */
export type Viewer = Seat | 'spectator';

/** An action as a client sends it (derived in the engine from its ACTION_DEFS). */
export type { ClientAction };

// ---------- WebSocket, server -> client ----------

/** A frame that may answer a client's request: the sender's copy carries the request's `id`
 * (its other readers' copies do not). */
export interface Answer {
  readonly id?: string;
}

/** The whole picture for one viewer (after hello, or when the client must resync). */
export interface StateFrame {
  readonly t: 'state';
  readonly gameId: string;
  readonly seat: Viewer;
  readonly view: View;
  readonly legal: readonly Action[];
  /** When the seat the game waits on runs out of time (ms epoch), or null (R33). */
  readonly deadline: number | null;
  /** The agents' white notes (R30, D8): table state beside the view. */
  readonly notes: Notes;
}

/** What one action changed, for one viewer. `view.log` holds the log entries from `logFrom` on
 * (0: the whole log, which replaces the one held). */
export interface EventsFrame extends Answer {
  readonly t: 'events';
  readonly gameId: string;
  readonly seq: number;
  readonly events: readonly SeenEvent[];
  readonly logFrom: number;
  readonly view: View;
  readonly legal: readonly Action[];
  readonly deadline: number | null;
}

export interface LobbyFrame {
  readonly t: 'lobby';
  readonly gameId: string;
  readonly lobby: LobbyInfo;
}

/** One location's white note changed (null: removed). */
export interface NoteFrame extends Answer {
  readonly t: 'note';
  readonly gameId: string;
  readonly at: Loc;
  readonly note: NoteBody | null;
}

/** All the notes of a game (after a hello that caught up with `lastSeq`). */
export interface NotesFrame {
  readonly t: 'notes';
  readonly gameId: string;
  readonly notes: Notes;
}

/** One chat message as every reader of the table sees it. */
export interface ChatMessage {
  readonly n: number;
  readonly at: number;
  /** Engine seat of the writer; null for a spectator. */
  readonly seat: Seat | null;
  readonly name: string;
  readonly text: string;
  readonly removed: boolean;
  /** Hidden by a moderator: the text is not sent (shown as "removed by a moderator"). */
  readonly hidden: boolean;
  /** The writer's profile id (null: a spectator or a player without one), so a client can hide
   * the chat of players it blocked. */
  readonly by: string | null;
  /** Log entries there were when it was said (the log shows it after them); null if unknown. */
  readonly logAt: number | null;
}

/** One new chat message, to every reader of the table. */
export interface ChatMessageFrame extends ChatMessage {
  readonly t: 'chat';
  readonly gameId: string;
}

export interface ChatLogFrame {
  readonly t: 'chatLog';
  readonly gameId: string;
  readonly messages: readonly ChatMessage[];
  readonly spectatorsWrite: boolean;
  readonly muted: readonly Seat[];
  readonly notice: string;
}

export interface ChatPolicyFrame {
  readonly t: 'chatPolicy';
  readonly gameId: string;
  readonly spectatorsWrite: boolean;
  readonly muted: readonly Seat[];
}

/** A moderator's notice to a table (ending it). */
export interface NoticeFrame {
  readonly t: 'notice';
  readonly gameId: string;
  readonly text: string;
}

/** A refusal, to the sender only; `id` echoes the request's. */
export interface ErrorFrame extends Answer {
  readonly t: 'error';
  readonly code: ErrorCode;
  readonly message: string;
  /** The engine's parameters of the refusal (the client says it in the player's language). */
  readonly params?: ErrorParams;
}

/** The answer to a client's `ping` frame. */
export interface PongFrame {
  readonly t: 'pong';
}

/** Every frame the server sends on the WebSocket. */
export type ServerFrame =
  | StateFrame
  | EventsFrame
  | LobbyFrame
  | NoteFrame
  | NotesFrame
  | ChatMessageFrame
  | ChatLogFrame
  | ChatPolicyFrame
  | NoticeFrame
  | ErrorFrame
  | PongFrame;

/** The codes the server closes a WebSocket with (docs/protocol.md "Close codes"), as types: the
 * web bundle imports types only, and a constant typed `CloseCodes['…']` there fails to compile
 * if it differs from the server's. */
export interface CloseCodes {
  /** Too many messages, or too many refused ones. */
  readonly rateLimit: 1008;
  /** The client does not read what it is sent. */
  readonly slowConsumer: 4008;
  /** No valid `hello` within the deadline after the upgrade: a client that means to play or
   * watch says it at once; reconnect and say `hello` at once. */
  readonly helloTimeout: 4408;
  /** Closed to make room for another connection when the server's WebSockets are all taken (only
   * a connection not holding a seat: a spectator, or one with no `hello` yet); try again later. */
  readonly tryLater: 1013;
  /** Service Restart: the server is going away on purpose, after finishing and acknowledging
   * every action it took in; reconnect at once (to it or another instance), without a backoff. */
  readonly restart: 1012;
}

// ---------- HTTP response bodies (the game lobby) ----------

/** Any refusal: the HTTP status says the class, `code` the reason. */
export interface ErrorBody {
  readonly error: { readonly code: ErrorCode; readonly message: string };
}
export interface OkBody {
  readonly ok: true;
}
/** POST /api/games. */
export interface CreatedBody {
  readonly gameId: string;
  readonly token: string;
  readonly place: number;
  readonly invite: string;
}
/** POST /api/games/:id/join. */
export interface JoinedBody {
  readonly token: string;
  readonly place: number;
}
/** GET /api/games?page=n. */
export interface OpenGamesBody {
  readonly games: readonly LobbySummary[];
  readonly page: number;
  readonly more: boolean;
}
/** GET /api/live?page=n: running tables listed for watching. */
export interface LiveGamesBody {
  readonly games: readonly LiveSummary[];
  readonly page: number;
  readonly more: boolean;
}
/** POST /api/my-games. */
export interface MyGamesBody {
  readonly games: readonly LobbySummary[];
}
/** GET /api/games/:id/analysis while the analysis is being computed (202); the 200 body is
 * @mindmgmt/ai's GameAnalysis. */
export interface AnalysisPendingBody {
  readonly status: 'computing';
}
/** POST /api/me/offline-games: an offline game's record, now in the profile's history as an
 * unrated game under this id. */
export interface OfflineUploadedBody {
  readonly gameId: string;
}
