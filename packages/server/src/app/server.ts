// Composes store + service + HTTP + WebSockets into a running server.
import type http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { pino, type Logger } from 'pino';
import { GameService } from './games.js';
import { DEFAULT_SERVICE_CONFIG, type ServiceConfig } from '../play/service-config.js';
import { createHttpHandler } from './http.js';
import { createHttpServer, DEFAULT_HTTP_TIMEOUTS, type HttpTimeouts } from './http-server.js';
import type { GameStore } from '../store/types.js';
import { attachWebSockets } from '../ws/attach.js';
import { DEFAULT_WS_CONFIG, type WsConfig } from '../ws/config.js';
import { DEFAULT_LIMITS, type LimitsConfig } from '../limits/config.js';
import type { AckTimes } from '../metrics/ack-times.js';
import type { PlayerStore } from '../store/players/types.js';
import { PlayerService } from '../players/service.js';
import { TableChat } from '../players/table-chat.js';
import { CampaignTables } from '../players/campaign-tables.js';
import type { PlayerParts } from '../players/routes.js';
import { ConnectionGate } from '../http/connections.js';
import { socketCaps, webSocketCaps } from '../http/descriptors.js';
import { WsSlots } from '../http/ws-slots.js';
import type { NotifyStore } from '../store/notify/types.js';
import { Notifier } from '../notify/notifier.js';
import { ClusterPresence, DEFAULT_PRESENCE, type PresenceConfig } from '../notify/presence.js';
import { Mailer, type MailConfig } from '../notify/mail.js';
import { Metrics } from '../metrics/index.js';
import { createOpsRoutes, DEFAULT_READY_REUSE_MS, DEFAULT_READY_TIMEOUT_MS, readiness } from '../metrics/routes.js';
import { SqlPlayerStore } from '../store/players/sql.js';
import { AdminStore } from '../admin/store.js';
import { AdminService, bannedBecause, operatorKeys } from '../admin/service.js';

/** packages/web/dist, resolved from this file (works from src/ and dist/). */
export const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

export interface ServerOptions {
  store: GameStore;
  /** Players, ratings, campaigns, chat, on the same database; without it the player
   * routes answer 404 and games are not recorded in anyone's history. Closed with the server. */
  players?: PlayerStore;
  /** Notifications, on the players' database; only with `players`. */
  notify?: NotifyStore;
  /** ADMIN_HANDLES: the handles of the operators, comma-separated (moderation works on a SQL
   * player store only). */
  adminHandles?: string;
  /** E-mail notifications (SMTP_URL); only with `notify`. */
  mail?: MailConfig;
  /** Cluster presence's heartbeat and expiry (tests; the clock is the service's wallClock). */
  presence?: Partial<Omit<PresenceConfig, 'clock'>>;
  port?: number;
  host?: string;
  log?: Logger;
  webDist?: string;
  service?: Partial<ServiceConfig>;
  ws?: Partial<WsConfig>;
  limits?: Partial<LimitsConfig>;
  /** Collects act -> acknowledgement times (benchmarks). */
  acks?: AckTimes;
  /** How often finished games whose result is not recorded yet are retried (players; default 30 s). */
  recordSweepMs?: number;
  /** Node's request timers (defaults below); tests shorten them. */
  httpTimeouts?: Partial<HttpTimeouts>;
  /** METRICS_TOKEN: GET /metrics answers only `Authorization: Bearer <it>`; unset, 404. */
  metricsToken?: string | null;
  /** ACCESS_LOG=1: one log line per HTTP request answered. */
  accessLog?: boolean;
  /** Longest GET /api/ready waits for its database write (default 2 s). */
  readyTimeoutMs?: number;
  /** How long a successful readiness write answers later checks (default 1 s; tests 0). */
  readyReuseMs?: number;
}

export interface RunningServer {
  readonly port: number;
  readonly url: string;
  readonly service: GameService;
  readonly players: PlayerService | null;
  readonly notifier: Notifier | null;
  readonly http: http.Server;
  /** Client sockets held against the descriptor limit, so a flood of connections cannot starve the process of files. */
  readonly sockets: ConnectionGate;
  /** WebSockets held per address, network and in all, within the sockets. */
  readonly webSockets: WsSlots;
  readonly metrics: Metrics;
  /** Stops accepting, lets the frames being handled finish, closes every WebSocket with 1012
   * (reconnect at once), then commits what was handed to the store and closes it. */
  close(): Promise<void>;
}

/** The composition root: builds each part once, in dependency order, with its collaborators
 * (docs/architecture.md "Wiring"). */
export async function startServer(o: ServerOptions): Promise<RunningServer> {
  const log = o.log ?? pino({ level: 'silent' });
  const limits: LimitsConfig = { ...DEFAULT_LIMITS, ...o.limits };
  const metrics = new Metrics(log);
  // Moderation needs the SQL player store (its tables are migration 120 of the same database).
  const adminStore = o.players instanceof SqlPlayerStore ? new AdminStore(o.players.db) : null;
  const players = o.players
    ? new PlayerService(o.players, o.store, log, adminStore && ((id) => bannedBecause(adminStore, id, Date.now())))
    : null;
  await players?.start();
  const cfg = { ...DEFAULT_SERVICE_CONFIG, ...o.service };
  const notifier =
    players && o.notify
      ? new Notifier(o.notify, players.store, log, {
          subject: vapidSubject(cfg),
          caps: {
            queued: limits.notifyQueued,
            running: limits.notifySending,
            perProfile: limits.notifyPerPlayer,
            total: limits.notifyTotal,
          },
        })
      : null;
  await notifier?.start();
  // Cluster: a player watching on another instance is not away (notify/presence.ts).
  const presence =
    notifier && o.store.cluster
      ? new ClusterPresence(notifier.store, log, {
          ...DEFAULT_PRESENCE,
          clock: cfg.wallClock ?? Date.now,
          ...o.presence,
        })
      : null;
  if (notifier) notifier.presence = presence;
  const service = new GameService(
    o.store,
    log,
    cfg,
    limits,
    players && {
      onGameOver: (row) => players.gameOver(row),
      pickRecruiter: (row) => players.pickRecruiter(row),
      vacationUntil: (gameId, place, now) => players.vacationAt(gameId, place, now),
      hostFinishRates: (hosts) => players.hostFinishRates(hosts),
      ...(notifier
        ? {
            onMoved: (g, before) => notifier.moved(g, before),
            // D13: reminders of time running low and of a stand-in taking the seat
            onStandIn: (g, seat) => notifier.standIn(g, seat),
            onLowTime: (g, seat, at) => notifier.lowTime(g, seat, at),
            ...(presence
              ? { onPresence: (g: { id: string }, h: string, on: boolean) => presence.changed(g.id, h, on) }
              : {}),
          }
        : {}),
    },
    metrics,
  );
  const mailer =
    notifier && o.mail
      ? new Mailer(notifier.store, notifier.queue, notifier.vapid, o.mail, log, {
          perRecipient: limits.verifyMailsPerRecipient,
          perPlayer: limits.verifyMailsPerPlayer,
          perPrefix: limits.verifyMailsPerPrefix,
          total: limits.verifyMailsTotal,
        })
      : null;
  notifier?.attach((id) => service.master.inMemory(id), ...(mailer ? [mailer] : []));
  await service.start();
  const parts: PlayerParts | null = players && {
    accounts: players,
    campaigns: new CampaignTables(players, service.master, service.lobby),
    seats: service.lobby,
    chat: new TableChat(service.master, players.store, log, adminStore && ((id) => adminStore.noticeText(id))),
    master: service.master,
  };
  await parts?.chat.start();
  const admin =
    parts && adminStore
      ? new AdminService(
          adminStore,
          parts.accounts,
          service.master,
          service.lobby,
          parts.chat,
          operatorKeys(o.adminHandles),
          log,
        )
      : null;
  const chat = parts?.chat ?? null;
  const handler = createHttpHandler(
    service,
    log,
    o.webDist ?? DEFAULT_WEB_DIST,
    limits,
    parts,
    notifier,
    cfg.pushLoopback,
    mailer,
    (limit, code, ip) => metrics.refused(limit, code, ip),
    admin,
  );
  let closing = false;
  const opsRoute = createOpsRoutes(
    metrics,
    o.metricsToken || null,
    readiness({
      probe: o.store.probeWrite ? () => o.store.probeWrite!() : null,
      botsAlive: () => service.bots.alive,
      closing: () => closing,
      timeoutMs: o.readyTimeoutMs ?? DEFAULT_READY_TIMEOUT_MS,
      reuseMs: o.readyReuseMs ?? DEFAULT_READY_REUSE_MS,
    }),
  );
  const accessLog = o.accessLog ?? false;
  const timeouts = { ...DEFAULT_HTTP_TIMEOUTS, ...o.httpTimeouts };
  const gate = new ConnectionGate(socketCaps(limits));
  log.info(gate.caps, 'socket caps');
  const wsSlots = new WsSlots(webSocketCaps(limits, gate.caps), limits.wsSeatsPerPrefix);
  log.info(wsSlots.caps, 'websocket caps');
  const server = createHttpServer({ gate, timeouts, accessLog, log, limits, metrics, opsRoute, handler });
  const acks = o.acks;
  const ws = attachWebSockets(
    service,
    log,
    { ...DEFAULT_WS_CONFIG, ...o.ws },
    limits,
    wsSlots,
    {
      add(ms) {
        acks?.add(ms);
        metrics.ackSeconds.observe(ms / 1000);
      },
    },
    chat,
    (limit, code, ip) => metrics.refused(limit, code, ip),
  );
  metrics.watch({
    connections: () => ws.wss.clients.size,
    sockets: () => gate.size,
    socketsMax: () => gate.caps.total,
    socketGate: () => gate,
    gamesActive: () => {
      let n = 0;
      for (const g of service.master.all()) if (g.state && !g.state.result) n++;
      return n;
    },
    botQueue: () => service.bots.waiting,
    ...(notifier
      ? {
          notify: () => ({ ...notifier.queue.counts, byChannel: notifier.queue.byChannel }),
        }
      : {}),
  });
  server.on('upgrade', (req, socket, head) => {
    gate.upgraded(req.socket);
    ws.upgrade(req, socket, head);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port ?? 0, o.host ?? '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  log.info({ port }, 'listening');
  // Listen first, then find the stored games that wait on a bot (startup does not grow with the
  // number of stored games).
  void service.resumeBots();
  players?.startSweep(o.recordSweepMs ?? 30_000);
  const beat =
    presence &&
    setInterval(
      () => void presence.beat(service.master.all()).catch((e) => log.warn({ err: String(e) }, 'presence beat failed')),
      presence.cfg.beatMs,
    );
  beat?.unref();
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    service,
    players,
    notifier,
    http: server,
    sockets: gate,
    webSockets: wsSlots,
    metrics,
    async close() {
      closing = true;
      // No new connections; the actions being handled are committed and acknowledged before
      // the sockets close, and whatever bots and timers hand in is committed by store.close.
      const stopped = new Promise<void>((r) => server.close(() => r()));
      await ws.shutdown();
      ws.close();
      server.closeAllConnections();
      await stopped;
      if (beat) clearInterval(beat);
      await service.close();
      await notifier?.queue.idle();
      await presence?.close();
      mailer?.close();
      await players?.stop();
      await o.players?.close();
      await o.store.close();
      metrics.close();
    },
  };
}

/** The VAPID contact push services may write to about this server's messages. */
function vapidSubject(cfg: ServiceConfig): string {
  if (cfg.vapidSubject) return cfg.vapidSubject;
  return cfg.publicUrl?.startsWith('https://') ? cfg.publicUrl : 'mailto:webmaster@localhost';
}
