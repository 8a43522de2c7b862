// Cluster presence (docs/players.md "Absent players"): a player watching a table on another
// instance is not away. Each instance writes the (game, seat token) pairs connected to it into the
// shared `presence` table (migration 130) when one comes online or goes offline, and rewrites all
// of them on a heartbeat with an expiry, so the rows of an instance that stopped without a word
// lapse. The notifier asks it, from the send queue (never under a game's lock), before telling a
// player who is not connected to this instance. A single instance has no such table to read: its
// own connections are all there is.
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Live } from '../play/live.js';
import type { NotifyStore, PresenceKey } from '../store/notify/types.js';

export interface PresenceConfig {
  /** Rows are rewritten this often... */
  readonly beatMs: number;
  /** ...and lapse this long after a beat (a few beats, so one slow beat loses nothing). */
  readonly ttlMs: number;
  /** The clock expiries are reckoned on (tests advance their own). */
  readonly clock: () => number;
}

export const DEFAULT_PRESENCE: Omit<PresenceConfig, 'clock'> = { beatMs: 20_000, ttlMs: 60_000 };

export class ClusterPresence {
  /** This process, as the rows name it. */
  readonly instance = randomUUID();
  private writes: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: NotifyStore,
    private readonly log: Logger,
    readonly cfg: PresenceConfig,
  ) {}

  /** A pair came online on this instance (true) or its last connection here closed (false). */
  changed(gameId: string, tokenHash: string, online: boolean): void {
    const at = online ? this.cfg.clock() + this.cfg.ttlMs : null;
    // In order: an offline written before the online it follows would leave a ghost until expiry.
    this.writes = this.writes
      .then(() => this.store.setPresence(this.instance, { gameId, tokenHash }, at))
      .catch((e) => this.failed(e));
  }

  /** Rewrites every pair connected here (the heartbeat). */
  async beat(games: Iterable<Live>): Promise<void> {
    const held: PresenceKey[] = [];
    for (const g of games) {
      const seen = new Set<string>();
      for (const c of g.subs)
        if (c.tokenHash && !seen.has(c.tokenHash)) {
          seen.add(c.tokenHash);
          held.push({ gameId: g.id, tokenHash: c.tokenHash });
        }
    }
    const now = this.cfg.clock();
    await this.store.refreshPresence(this.instance, held, now + this.cfg.ttlMs, now);
  }

  /** Which of these seat tokens watch the game on another instance (none when the read fails:
   * a needless reminder is better than a missed one). */
  async elsewhere(gameId: string, tokenHashes: readonly string[]): Promise<Set<string>> {
    try {
      return await this.store.presentElsewhere(this.instance, gameId, tokenHashes, this.cfg.clock());
    } catch (e) {
      this.failed(e);
      return new Set();
    }
  }

  /** This instance stops: its rows go at once. */
  async close(): Promise<void> {
    await this.writes;
    await this.store.refreshPresence(this.instance, [], 0, 0).catch((e) => this.failed(e));
  }

  private failed(e: unknown): void {
    this.log.warn({ err: e instanceof Error ? e.message.slice(0, 200) : 'error' }, 'presence write failed');
  }
}
