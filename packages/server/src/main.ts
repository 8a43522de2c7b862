#!/usr/bin/env node
// Entry: node packages/server/dist/main.js
// Every environment variable the server reads is listed, with its default and meaning, in
// docs/operations.md "Environment"; add a row there with any new one.
import { monitorEventLoopDelay, performance, PerformanceObserver } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';
import { pino } from 'pino';
import { startServer } from './app/server.js';
import { DEFAULT_HTTP_TIMEOUTS } from './app/http-server.js';
import { AckTimes } from './metrics/ack-times.js';
import { PgStore } from './store/pg/store.js';
import { SqliteStore } from './store/sqlite.js';
import { dataDirFromEnv } from './store/backup.js';
import type { GameStore } from './store/types.js';
import type { SqlPlayerStore } from './store/players/sql.js';
import { SqlNotifyStore } from './store/notify/sql.js';
import type { MailConfig } from './notify/mail.js';
import { pgPlayerStore } from './store/players/pg.js';
import { sqlitePlayerStore } from './store/players/sqlite.js';
import type { Rate } from './limits/budget.js';
import { DEFAULT_LIMITS, type LimitsConfig } from './limits/config.js';
import { DEFAULT_WS_CONFIG } from './ws/config.js';

const env = process.env;
const num = (v: string | undefined, d: number) =>
  v !== undefined && v !== '' && Number.isFinite(Number(v)) ? Number(v) : d;

/** "burst/perMin" (e.g. "10/2"); the default when absent or malformed. */
const rate = (v: string | undefined, d: Rate): Rate => {
  const m = v ? /^(\d+(?:\.\d+)?)\/(\d+(?:\.\d+)?)$/.exec(v.trim()) : null;
  return m ? { burst: Number(m[1]), perMin: Number(m[2]) } : d;
};
const D = DEFAULT_LIMITS;
const limits: LimitsConfig = {
  trustProxy: env.TRUST_PROXY === '1',
  allowedOrigins: (env.ALLOWED_ORIGINS ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean),
  createPerIp: rate(env.LIMIT_CREATE, D.createPerIp),
  createTotal: rate(env.LIMIT_CREATE_TOTAL, D.createTotal),
  openTablesPerIp: num(env.LIMIT_OPEN_TABLES_PER_IP, D.openTablesPerIp),
  joinPerIp: rate(env.LIMIT_JOIN, D.joinPerIp),
  startPerIp: rate(env.LIMIT_START, D.startPerIp),
  helloPerConn: rate(env.LIMIT_HELLO_CONN, D.helloPerConn),
  helloPerIp: rate(env.LIMIT_HELLO_IP, D.helloPerIp),
  notesPerConn: rate(env.LIMIT_NOTES, D.notesPerConn),
  refusedFramesPerConn: rate(env.LIMIT_REFUSED_CONN, D.refusedFramesPerConn),
  refusedFramesPerIp: rate(env.LIMIT_REFUSED_IP, D.refusedFramesPerIp),
  chatReadsPerIp: rate(env.LIMIT_CHAT_READS, D.chatReadsPerIp),
  connectionsPerIp: num(env.LIMIT_CONNS_PER_IP, D.connectionsPerIp),
  wsPerPrefix: num(env.LIMIT_CONNS_PER_PREFIX, D.wsPerPrefix),
  maxWebSockets: num(env.MAX_WEBSOCKETS, D.maxWebSockets),
  httpConnectionsPerIp: num(env.LIMIT_HTTP_CONNS_PER_IP, D.httpConnectionsPerIp),
  maxSockets: num(env.MAX_SOCKETS, D.maxSockets),
  socketReserve: num(env.SOCKET_RESERVE, D.socketReserve),
  botGamesPerPlayer: num(env.LIMIT_BOT_GAMES_PER_PLAYER, D.botGamesPerPlayer),
  botGamesPerIp: num(env.LIMIT_BOT_GAMES_PER_IP, D.botGamesPerIp),
  botGamesPerPrefix: num(env.LIMIT_BOT_GAMES_PER_PREFIX, D.botGamesPerPrefix),
  botGamesTotal: num(env.LIMIT_BOT_GAMES_TOTAL, D.botGamesTotal),
  botQueueWaitMs: num(env.LIMIT_BOT_QUEUE_WAIT_MS, D.botQueueWaitMs),
  maxBufferedBytes: num(env.MAX_BUFFERED_BYTES, D.maxBufferedBytes),
  slowConsumerMs: num(env.SLOW_CONSUMER_MS, D.slowConsumerMs),
  lobbyIdleMs: num(env.LOBBY_IDLE_MS, D.lobbyIdleMs),
  gameInactiveMs: num(env.GAME_INACTIVE_MS, D.gameInactiveMs),
  openPageSize: num(env.OPEN_PAGE_SIZE, D.openPageSize),
  openUnvouchedListed: num(env.OPEN_UNVOUCHED_LISTED, D.openUnvouchedListed),
  openUnvouchedPerNet: num(env.OPEN_UNVOUCHED_PER_NET, D.openUnvouchedPerNet),
  wsSeatsPerToken: num(env.WS_SEATS_PER_TOKEN, D.wsSeatsPerToken),
  wsSeatsPerPrefix: num(env.WS_SEATS_PER_PREFIX, D.wsSeatsPerPrefix),
  newPlayersPerIp: rate(env.LIMIT_NEW_PLAYERS, D.newPlayersPerIp),
  reportsPerPlayer: rate(env.LIMIT_REPORTS_PLAYER, D.reportsPerPlayer),
  reportsPerIp: rate(env.LIMIT_REPORTS, D.reportsPerIp),
  passwordPerIp: rate(env.LIMIT_PASSWORD_IP, D.passwordPerIp),
  passwordPerPlayer: rate(env.LIMIT_PASSWORD_PLAYER, D.passwordPerPlayer),
  hashesRunning: num(env.HASHES_RUNNING, D.hashesRunning),
  hashesQueued: num(env.HASHES_QUEUED, D.hashesQueued),
  passwordPerPrefix: rate(env.LIMIT_PASSWORD_PREFIX, D.passwordPerPrefix),
  hashesPerHandle: num(env.HASHES_PER_HANDLE, D.hashesPerHandle),
  handleChangesPerIp: rate(env.LIMIT_HANDLE_CHANGES, D.handleChangesPerIp),
  handleChangesPerPrefix: rate(env.LIMIT_HANDLE_CHANGES_PREFIX, D.handleChangesPerPrefix),
  pushSubsPerPlayer: num(env.LIMIT_PUSH_DEVICES, D.pushSubsPerPlayer),
  notifyChangesPerIp: rate(env.LIMIT_NOTIFY_CHANGES, D.notifyChangesPerIp),
  notifyPerPlayer: rate(env.LIMIT_NOTIFY_PLAYER, D.notifyPerPlayer),
  notifyTotal: rate(env.LIMIT_NOTIFY_TOTAL, D.notifyTotal),
  notifyQueued: num(env.NOTIFY_QUEUED, D.notifyQueued),
  notifySending: num(env.NOTIFY_SENDING, D.notifySending),
  verifyMailsPerRecipient: num(env.LIMIT_VERIFY_MAILS_RECIPIENT, D.verifyMailsPerRecipient),
  verifyMailsPerPlayer: rate(env.LIMIT_VERIFY_MAILS_PLAYER, D.verifyMailsPerPlayer),
  verifyMailsPerPrefix: rate(env.LIMIT_VERIFY_MAILS_PREFIX, D.verifyMailsPerPrefix),
  verifyMailsTotal: rate(env.LIMIT_VERIFY_MAILS_TOTAL, D.verifyMailsTotal),
  analysesQueued: num(env.ANALYSES_QUEUED, D.analysesQueued),
  analysisDecisions: num(env.ANALYSIS_DECISIONS, D.analysisDecisions),
  analysisPlayouts: num(env.ANALYSIS_PLAYOUTS, D.analysisPlayouts),
  analysisRunMs: num(env.ANALYSIS_RUN_MS, D.analysisRunMs),
  offlineUploadsPerPlayer: rate(env.LIMIT_OFFLINE_UPLOADS, D.offlineUploadsPerPlayer),
  offlineRecordBytes: num(env.OFFLINE_RECORD_BYTES, D.offlineRecordBytes),
  offlineUploadsPerPrefix: rate(env.LIMIT_OFFLINE_UPLOADS_PREFIX, D.offlineUploadsPerPrefix),
  offlineUploadsTotal: rate(env.LIMIT_OFFLINE_UPLOADS_TOTAL, D.offlineUploadsTotal),
  offlineGamesPerPlayer: num(env.OFFLINE_GAMES_PER_PLAYER, D.offlineGamesPerPlayer),
  offlineBytesPerPlayer: num(env.OFFLINE_BYTES_PER_PLAYER, D.offlineBytesPerPlayer),
  createNewcomerTotal: rate(env.LIMIT_CREATE_NEWCOMER_TOTAL, D.createNewcomerTotal),
  createNewcomerTables: num(env.CREATE_NEWCOMER_TABLES, D.createNewcomerTables),
  createNewcomerMs: num(env.CREATE_NEWCOMER_MS, D.createNewcomerMs),
  createVouchedTotal: rate(env.LIMIT_CREATE_VOUCHED_TOTAL, D.createVouchedTotal),
  vacationDaysPerYear: num(env.VACATION_DAYS_PER_YEAR, D.vacationDaysPerYear),
};

/** E-mail notifications when SMTP_URL is set; their links need PUBLIC_URL. */
function mailConfig(): { mail?: MailConfig } {
  const url = env.SMTP_URL;
  if (!url) return {};
  const publicUrl = env.PUBLIC_URL;
  if (!publicUrl) {
    log.warn('SMTP_URL is set without PUBLIC_URL: e-mail links would have no address, so no e-mail is sent');
    return {};
  }
  const from = env.MAIL_FROM || `Mind MGMT <no-reply@${new URL(publicUrl).hostname}>`;
  return { mail: { url, from, publicUrl } };
}

// Whatever the server creates (the data folder, the database and its -wal/-shm) is its user's alone.
process.umask(0o077);
const log = pino({ level: env.LOG_LEVEL ?? 'info', base: { svc: 'mindmgmt-server' } });
const dataDir = dataDirFromEnv(env);
const pgUrl = env.DATABASE_URL && /^postgres(ql)?:\/\//.test(env.DATABASE_URL) ? env.DATABASE_URL : null;
// A DATABASE_URL that is not PostgreSQL's must not quietly mean SQLite: instances meant to share
// one database would each keep games of their own.
if (env.DATABASE_URL && !pgUrl) {
  log.fatal('DATABASE_URL is set but is not a postgres:// or postgresql:// URL; unset it for SQLite');
  process.exit(1);
}
// SERVER_STATS_MS: every N ms one stderr line with the act -> acknowledgement times measured in
// the server since the last line, and the games in memory (read by the server benchmark);
// on PostgreSQL also how long each append waited for a pool connection.
const serverStatsMs = num(env.SERVER_STATS_MS, 0);
const acks = serverStatsMs > 0 ? new AckTimes() : undefined;
const appendWaits = acks && pgUrl ? new AckTimes() : null;
let store: GameStore;
let players: SqlPlayerStore;
if (pgUrl) {
  const pg = await PgStore.open(pgUrl, {
    ...(env.PG_SCHEMA ? { schema: env.PG_SCHEMA } : {}),
    poolSize: num(env.PG_POOL, 10),
    actPoolSize: num(env.PG_ACT_POOL, 4),
    ...(env.INSTANCE_ID ? { instanceId: env.INSTANCE_ID } : {}),
    ...(appendWaits ? { appendWaits } : {}),
  });
  store = pg;
  players = pgPlayerStore(pg);
} else {
  const sqlite = SqliteStore.inDir(
    dataDir,
    env.SQLITE_SYNC === 'normal' ? 'normal' : 'full',
    env.SQLITE_WRITER === 'inline' ? 'inline' : 'thread',
  );
  sqlite.groupCommit = env.SQLITE_GROUP_COMMIT !== '0';
  store = sqlite;
  players = sqlitePlayerStore(sqlite, env.SQLITE_SYNC === 'normal' ? 'normal' : 'full');
  // Diagnostics: every SQLITE_STATS_MS, one stderr line with the writer's commit times and batch
  // sizes and the main event loop's delay over the period (used by the bench's BENCH_VERBOSE).
  const every = num(env.SQLITE_STATS_MS, 0);
  if (every > 0) {
    const loop = monitorEventLoopDelay({ resolution: 5 });
    loop.enable();
    let gcs: number[] = [];
    // pauses by kind (perf_hooks constants: 1 minor, 2 major, 4 incremental marking, 8 weak callbacks)
    let gcKinds: Record<string, [number, number, number]> = {};
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) {
        gcs.push(e.duration);
        const k = String((e as { detail?: { kind?: number } }).detail?.kind ?? 0);
        const c = (gcKinds[k] ??= [0, 0, 0]);
        c[0]++;
        c[1] = Number((c[1] + e.duration).toFixed(1));
        c[2] = Math.max(c[2], Number(e.duration.toFixed(1)));
      }
    }).observe({ entryTypes: ['gc'] });
    let elu = performance.eventLoopUtilization();
    const q = (xs: number[], f: number) =>
      xs.length
        ? Number([...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * f))]!.toFixed(2))
        : null;
    setInterval(() => {
      void sqlite.writerStats().then((s) => {
        const line = {
          commits: s.commits.length,
          commitMs: [q(s.commits, 0.5), q(s.commits, 0.9), q(s.commits, 0.99), q(s.commits, 1)],
          batch: [q(s.sizes, 0.5), q(s.sizes, 0.99), q(s.sizes, 1)],
          writes: s.sizes.reduce((a, b) => a + b, 0),
          ackMs: [q(s.acks, 0.5), q(s.acks, 0.9), q(s.acks, 0.99), q(s.acks, 1)],
          gc: { n: gcs.length, ms: Number(gcs.reduce((a, b) => a + b, 0).toFixed(1)), max: q(gcs, 1), kinds: gcKinds },
          loopUtil: Number(performance.eventLoopUtilization(elu).utilization.toFixed(2)),
          loopDelayMs: [0.5, 0.9, 0.99].map((f) => Number((loop.percentile(f * 100) / 1e6).toFixed(1))),
          loopMaxMs: Number((loop.max / 1e6).toFixed(1)),
        };
        loop.reset();
        gcs = [];
        gcKinds = {};
        elu = performance.eventLoopUtilization();
        process.stderr.write(`SQLITE_STATS ${JSON.stringify(line)}\n`);
      });
    }, every).unref();
  }
}

const server = await startServer({
  store,
  players,
  notify: new SqlNotifyStore(players.db),
  adminHandles: env.ADMIN_HANDLES ?? '',
  ...mailConfig(),
  log,
  port: num(env.PORT, 8080),
  host: env.HOST ?? '0.0.0.0',
  ...(env.WEB_DIST ? { webDist: env.WEB_DIST } : {}),
  service: {
    botPauseMs: num(env.BOT_PAUSE_MS, 400),
    botAskAnswerMs: num(env.BOT_ASK_ANSWER_MS, 3000),
    botRecruiterMoveMs: num(env.BOT_RECRUITER_MOVE_MS, 1500),
    botTimeLimitMs: num(env.BOT_TIME_LIMIT_MS, 3000),
    botBudgetMs: num(env.BOT_BUDGET_MS, 1000),
    botNice: num(env.BOT_NICE, 10),
    snapshotEvery: num(env.SNAPSHOT_EVERY, 25),
    sweepMs: num(env.SWEEP_MS, 1000),
    leaseMs: num(env.LEASE_MS, 10_000),
    publicUrl: env.PUBLIC_URL ?? null,
    vapidSubject: env.VAPID_SUBJECT || null,
  },
  ws: {
    ratePerSec: num(env.WS_RATE_PER_SEC, DEFAULT_WS_CONFIG.ratePerSec),
    rateBurst: num(env.WS_RATE_BURST, DEFAULT_WS_CONFIG.rateBurst),
    helloMs: num(env.WS_HELLO_MS, DEFAULT_WS_CONFIG.helloMs),
  },
  limits,
  recordSweepMs: num(env.RECORD_SWEEP_MS, 30_000),
  httpTimeouts: {
    headersMs: num(env.HTTP_HEADERS_TIMEOUT_MS, DEFAULT_HTTP_TIMEOUTS.headersMs),
    requestMs: num(env.HTTP_REQUEST_TIMEOUT_MS, DEFAULT_HTTP_TIMEOUTS.requestMs),
    checkMs: num(env.HTTP_TIMEOUT_CHECK_MS, DEFAULT_HTTP_TIMEOUTS.checkMs),
  },
  ...(acks ? { acks } : {}),
  metricsToken: env.METRICS_TOKEN || null,
  accessLog: env.ACCESS_LOG === '1',
  readyTimeoutMs: num(env.READY_TIMEOUT_MS, 2000),
});
// The main thread's event-loop delay beside the acknowledgements: a slow acknowledgement with a
// quiet loop waited on the store or for a core, not on this process's own work.
const loop = acks ? monitorEventLoopDelay({ resolution: 5 }) : null;
loop?.enable();
// SERVER_STATS_GC=1 (the bench's memory ramp, with node --expose-gc): a full collection before each
// line (the bot workers' too, after their current job), which then reports the main thread's heap
// as it left it: what the games held keep alive, without the garbage a busy heap carries between
// collections.
const statsGc = env.SERVER_STATS_GC === '1' ? (globalThis as { gc?: () => void }).gc : undefined;
function memoryBreakdown(): Record<string, number> {
  const m = process.memoryUsage();
  const mb = (x: number) => Number((x / 2 ** 20).toFixed(1));
  return { rss: mb(m.rss), heapTotal: mb(m.heapTotal), external: mb(m.external), arrayBuffers: mb(m.arrayBuffers) };
}
if (acks)
  setInterval(() => {
    const loopP99Ms = loop ? Number((loop.percentile(99) / 1e6).toFixed(2)) : null;
    const loopMaxMs = loop ? Number((loop.max / 1e6).toFixed(2)) : null;
    loop?.reset();
    const line = {
      acksMs: acks.take().map((x) => Number(x.toFixed(2))),
      appendWaitMs: appendWaits?.take().map((x) => Number(x.toFixed(2))) ?? null,
      games: server.service.master.size,
      loopP99Ms,
      loopMaxMs,
      heapAfterGcMb: statsGc
        ? (server.service.bots.collectGarbage(),
          statsGc(),
          Number((getHeapStatistics().used_heap_size / 2 ** 20).toFixed(2)))
        : null,
      // with it, where the rest of the process's memory is (MB): the main heap's reserved size,
      // memory outside it (Buffers), and the resident total
      mem: statsGc ? memoryBreakdown() : null,
    };
    process.stderr.write(`SERVER_STATS ${JSON.stringify(line)}\n`);
  }, serverStatsMs).unref();
log.info(
  {
    port: server.port,
    ...(pgUrl ? { store: 'postgres', instance: store.cluster!.instanceId } : { store: 'sqlite', dataDir }),
  },
  'mindmgmt server ready',
);
console.log(`READY ${server.port}`);

let stopping = false;
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    if (stopping) return;
    stopping = true;
    log.info({ sig }, 'shutting down');
    void server.close().then(() => process.exit(0));
  });
}
