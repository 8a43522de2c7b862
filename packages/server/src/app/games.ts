// The game parts of a server, built once in order, each with its collaborators, and their periodic
// jobs. The transports and the players' routes call the part that does the work (the lobby, the
// connections, the master, the records); this file only builds them and runs their lifecycle:
//   play/master.ts      games in memory, per-game lock, the one `submit` path and its fan-out
//   play/connections.ts WebSocket subscriptions (`hello`, leaving) and players' actions
//   play/records.ts     finished games' records;  play/analyses.ts  their analyses
//   lobby/tables.ts     create, list, join, leave, start
//   play/bot-driver.ts  bot seats' decisions;  play/bot-resume.ts  bot games after a restart
//   play/timers.ts      the sweep that applies passed deadlines
//   cluster/sync.ts     following other instances' commits, bot-work leases
import type { GameState, Seat } from '@mindmgmt/engine';
import type { Logger } from 'pino';
import { BotDriver, botSeatsExpected } from '../play/bot-driver.js';
import { BotPool } from '../bots/pool.js';
import { resumeBotGames } from '../play/bot-resume.js';
import { ClusterSync } from '../cluster/sync.js';
import { DEFAULT_LIMITS, type LimitsConfig } from '../limits/config.js';
import { type HostRates, Lobby } from '../lobby/tables.js';
import { Connections } from '../play/connections.js';
import type { Live } from '../play/live.js';
import { GameMaster } from '../play/master.js';
import { sweepProposals } from '../play/standins.js';
import { Analyses } from '../play/analyses.js';
import { Records } from '../play/records.js';
import { DEFAULT_SERVICE_CONFIG, type ServiceConfig } from '../play/service-config.js';
import type { GameRow, GameStore } from '../store/types.js';
import { sweepDeadlines } from '../play/timers.js';
import type { Metrics } from '../metrics/index.js';
import { lowTimeMs } from '../play/deadlines.js';

/** What the players part (players/service.ts) decides about games; null without players. */
export interface GamePlayerHooks {
  /** Called once, by the instance whose action ended a game. */
  readonly onGameOver: (row: GameRow) => Promise<void>;
  /** The recruiter's place when the players decide it; null: the table's rule. */
  readonly pickRecruiter: (row: GameRow) => Promise<{ place: number; note: string | null } | null>;
  /** After each commit of this instance, under the game's lock (notifications). */
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
  readonly driver: BotDriver;
  /** Cluster mode (the store has a bus); null for a single instance. */
  readonly cluster: ClusterSync | null;
  /** Tables before they start: create, list, join, leave, start. */
  readonly lobby: Lobby;
  /** The WebSocket subscriptions and what a connection sends to its game. */
  readonly connections: Connections;
  /** Finished games' records. */
  readonly records: Records;
  /** Finished games' analyses. */
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
    this.lobby = new Lobby(m, {
      hostFinishRates: players?.hostFinishRates ?? null,
      pickRecruiter: players?.pickRecruiter ?? null,
      claimBots: async (id) => this.cluster?.claimBots(id),
    });
    this.connections = new Connections(m);
    this.records = new Records(m);
    this.analyses = new Analyses(m, this.records, this.bots, limits);
  }

  /** Starts the periodic jobs (and, in a cluster, following the other instances). Games load on
   * first use; single-instance bot games are found by resumeBots, after listen (the bots' moves
   * would otherwise race the server's first requests). */
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

  /** The periodic job: applies every passed deadline (R33, D7, D13: a stand-in takes the seat, or
   * the game ends) and the team proposals that ran out, and tells the players' part of the seats
   * whose time runs low. */
  async sweep(now = this.master.now()): Promise<number> {
    await sweepProposals(this.master, now);
    const low = this.players?.onLowTime;
    if (low)
      for (const g of this.master.all()) {
        const d = g.row.deadline;
        const ms = lowTimeMs(g.row.options);
        if (d && ms !== null && !g.state?.result && d.at - now <= ms && d.at > now) low(g, d.seat, d.at);
      }
    return sweepDeadlines(this.master, now);
  }
}
