// Every per-client limit of the server in one place (documented in docs/protocol.md, "Limits").
// Tests connect from 127.0.0.1, so every limit is configurable; `trustProxy` decides whether the
// client IP comes from X-Forwarded-For (only behind a proxy that sets it).
import type { Rate } from './budget.js';

export interface LimitsConfig {
  /** Take the client IP from the last X-Forwarded-For entry (set only behind your own proxy). */
  readonly trustProxy: boolean;
  /** Origins (scheme://host[:port]) allowed to open WebSockets besides the server's own host. */
  readonly allowedOrigins: readonly string[];
  /** Per IP: new tables, joins, starts. */
  readonly createPerIp: Rate;
  /** Per IP: its tables waiting in the lobby at once (the open list shows waiting tables). */
  readonly openTablesPerIp: number;
  /** Server-wide: new tables, whatever the number of addresses. */
  readonly createTotal: Rate;
  readonly joinPerIp: Rate;
  readonly startPerIp: Rate;
  /** Per IP: WebSocket connections open at once. */
  readonly connectionsPerIp: number;
  /** Per network (IPv4 /24, IPv6 /48): WebSocket connections open at once. */
  readonly wsPerPrefix: number;
  /** WebSocket connections open at once in all; 0: three quarters of the sockets outside the
   * reserve (http/descriptors.ts `webSocketCaps`); never more than all of those. */
  readonly maxWebSockets: number;
  /** Per address: plain HTTP sockets (not WebSockets) open at once; 0 turns the cap off (it
   * always is with `trustProxy`: the peer is the proxy). */
  readonly httpConnectionsPerIp: number;
  /** Client sockets of every kind at once; 0: the open-file limit read at start less what the
   * rest of the process needs (http/descriptors.ts). */
  readonly maxSockets: number;
  /** Of those, kept for health checks and WebSockets; 0: a sixteenth of them, at least 16. */
  readonly socketReserve: number;
  /** Per profile (requests without one: per address): started games with bot seats that are not
   * over, at once (bots/game-budget.ts). */
  readonly botGamesPerPlayer: number;
  /** Per address, whatever its profiles (a household, a school): the same, a larger ceiling. */
  readonly botGamesPerIp: number;
  /** Per network (prefixKey): the same; 0: half the server-wide ceiling. */
  readonly botGamesPerPrefix: number;
  /** Server-wide: started games with bot seats running at once (in this instance's memory, not
   * over), so that no number of addresses can queue up the bot workers for everyone else; 0: what
   * the bot workers serve in time (BOT_GAMES_PER_WORKER per worker). */
  readonly botGamesTotal: number;
  /** Server-wide: no new game with bots starts while a bot decision has waited longer than this
   * for a worker (BotPool.oldestWaitMs): the workers serve less than the cap assumed (a loaded
   * machine), and one more game would delay every game's bots further. */
  readonly botQueueWaitMs: number;
  /** `hello` frames, per connection and per IP. */
  readonly helloPerConn: Rate;
  readonly helloPerIp: Rate;
  /** `note` actions per connection (their own budget besides the frame rate). */
  readonly notesPerConn: Rate;
  /** WebSocket frames refused for their size or shape (too large, not JSON, failing the schema),
   * per connection and per IP: beyond either the connection is closed with 1008. */
  readonly refusedFramesPerConn: Rate;
  readonly refusedFramesPerIp: Rate;
  /** Pages of GET /api/games/:id/chat per IP. */
  readonly chatReadsPerIp: Rate;
  /** A connection whose unsent output stays above this many bytes for `slowConsumerMs` is closed
   * with 4008 (a client that does not read). */
  readonly maxBufferedBytes: number;
  readonly slowConsumerMs: number;
  /** Lobby tables nobody touched for this long are closed (and leave the open-games list). */
  readonly lobbyIdleMs: number;
  /** Started games with no action for this long end by the timeout rules (R33/D7). */
  readonly gameInactiveMs: number;
  /** Open-games list: entries per page. */
  readonly openPageSize: number;
  /** Open-games list: the newest this many tables of hosts not vouched for (no profile with a
   * finished game) are listed, after every vouched one (a flood of anonymous tables
   * from many addresses cannot push the others off the first page). The rest are joined by link. */
  readonly openUnvouchedListed: number;
  /** Open-games list: of the unvouched tables one network (`prefixKey`) has waiting, the first
   * this many are listed; the rest are joined by link (decided at creation, migration 111), so a
   * flood from a few networks fills at most their share of the list. */
  readonly openUnvouchedPerNet: number;
  /** WebSockets of one seat token that count as in play (never closed to make room for new
   * connections at the WebSocket total): its newest this many; older ones, like spectators, may. */
  readonly wsSeatsPerToken: number;
  /** Seats' WebSockets in play per network (prefixKey) that are never closed to make room at the
   * WebSocket total; beyond them, a network's seats may be, after every connection not in play. */
  readonly wsSeatsPerPrefix: number;
  /** Players: new players (first visits) per IP; password attempts (sign-in, set or
   * change) per IP and per player id; scrypt hashes computing at once and waiting. */
  readonly newPlayersPerIp: Rate;
  /** Reports of chat or names: per profile and per address. */
  readonly reportsPerPlayer: Rate;
  readonly reportsPerIp: Rate;
  readonly passwordPerIp: Rate;
  readonly passwordPerPlayer: Rate;
  readonly hashesRunning: number;
  readonly hashesQueued: number;
  /** Failed password attempts per network (IPv4 /24, IPv6 /48), beside the address's own
   * budget: failures spend the address and its network; the player's (`passwordPerPlayer`) is a
   * ceiling above what a couple of addresses can fail, so that they cannot lock its owner out. */
  readonly passwordPerPrefix: Rate;
  /** Sign-ins waiting for a hash per handle (or player id) signed into: its own small lane,
   * served round-robin with the other handles' (players/hash-gate.ts). */
  readonly hashesPerHandle: number;
  /** PUT /api/me/handle per address and per network: each answer says whether a handle is
   * taken, so this bounds how fast anyone can learn which handles exist. */
  readonly handleChangesPerIp: Rate;
  readonly handleChangesPerPrefix: Rate;
  /** Notifications (docs/players.md "Your turn reaches you"): push subscriptions a
   * profile holds (its devices); subscribe/unsubscribe requests per IP; messages per profile and
   * in all (beyond either they are dropped and counted); messages waiting and sending at once. */
  readonly pushSubsPerPlayer: number;
  readonly notifyChangesPerIp: Rate;
  readonly notifyPerPlayer: Rate;
  readonly notifyTotal: Rate;
  readonly notifyQueued: number;
  readonly notifySending: number;
  /** Verification mails (PUT /api/me/email), on budgets of their own so that they never spend
   * what turn notices need: per recipient address (normalised, notify/mail.ts recipientKey;
   * counted in the database per `VERIFY_WINDOW_MS`, so across restarts and instances), per
   * profile, per network (prefixKey) of the asking address, and server-wide. */
  readonly verifyMailsPerRecipient: number;
  readonly verifyMailsPerPlayer: Rate;
  readonly verifyMailsPerPrefix: Rate;
  readonly verifyMailsTotal: Rate;
  /** Game analyses, server-wide: analyses waiting or running on the bot workers at
   * once (beyond it: 503 busy; one runs at a time). */
  readonly analysesQueued: number;
  /** Per game: the expert's decisions in one analysis and its playouts per decision (the work
   * cap; the analysis is deterministic, so counts, never the clock, limit it). */
  readonly analysisDecisions: number;
  readonly analysisPlayouts: number;
  /** Per game: the analysis's time limit on its worker (then it fails and is not retried). */
  readonly analysisRunMs: number;
  /** Offline games uploaded to a history: per player, and the largest record body. */
  readonly offlineUploadsPerPlayer: Rate;
  readonly offlineRecordBytes: number;
  /** Offline uploads per network prefix (http/address.ts `prefixKey`: many profiles from one
   * network) and server-wide (any number of networks): what bounds how fast uploads fill the disk. */
  readonly offlineUploadsPerPrefix: Rate;
  readonly offlineUploadsTotal: Rate;
  /** Offline games a profile may store (each stays in its history), by count and by their
   * records' bytes together: beyond either, further uploads are refused (stored ones never expire). */
  readonly offlineGamesPerPlayer: number;
  readonly offlineBytesPerPlayer: number;
  /** Server-wide: new tables of addresses whose address and network (prefix) have made fewer than
   * `createNewcomerTables` within `createNewcomerMs`, once `createTotal` is spent (a flood spending
   * the general share leaves this for people arriving meanwhile; lobby/create-lanes.ts). */
  readonly createNewcomerTotal: Rate;
  readonly createNewcomerTables: number;
  readonly createNewcomerMs: number;
  /** Server-wide: new tables of hosts vouched for (a profile with a finished game played on the
   * server), a lane of their own besides `createTotal`; per profile they keep `createPerIp`. */
  readonly createVouchedTotal: Rate;
  /** D13: days of vacation from turn-based play a player may take per calendar year (0: none). */
  readonly vacationDaysPerYear: number;
}

export const DEFAULT_LIMITS: LimitsConfig = {
  trustProxy: false,
  allowedOrigins: [],
  createPerIp: { burst: 10, perMin: 2 },
  createTotal: { burst: 120, perMin: 60 },
  openTablesPerIp: 5,
  joinPerIp: { burst: 30, perMin: 10 },
  startPerIp: { burst: 10, perMin: 3 },
  connectionsPerIp: 32,
  wsPerPrefix: 64,
  maxWebSockets: 0,
  httpConnectionsPerIp: 32,
  maxSockets: 0,
  socketReserve: 0,
  botGamesPerPlayer: 8,
  botGamesPerIp: 32,
  botGamesPerPrefix: 0,
  botGamesTotal: 0,
  botQueueWaitMs: 1000,
  helloPerConn: { burst: 10, perMin: 30 },
  helloPerIp: { burst: 60, perMin: 120 },
  notesPerConn: { burst: 20, perMin: 60 },
  refusedFramesPerConn: { burst: 20, perMin: 20 },
  refusedFramesPerIp: { burst: 100, perMin: 100 },
  chatReadsPerIp: { burst: 30, perMin: 60 },
  maxBufferedBytes: 4 * 1024 * 1024,
  slowConsumerMs: 10_000,
  lobbyIdleMs: 24 * 3600_000,
  gameInactiveMs: 30 * 24 * 3600_000,
  openPageSize: 50,
  openUnvouchedListed: 100,
  openUnvouchedPerNet: 3,
  wsSeatsPerToken: 3,
  wsSeatsPerPrefix: 8,
  newPlayersPerIp: { burst: 10, perMin: 2 },
  reportsPerPlayer: { burst: 5, perMin: 1 },
  reportsPerIp: { burst: 10, perMin: 2 },
  // Only failures spend these. Two addresses (or two networks) fail at most 2 x 5 at once and
  // 2/min after; the player's ceiling (30, 3/min) stays above that, so its owner still signs in
  // from a new device, and still holds a guess spread over any number of networks to about
  // 4,300 a day per player (docs/players.md "Sign-in under attack").
  passwordPerIp: { burst: 5, perMin: 1 },
  passwordPerPrefix: { burst: 10, perMin: 2 },
  passwordPerPlayer: { burst: 30, perMin: 3 },
  hashesRunning: 2,
  hashesQueued: 20,
  hashesPerHandle: 2,
  handleChangesPerIp: { burst: 10, perMin: 2 },
  handleChangesPerPrefix: { burst: 30, perMin: 6 },
  pushSubsPerPlayer: 10,
  notifyChangesPerIp: { burst: 20, perMin: 10 },
  notifyPerPlayer: { burst: 20, perMin: 1 },
  notifyTotal: { burst: 600, perMin: 300 },
  notifyQueued: 1000,
  notifySending: 8,
  verifyMailsPerRecipient: 3,
  verifyMailsPerPlayer: { burst: 3, perMin: 0.1 },
  // Fresh profiles are cheap (newPlayersPerIp): a network spends at most 3, then 1 every 5 min,
  // so spending the server's 30 takes 10 networks and keeping its 3 a minute spent takes 15.
  verifyMailsPerPrefix: { burst: 3, perMin: 0.2 },
  verifyMailsTotal: { burst: 30, perMin: 3 },
  analysesQueued: 16,
  analysisDecisions: 80,
  analysisPlayouts: 200,
  analysisRunMs: 10 * 60_000,
  offlineUploadsPerPlayer: { burst: 10, perMin: 1 },
  // a bot-paced Full game's record is about 6 kB (measured); a person's undos and notes add to it
  offlineRecordBytes: 64 * 1024,
  offlineUploadsPerPrefix: { burst: 20, perMin: 4 },
  // 20/min of at most 64 KiB: under 2 MB a minute whatever the number of networks
  offlineUploadsTotal: { burst: 60, perMin: 20 },
  offlineGamesPerPlayer: 200,
  // 200 bot-paced Full games are about 1.2 MB
  offlineBytesPerPlayer: 4 * 1024 * 1024,
  createNewcomerTotal: { burst: 30, perMin: 15 },
  createNewcomerTables: 5,
  createNewcomerMs: 3600_000,
  createVouchedTotal: { burst: 60, perMin: 30 },
  vacationDaysPerYear: 21,
};
