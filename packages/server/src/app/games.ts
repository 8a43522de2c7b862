// The game service: composes the parts of the server that know about games and gives the
// transports (ws.ts, http.ts, players/) one object to call. Each part lives in its own file:
//   play/master.ts      games in memory, per-game lock, the one `submit` path and its fan-out
//   play/connections.ts WebSocket subscriptions (`hello`, leaving) and players' actions
//   play/frames.ts      per-viewer frames;  play/records.ts  finished games' records
//   lobby/tables.ts     create, list, join, leave;  lobby/start.ts  starting a table
//   bots/driver.ts      bot seats' decisions;  bots/resume.ts  bot games after a restart
//   timers.ts           deadlines and the sweep that applies them
//   cluster/sync.ts     following other instances' commits, bot-work leases
import type { GameRecord, GameState, NoteBody, Seat } from '@mindmgmt/engine';
import type { Logger } from 'pino';
import { ApiError, StaleError } from '../http/api-error.js';
import { BotDriver, botSeatsExpected } from '../play/bot-driver.js';
import { BotPool } from '../bots/pool.js';
import { resumeBotGames } from '../play/bot-resume.js';
import { ClusterSync } from '../cluster/sync.js';
import { DEFAULT_LIMITS, type LimitsConfig } from '../limits/config.js';
import type { LiveSummary, LobbyInfo, LobbySummary } from '../lobby-types.js';
import { startGame } from '../lobby/start.js';
import { type HostRates, Lobby } from '../lobby/tables.js';
import { Connections } from '../play/connections.js';
import type { Conn, Live, Viewer } from '../play/live.js';
import { GameMaster } from '../play/master.js';
import { type HandOver, type SeatRequest, sweepProposals } from '../play/standins.js';
import { type AnalysisAnswer, Analyses } from '../play/analyses.js';
import { Records } from '../play/records.js';
import type { CreateGameBody } from '../schemas.js';
import { DEFAULT_SERVICE_CONFIG, type ServiceConfig } from '../play/service-config.js';
import type { GameRow, GameStore } from '../store/types.js';
import { sweepDeadlines } from '../play/timers.js';
import type { Metrics } from '../metrics/index.js';
import { lowTimeMs } from '../play/deadlines.js';

export { ApiError, StaleError, DEFAULT_SERVICE_CONFIG };
export type { Conn, ServiceConfig, Viewer };

/** What the players part (players/service.ts) decides about games; null without players. */
export interface GamePlayerHooks {
  /** Called once, by the instance whose action ended a game. */
  readonly onGameOver: (row: GameRow) => Promise<void>;
  /** The recruiter's place when the players decide it; null: the table's rule. */
  readonly pickRecruiter: (row: GameRow) => Promise<{ place: number; note: string | null } | null>;
  /** After each commit of this instance, under the game's lock (notifications, issue 27 §4). */
  readonly onMoved?: (g: Live, before: GameState) => void;
  /** A stand-in took a seat (D13): its player is told (notify/). */
  readonly onStandIn?: (g: Live, seat: Seat) => void;
  /** D13: until when the player of `place` is on vacation, or null. */
  readonly vacationUntil?: (gameId: string, place: number, now: number) => Promise<number | null>;
  /** A seat's time runs out at `at` and is running low (D13): its player is told (notify/). */
  readonly onLowTime?: (g: Live, seat: Seat, at: number) => void;
  /** A seat token came online on this instance or went offline here (notify/presence.ts). */
  readonly onPresence?: (g: Live, tokenHash: string, online: boolean) => void;
  /** D13: the finish rates of the hosts of a page of open tables (lobby/tables.ts HostRates). */
  readonly hostFinishRates?: HostRates;
}

export class GameService {
  private readonly timers: NodeJS.Timeout[] = [];
  readonly bots: BotPool;
  /** The games in memory and the one action path. */
  readonly master: GameMaster;
  /** Plays the bot seats of the games in memory. */
  private readonly driver: BotDriver;
  /** Cluster mode (the store has a bus); null for a single instance. */
  readonly cluster: ClusterSync | null;
  private readonly lobby: Lobby;
  private readonly conns: Connections;
  private readonly records: Records;
  /** Finished games' analyses (issue 28 §3). */
  readonly analyses: Analyses;

  /** Builds every game part once, each with its collaborators (docs/architecture.md "Wiring"). */
  constructor(
    readonly store: GameStore,
    readonly log: Logger,
    readonly cfg: ServiceConfig = DEFAULT_SERVICE_CONFIG,
    readonly limits: LimitsConfig = DEFAULT_LIMITS,
    private readonly players: GamePlayerHooks | null = null,
    readonly metrics: Metrics | null = null,
  ) {
    this.bots = new BotPool(
      cfg.botWorkers,
      cfg.botTimeLimitMs,
      (why) => this.log.warn({ why }, 'bot worker problem'),
      cfg.botNice,
      undefined,
      metrics && ((d) => metrics.botDecided(d)),
    );
    const bus = store.cluster;
    // The master calls the bot driver and the cluster follower, and both call the master: the
    // master gets functions that reach them through the fields assigned right after it, and
    // calls none of them while it is being built.
    const m = (this.master = new GameMaster(store, log, cfg, limits, this.bots, {
      kickBots: (g) => this.driver.kick(g),
      catchUp: bus ? (g) => this.cluster!.refresh(g) : null,
      holdsBotWork: bus ? (g) => this.cluster!.mayMoveBots(g) : (g) => botSeatsExpected(g).length > 0,
      onGameOver: players?.onGameOver ?? null,
      onMoved: players?.onMoved ?? null,
      metrics,
      claimBots: async (id) => this.cluster?.claimBots(id),
      onStandIn: players?.onStandIn ?? null,
      onPresence: players?.onPresence ?? null,
      vacationUntil: players?.vacationUntil ?? null,
    }));
    this.cluster = bus ? new ClusterSync(m, bus, this.bots, log, cfg) : null;
    this.driver = new BotDriver(this.bots, cfg, log, {
      mayMove: (g) => !m.closed && (this.cluster?.mayMoveBots(g) ?? true),
      submit: (g, action, seq) => m.submit(g, action, { by: 'bot', seq }),
    });
    this.lobby = new Lobby(m);
    this.conns = new Connections(m);
    this.records = new Records(m);
    this.analyses = new Analyses(m, this.records, this.bots, limits);
  }

  // ---------------------------------------------------------------- lifecycle
  /** Starts the periodic jobs (and, in a cluster, following the other instances). Games load on
   * first use; single-instance bot games are found by resumeBots, after listen (issue 10 item 5). */
  async start(): Promise<void> {
    if (this.cluster) await this.cluster.start();
    const sweep = setInterval(
      () => void this.sweep().catch((e) => this.log.error({ err: String(e) }, 'sweep failed')),
      this.cfg.sweepMs,
    );
    sweep.unref();
    const evict = setInterval(() => this.master.evictIdle(), Math.max(1000, Math.min(60_000, this.cfg.idleEvictMs)));
    evict.unref();
    this.timers.push(sweep, evict);
  }

  /** Single instance, after listen: starts the bots of the stored games that wait on one. */
  async resumeBots(): Promise<void> {
    if (!this.cluster) await resumeBotGames(this.master);
  }

  async close(): Promise<void> {
    this.master.closed = true;
    for (const t of this.timers) clearInterval(t);
    await this.bots.close();
    await this.master.drain();
    await this.cluster?.close();
  }

  // ---------------------------------------------------------------- lobby
  invite(id: string): string {
    return this.master.invite(id);
  }

  lobbyInfo(g: Live): LobbyInfo {
    return this.master.lobbyInfo(g);
  }

  summary(r: GameRow): LobbySummary {
    return this.lobby.summary(r);
  }

  createGame(
    b: CreateGameBody,
    vouched = false,
    creatorNet: string | null = null,
  ): Promise<{ gameId: string; token: string; place: number; invite: string }> {
    return this.lobby.createGame(b, vouched, creatorNet);
  }

  listOpen(page = 0): Promise<{ games: LobbySummary[]; page: number; more: boolean }> {
    return this.lobby.listOpen(page, this.players?.hostFinishRates ?? null);
  }

  listLive(page = 0): Promise<{ games: LiveSummary[]; page: number; more: boolean }> {
    return this.lobby.listLive(page);
  }

  myGames(tokens: readonly string[]): Promise<LobbySummary[]> {
    return this.lobby.myGames(tokens);
  }

  stillWaiting(id: string): Promise<boolean> {
    return this.lobby.stillWaiting(id);
  }

  /** A new token for a place (sign-out everywhere, lobby/tables.ts). */
  replaceToken(id: string, place: number): Promise<string | null> {
    return this.lobby.replaceToken(id, place);
  }

  getLobby(id: string): Promise<LobbyInfo> {
    return this.lobby.getLobby(id);
  }

  join(
    id: string,
    name: string,
    place: number | undefined,
    volunteer: boolean,
  ): Promise<{ token: string; place: number }> {
    return this.lobby.join(id, name, place, volunteer);
  }

  leave(id: string, token: string): Promise<number> {
    return this.lobby.leave(id, token);
  }

  startGame(id: string, token: string, ip = 'local', player: string | null = null): Promise<void> {
    const cluster = this.cluster;
    return startGame(
      this.master,
      { pickRecruiter: this.players?.pickRecruiter ?? null, claimBots: async (gid) => cluster?.claimBots(gid) },
      id,
      token,
      { ip, player },
    );
  }

  // ---------------------------------------------------------------- play
  getLive(id: string): Promise<Live | null> {
    return this.master.getLive(id);
  }

  /** The game if this instance holds it in memory now (never loads it). */
  inMemory(id: string): Live | null {
    return this.master.inMemory(id) ?? null;
  }

  hello(c: Conn, gameId: string, token: string | null, lastSeq?: number): Promise<void> {
    return this.conns.hello(c, gameId, token, lastSeq);
  }

  unsubscribe(c: Conn, next: string | null = null): void {
    this.conns.unsubscribe(c, next);
  }

  act(c: Conn, gameId: string, seq: number, action: Record<string, unknown>, id: string | undefined): Promise<void> {
    return this.conns.act(c, gameId, seq, action, id);
  }

  /** A mental note change (R30, D8): table state beside the game, not a move (play/notes.ts). */
  note(c: Conn, gameId: string, at: number, note: NoteBody | null, id: string | undefined): Promise<void> {
    return this.conns.note(c, gameId, at, note, id);
  }

  /** D13: the connection's player leaves the running game, or comes back to their seat. */
  seatRequest(c: Conn, gameId: string, what: SeatRequest): Promise<void> {
    return this.conns.seatRequest(c, gameId, what);
  }

  freshState(c: Conn): Promise<string | null> {
    return this.conns.freshState(c);
  }

  /** Applies every passed deadline (R33, D7, D13): a stand-in takes the seat, or the game ends. */
  async sweep(now = this.master.now()): Promise<number> {
    await sweepProposals(this.master, now);
    // D13: reminders for the games in memory whose waiting seat's time runs low.
    const low = this.players?.onLowTime;
    if (low)
      for (const g of this.master.all()) {
        const d = g.row.deadline;
        const ms = lowTimeMs(g.row.options);
        if (d && ms !== null && !g.state?.result && d.at - now <= ms && d.at > now) low(g, d.seat, d.at);
      }
    return sweepDeadlines(this.master, now);
  }

  /** A running game's seat handed to a stand-in at once (D13), as when its player leaves. */
  handToStandIn(gameId: string, seat: Seat): Promise<HandOver> {
    return this.master.handToStandIn(gameId, seat);
  }

  // ---------------------------------------------------------------- records and introspection
  record(id: string): Promise<GameRecord> {
    return this.records.record(id);
  }

  recordText(id: string): Promise<string> {
    return this.records.recordText(id);
  }

  /** GET /api/games/:id/analysis: the stored analysis, or 202 while it is computed. */
  analysis(id: string): Promise<AnalysisAnswer> {
    return this.analyses.analysis(id);
  }

  /** For tests and tools: the authoritative state (never sent anywhere). */
  async stateOf(id: string): Promise<GameState | null> {
    return (await this.master.getLive(id))?.state ?? null;
  }

  /** Games held in memory now (benchmarks, diagnostics). */
  get gamesInMemory(): number {
    return this.master.size;
  }

  get botsInFlight(): number {
    return this.driver.inflight;
  }

  /** Cluster: games whose bot work this instance holds the lease of. */
  get ownedBots(): ReadonlySet<string> {
    return this.cluster?.ownedBots ?? new Set();
  }
}
