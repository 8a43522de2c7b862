// What the server counts and measures, for Prometheus (docs/operations.md "Metrics"). One
// registry per running server: tests start several servers in one process, and each must count
// only its own. The parts that count call the methods here where the event happens; the
// quantities that already exist elsewhere (games in memory, the bot queue, open sockets, the
// notification queue's counts) are read when scraped.
import { timingSafeEqual, createHash } from 'node:crypto';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import type { Logger } from 'pino';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';

/** The event-loop delay is sampled by a timer of this period; what node records is the time
 * between its ticks, so the period itself is taken off. */
const LOOP_TICK_MS = 10;

/** Latency buckets (seconds) for the fast paths: acknowledgement, fan-out, commit. */
const FAST_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];
/** Bot decisions run up to their time limit (seconds). */
const BOT_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 3, 5, 10];

/** Read at each scrape (wired by the server once its parts exist). */
export interface MetricSources {
  gamesActive?: () => number;
  connections?: () => number;
  sockets?: () => number;
  /** The client sockets cap the gate enforces (MAX_SOCKETS, or what the open-file limit allows). */
  socketsMax?: () => number;
  /** The socket gate's totals: sockets refused at accept, idle sockets shed for newcomers. */
  socketGate?: () => { readonly refused: number; readonly shed: number };
  botQueue?: () => number;
  notify?: () => {
    readonly droppedQueueFull: number;
    readonly droppedProfileCap: number;
    readonly droppedServerCap: number;
    readonly byChannel: Readonly<Record<'push' | 'mail', { readonly sent: number; readonly failed: number }>>;
  };
}

/** A refused request is logged at most once per limit per this long, with how many went unlogged. */
export const REFUSAL_LOG_EVERY_MS = 10_000;

export class Metrics {
  readonly registry = new Registry();
  private sources: MetricSources = {};
  private readonly loop: IntervalHistogram = monitorEventLoopDelay({ resolution: LOOP_TICK_MS });
  private readonly lastLogged = new Map<string, { at: number; suppressed: number }>();

  readonly actions = new Counter({
    name: 'mindmgmt_actions_total',
    help: 'Actions committed by this instance, by who sent them (player, bot, timer).',
    labelNames: ['by'] as const,
    registers: [this.registry],
  });
  readonly ackSeconds = new Histogram({
    name: 'mindmgmt_ack_seconds',
    help: "A player's act frame: arrival to acknowledgement handed to the socket (seconds).",
    buckets: FAST_BUCKETS,
    registers: [this.registry],
  });
  readonly fanoutSeconds = new Histogram({
    name: 'mindmgmt_fanout_seconds',
    help: "Building and sending one committed action's frames to every subscriber of its game (seconds).",
    buckets: FAST_BUCKETS,
    registers: [this.registry],
  });
  readonly commitSeconds = new Histogram({
    name: 'mindmgmt_db_commit_seconds',
    help: 'One action appended to the store: call to durable commit (seconds).',
    buckets: FAST_BUCKETS,
    registers: [this.registry],
  });
  readonly botDecisionSeconds = new Histogram({
    name: 'mindmgmt_bot_decision_seconds',
    help: "A bot decision's run on its worker, by where the move came from (seconds).",
    labelNames: ['source'] as const,
    buckets: BOT_BUCKETS,
    registers: [this.registry],
  });
  readonly botWaitSeconds = new Histogram({
    name: 'mindmgmt_bot_wait_seconds',
    help: 'A bot decision waiting in the queue for a worker (seconds).',
    buckets: BOT_BUCKETS,
    registers: [this.registry],
  });
  readonly botTimeouts = new Counter({
    name: 'mindmgmt_bot_timeouts_total',
    help: 'Bot decisions cut at the time limit (their best or quick move was played).',
    registers: [this.registry],
  });
  /** What the socket gate counted by the previous scrape. */
  private gateSeen = { refused: 0, shed: 0 };
  readonly refusals: Counter<'limit' | 'code'> = new Counter({
    name: 'mindmgmt_refusals_total',
    help: 'Requests, frames and connections refused by a limit, by limit and error code.',
    labelNames: ['limit', 'code'] as const,
    registers: [this.registry],
    // The socket gate (http/connections.ts) refuses before any request is read: its own totals.
    collect: () => {
      const g = this.sources.socketGate?.();
      if (!g) return;
      if (g.refused > this.gateSeen.refused)
        this.refusals.inc({ limit: 'sockets', code: 'refused' }, g.refused - this.gateSeen.refused);
      if (g.shed > this.gateSeen.shed)
        this.refusals.inc({ limit: 'sockets', code: 'shed' }, g.shed - this.gateSeen.shed);
      this.gateSeen = { refused: g.refused, shed: g.shed };
    },
  });

  constructor(private readonly log: Logger | null = null) {
    const self = this;
    // Every series whose labels are known up front starts at 0: a series that first appears at 1
    // has no rate, so an alert on rate() or increase() would miss the first actions or drops.
    for (const by of ['player', 'bot', 'timer'] as const) this.actions.inc({ by }, 0);
    new Gauge({
      name: 'mindmgmt_games_active',
      help: 'Started, unfinished games held in memory by this instance.',
      registers: [this.registry],
      collect() {
        this.set(self.sources.gamesActive?.() ?? 0);
      },
    });
    new Gauge({
      name: 'mindmgmt_ws_connections',
      help: 'Open WebSocket connections.',
      registers: [this.registry],
      collect() {
        this.set(self.sources.connections?.() ?? 0);
      },
    });
    new Gauge({
      name: 'mindmgmt_sockets',
      help: 'Client sockets held (HTTP and WebSocket), counted against MAX_SOCKETS.',
      registers: [this.registry],
      collect() {
        this.set(self.sources.sockets?.() ?? 0);
      },
    });
    new Gauge({
      name: 'mindmgmt_sockets_max',
      help: 'The client sockets cap in force (MAX_SOCKETS, or what the open-file limit allows).',
      registers: [this.registry],
      collect() {
        this.set(self.sources.socketsMax?.() ?? 0);
      },
    });
    new Gauge({
      name: 'mindmgmt_bot_queue',
      help: 'Bot decisions waiting for a worker.',
      registers: [this.registry],
      collect() {
        this.set(self.sources.botQueue?.() ?? 0);
      },
    });
    // Totals kept by the notification queue: each scrape adds what they grew by since the last.
    const seen = new Map<string, number>();
    const grow = (c: Counter<string>, labels: Record<string, string>, total: number) => {
      const k = JSON.stringify(labels);
      const d = total - (seen.get(k) ?? 0);
      seen.set(k, total);
      c.inc(labels, Math.max(0, d));
    };
    new Counter({
      name: 'mindmgmt_notify_sent_total',
      help: 'Notifications handed to the push service or SMTP server, by channel and outcome (sent, failed).',
      labelNames: ['channel', 'outcome'] as const,
      registers: [this.registry],
      collect() {
        const n = self.sources.notify?.();
        for (const channel of ['push', 'mail'] as const)
          for (const outcome of ['sent', 'failed'] as const)
            grow(this, { channel, outcome }, n?.byChannel[channel][outcome] ?? 0);
      },
    });
    new Counter({
      name: 'mindmgmt_notify_dropped_total',
      help: 'Notifications dropped, by the cap that dropped them (queue, profile, server).',
      labelNames: ['cap'] as const,
      registers: [this.registry],
      collect() {
        const n = self.sources.notify?.();
        grow(this, { cap: 'queue' }, n?.droppedQueueFull ?? 0);
        grow(this, { cap: 'profile' }, n?.droppedProfileCap ?? 0);
        grow(this, { cap: 'server' }, n?.droppedServerCap ?? 0);
      },
    });
    this.loop.enable();
    new Gauge({
      name: 'mindmgmt_event_loop_delay_seconds',
      // Not `quantile`: that label is reserved for summaries (promtool check metrics, OpenMetrics).
      help: "The main thread's event-loop delay since the previous scrape: p50, p99 and max (seconds).",
      labelNames: ['stat'] as const,
      registers: [this.registry],
      collect() {
        const l = self.loop;
        const s = (ns: number) => (Number.isFinite(ns) ? Math.max(0, ns / 1e6 - LOOP_TICK_MS) / 1000 : 0);
        this.set({ stat: 'p50' }, s(l.percentile(50)));
        this.set({ stat: 'p99' }, s(l.percentile(99)));
        this.set({ stat: 'max' }, s(l.max));
        l.reset();
      },
    });
  }

  /** A bot decision resolved: its run and wait times; cut at the time limit, a time-out. */
  botDecided(d: { readonly source: string; readonly runMs: number; readonly waitMs: number }): void {
    if (d.source === 'dropped') return;
    this.botDecisionSeconds.observe({ source: d.source }, d.runMs / 1000);
    this.botWaitSeconds.observe(d.waitMs / 1000);
    if (d.source === 'best' || d.source === 'timeout') this.botTimeouts.inc();
  }

  /** The quantities read at each scrape. */
  watch(s: MetricSources): void {
    this.sources = { ...this.sources, ...s };
  }

  /**
   * A limit refused someone: counted, and logged with the address the limit was kept for, at most
   * once per limit per REFUSAL_LOG_EVERY_MS (a flood must not become a flood of log lines).
   */
  refused(limit: string, code: string, address: string, now = Date.now()): void {
    this.refusals.inc({ limit, code });
    if (!this.log) return;
    const last = this.lastLogged.get(limit);
    if (last && now - last.at < REFUSAL_LOG_EVERY_MS) {
      last.suppressed++;
      return;
    }
    this.log.warn({ limit, code, address, unlogged: last?.suppressed ?? 0 }, 'refused by a limit');
    this.lastLogged.set(limit, { at: now, suppressed: 0 });
  }

  /** The Prometheus text exposition of this server's metrics. */
  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  close(): void {
    this.loop.disable();
  }
}

/**
 * Whether an Authorization header carries `Bearer <token>`. Compared in constant time over
 * digests, so neither the token's content nor its length leaks through the answer's timing.
 */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const m = header ? /^Bearer +(.+)$/i.exec(header) : null;
  if (!m) return false;
  const a = createHash('sha256').update(m[1]!).digest();
  const b = createHash('sha256').update(token).digest();
  return timingSafeEqual(a, b);
}
