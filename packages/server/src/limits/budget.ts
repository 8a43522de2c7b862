// Token buckets (limits/bucket.ts) keyed by a string (a client IP, a connection): `take` spends
// one token, buckets refill at `perMin` up to `burst`. The number of keys kept is capped: the
// least recently used key is forgotten first (a forgotten key starts again with a full bucket,
// which only ever favours the client, never locks anyone out).
import { type Bucket, type BucketRate, fullBucket, refilled, spendToken, waitMs } from './bucket.js';

export interface Rate {
  /** Tokens a fresh key has (and the most it can save up). */
  readonly burst: number;
  /** Tokens added per minute. */
  readonly perMin: number;
}

export class RateBudget {
  private readonly buckets = new Map<string, Bucket>();
  private readonly bucketRate: BucketRate;

  constructor(
    readonly rate: Rate,
    private readonly maxKeys = 100_000,
  ) {
    this.bucketRate = { burst: rate.burst, refill: rate.perMin, everyMs: 60_000 };
  }

  /** Spends one token for `key`; false (nothing spent) when its bucket is empty. */
  take(key: string, now = Date.now()): boolean {
    const b = this.buckets.get(key);
    // Re-inserted on every use, so the map's first key is the least recently used.
    if (b) this.buckets.delete(key);
    else if (this.buckets.size >= this.maxKeys) this.buckets.delete(this.buckets.keys().next().value!);
    const t = spendToken(b ?? fullBucket(this.bucketRate, now), this.bucketRate, now);
    this.buckets.set(key, t.bucket);
    return t.ok;
  }

  /** Gives back a token `take` spent for an attempt that turned out not to count (a right
   * password); never beyond the burst. */
  refund(key: string, now = Date.now()): void {
    const b = this.buckets.get(key);
    if (!b) return; // forgotten: it is full again
    const r = refilled(b, this.bucketRate, now);
    this.buckets.set(key, { tokens: Math.min(this.rate.burst, r.tokens + 1), at: r.at });
  }

  /** Seconds until `key` has a token again (0 when it has one; an hour when it never refills). */
  retryAfterSec(key: string, now = Date.now()): number {
    const b = this.buckets.get(key);
    const ms = b ? waitMs(b, this.bucketRate, now) : 0;
    return ms === Infinity ? 3600 : Math.ceil(ms / 1000);
  }

  get size(): number {
    return this.buckets.size;
  }
}

/** Counts of things a key holds at once (connections of an IP, its games with bots), and
 * optionally of all keys together (`total`: no number of keys holds more). */
export class ConcurrencyBudget {
  private readonly held = new Map<string, number>();
  private all = 0;

  constructor(
    readonly max: number,
    readonly total = Infinity,
  ) {}

  /** Takes one slot for `key`; false when it already holds `max` or all keys hold `total`. */
  acquire(key: string): boolean {
    const n = this.held.get(key) ?? 0;
    if (n >= this.max || this.all >= this.total) return false;
    this.held.set(key, n + 1);
    this.all++;
    return true;
  }

  release(key: string): void {
    const had = this.held.get(key) ?? 0;
    if (had === 0) return;
    this.all--;
    if (had <= 1) this.held.delete(key);
    else this.held.set(key, had - 1);
  }

  count(key: string): number {
    return this.held.get(key) ?? 0;
  }

  /** Whether all keys together hold `total` (a refusal that is not the key's own doing). */
  get full(): boolean {
    return this.all >= this.total;
  }
}
