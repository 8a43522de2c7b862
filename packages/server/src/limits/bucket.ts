// The one token bucket every rate limit uses: the per-IP and per-connection budgets
// (limits/budget.ts), a WebSocket connection's frames (ws/limits.ts) and each chat writer
// (players/chat.ts). Pure and immutable, with the clock as a parameter: a bucket holds up to
// `burst` tokens, gains `refill` tokens every `everyMs`, and an action spends one.

export interface BucketRate {
  /** Tokens a fresh bucket has, and the most it can save up. */
  readonly burst: number;
  /** Tokens gained per `everyMs`. */
  readonly refill: number;
  readonly everyMs: number;
}

export interface Bucket {
  readonly tokens: number;
  /** When `tokens` was last computed (ms, the caller's clock). */
  readonly at: number;
}

export type Spend =
  | { readonly ok: true; readonly bucket: Bucket }
  /** `waitMs`: until the bucket holds a token again (Infinity when it never refills). */
  | { readonly ok: false; readonly bucket: Bucket; readonly waitMs: number };

export const fullBucket = (rate: BucketRate, now: number): Bucket => ({ tokens: rate.burst, at: now });

/** The bucket as of `now`. A clock going backwards refills nothing and takes nothing. */
export function refilled(b: Bucket, rate: BucketRate, now: number): Bucket {
  const elapsed = Math.max(0, now - b.at);
  // Multiplying first keeps whole-millisecond schedules exact (no 0.999... token).
  return { tokens: Math.min(rate.burst, b.tokens + (elapsed * rate.refill) / rate.everyMs), at: Math.max(now, b.at) };
}

/** Milliseconds until `b` (as of `now`) holds a token; 0 when it holds one. */
export function waitMs(b: Bucket, rate: BucketRate, now: number): number {
  const r = refilled(b, rate, now);
  if (r.tokens >= 1) return 0;
  return rate.refill > 0 ? ((1 - r.tokens) * rate.everyMs) / rate.refill : Infinity;
}

/** Spends one token if there is one. */
export function spendToken(b: Bucket, rate: BucketRate, now: number): Spend {
  const r = refilled(b, rate, now);
  if (r.tokens >= 1) return { ok: true, bucket: { tokens: r.tokens - 1, at: r.at } };
  return { ok: false, bucket: r, waitMs: waitMs(r, rate, r.at) };
}

/** When `b` is full again (a full bucket is the same as none: keyed maps drop it then). */
export function fullAt(b: Bucket, rate: BucketRate): number {
  return rate.refill > 0 ? b.at + ((rate.burst - b.tokens) * rate.everyMs) / rate.refill : Infinity;
}
