// Token buckets keyed by a string (a client IP, a connection): `take` spends one token, buckets
// refill at `perMin` up to `burst`. The number of keys kept is capped: the least recently used
// key is forgotten first (a forgotten key starts again with a full bucket, which only ever
// favours the client, never locks anyone out).

export interface Rate {
  /** Tokens a fresh key has (and the most it can save up). */
  readonly burst: number;
  /** Tokens added per minute. */
  readonly perMin: number;
}

interface Bucket {
  tokens: number;
  at: number;
}

export class RateBudget {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    readonly rate: Rate,
    private readonly maxKeys = 100_000,
  ) {}

  /** Spends one token for `key`; false (nothing spent) when its bucket is empty. */
  take(key: string, now = Date.now()): boolean {
    let b = this.buckets.get(key);
    if (b) {
      this.buckets.delete(key);
      b.tokens = Math.min(this.rate.burst, b.tokens + ((now - b.at) / 60_000) * this.rate.perMin);
      b.at = now;
    } else {
      if (this.buckets.size >= this.maxKeys) this.buckets.delete(this.buckets.keys().next().value!);
      b = { tokens: this.rate.burst, at: now };
    }
    this.buckets.set(key, b);
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
  }

  /** Seconds until `key` has a token again (0 when it has one). */
  retryAfterSec(key: string, now = Date.now()): number {
    const b = this.buckets.get(key);
    if (!b) return 0;
    const tokens = Math.min(this.rate.burst, b.tokens + ((now - b.at) / 60_000) * this.rate.perMin);
    if (tokens >= 1 || this.rate.perMin <= 0) return tokens >= 1 ? 0 : 3600;
    return Math.ceil(((1 - tokens) * 60) / this.rate.perMin);
  }

  get size(): number {
    return this.buckets.size;
  }
}

/** Counts of things a key holds at once (connections of an IP, its games with bots). */
export class ConcurrencyBudget {
  private readonly held = new Map<string, number>();

  constructor(readonly max: number) {}

  /** Takes one slot for `key`; false when it already holds `max`. */
  acquire(key: string): boolean {
    const n = this.held.get(key) ?? 0;
    if (n >= this.max) return false;
    this.held.set(key, n + 1);
    return true;
  }

  release(key: string): void {
    const n = (this.held.get(key) ?? 0) - 1;
    if (n <= 0) this.held.delete(key);
    else this.held.set(key, n);
  }

  count(key: string): number {
    return this.held.get(key) ?? 0;
  }
}
