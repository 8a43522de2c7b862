// The limits on what one connection sends, and the per-address budgets its limits share: the
// frame rate (a token bucket; a connection that keeps on far past it is closed), hellos and seat
// changes (per connection and per address), note changes, and refused frames (a connection or an
// address that keeps sending them is cut off instead of costing a parse each). A frame's size is
// judged first, from its bytes (ws/frame-gate.ts); output a connection does not read is
// ws/backpressure.ts.
import { RateBudget } from '../limits/budget.js';
import { type Bucket, type BucketRate, fullBucket, spendToken } from '../limits/bucket.js';
import type { LimitsConfig } from '../limits/config.js';
import type { WsConfig } from './config.js';

/** The budgets all connections share (per address), and each connection's own. */
export class WsLimits {
  readonly hellosPerIp: RateBudget;
  readonly refusedPerIp: RateBudget;
  readonly frameRate: BucketRate;

  constructor(
    readonly cfg: WsConfig,
    readonly limits: LimitsConfig,
  ) {
    this.hellosPerIp = new RateBudget(limits.helloPerIp);
    this.refusedPerIp = new RateBudget(limits.refusedFramesPerIp);
    this.frameRate = { burst: cfg.rateBurst, refill: cfg.ratePerSec, everyMs: 1000 };
  }

  forConnection(ip: string, now: number): ConnLimits {
    return new ConnLimits(this, ip, now);
  }
}

/** What a frame over the rate gets: refused (the sender is told to slow down), or, after many
 * such frames in a row, the connection closed. */
export type FrameRate = 'ok' | 'slow' | 'close';

export class ConnLimits {
  private bucket: Bucket;
  /** Frames refused for the rate since the last one accepted. */
  private strikes = 0;
  private readonly hellos: RateBudget;
  private readonly notes: RateBudget;
  private readonly refusedHere: RateBudget;

  constructor(
    private readonly shared: WsLimits,
    private readonly ip: string,
    now: number,
  ) {
    const { limits } = shared;
    this.bucket = fullBucket(shared.frameRate, now);
    this.hellos = new RateBudget(limits.helloPerConn, 1);
    this.notes = new RateBudget(limits.notesPerConn, 1);
    this.refusedHere = new RateBudget(limits.refusedFramesPerConn, 1);
  }

  /** A frame arrived (any frame, before it is read). */
  frame(now: number): FrameRate {
    const spent = spendToken(this.bucket, this.shared.frameRate, now);
    this.bucket = spent.bucket;
    if (spent.ok) {
      this.strikes = 0;
      return 'ok';
    }
    return ++this.strikes > this.shared.cfg.rateBurst * 4 ? 'close' : 'slow';
  }

  /** A `hello` or a seat change: each is a write and a frame to everyone, and both are held per
   * address too, so more connections of one address do not buy more of them. */
  hello(): boolean {
    return this.hellos.take('c') && this.shared.hellosPerIp.take(this.ip);
  }

  /** A mental note change. */
  note(): boolean {
    return this.notes.take('c');
  }

  /** A frame refused for its size or shape; false: this connection or its address has sent too
   * many, and the connection is cut off. */
  refused(): boolean {
    return this.refusedHere.take('c') && this.shared.refusedPerIp.take(this.ip);
  }
}
