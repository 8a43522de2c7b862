// Table chat: what a message may contain, how fast a seat may write, who may write at all.
// Pure (the clock is a parameter). Everyone at the table reads the chat, the recruiter included,
// as at a real table; spectators read it and write only when the host allows; the host can mute
// a seat. Chat never goes into bot inputs (bots get the engine's view only) and never into the
// engine: it is stored beside the game by the server.
import { type Bucket, type BucketRate, fullAt, fullBucket as full, spendToken } from '../limits/bucket.js';
import type { ErrorCode } from '@mindmgmt/table';
import type { ChatPolicy } from '../store/players/types.js';

/** Stored messages per game; beyond it the table is told the chat is full. */
export const CHAT_MAX_PER_GAME = 2000;
/** Token bucket per writer (seat, or spectator connection): a burst of 5, then one per 2 s. */
export const CHAT_RATE = { burst: 5, refillMs: 2000 } as const;
/** Spectators write from a smaller allowance that cannot crowd out the seats: per
 * spectator address a burst of 3 then one per 5 s; all of a table's spectators together a burst
 * of 10 then one per 3 s; and at most this many of the table's stored messages, so the seats
 * always keep CHAT_MAX_PER_GAME - CHAT_SPECTATORS_MAX_PER_GAME of room. */
export const CHAT_SPECTATOR_RATE = { burst: 3, refillMs: 5000 } as const;
export const CHAT_SPECTATORS_TABLE_RATE = { burst: 10, refillMs: 3000 } as const;
export const CHAT_SPECTATORS_MAX_PER_GAME = 500;
/** Why the chat refuses a writer now (the text itself is the schema's: text-rules.ts `checkChatText`). */
export interface ChatRefusal {
  readonly ok: false;
  readonly code: Extract<ErrorCode, 'chat_closed' | 'chat_muted'>;
  readonly message: string;
}

// ---------------------------------------------------------------- rate

export type { Bucket };

type ChatRate = { readonly burst: number; readonly refillMs: number };
const bucketRate = (r: ChatRate): BucketRate => ({ burst: r.burst, refill: 1, everyMs: r.refillMs });

export const fullBucket = (now: number): Bucket => full(bucketRate(CHAT_RATE), now);

export type Take =
  | { readonly ok: true; readonly bucket: Bucket }
  | {
      readonly ok: false;
      readonly bucket: Bucket;
      readonly code: 'chat_rate';
      readonly retryInMs: number;
      readonly message: string;
    };

/** Takes one token if there is one (limits/bucket.ts). A clock going backwards refills nothing
 * (and takes nothing). */
export function takeToken(b: Bucket, now: number, rate: ChatRate = CHAT_RATE): Take {
  const t = spendToken(b, bucketRate(rate), now);
  if (t.ok) return t;
  const retryInMs = Math.ceil(t.waitMs);
  return {
    ok: false,
    bucket: t.bucket,
    code: 'chat_rate',
    retryInMs,
    message: `Slow down: the next message can go in ${Math.ceil(retryInMs / 1000)} s.`,
  };
}

/** Buckets kept by one server: at most this many writers at once (then idle ones go first). */
export const CHAT_BUCKETS_MAX = 20_000;

/**
 * The token buckets of every writer, keyed by game AND writer (seat number, or a spectator's
 * connection id), so nothing is shared between games or seats. A bucket that has refilled is the
 * same as no bucket, so idle ones are dropped: the map holds only writers active in the last
 * burst * refillMs (10 s), and never more than `max` (beyond it the writer is refused: "busy").
 */
export class ChatBuckets {
  private readonly buckets = new Map<string, Bucket>();
  constructor(
    private readonly max = CHAT_BUCKETS_MAX,
    private readonly rate: ChatRate = CHAT_RATE,
  ) {}

  get size(): number {
    return this.buckets.size;
  }

  take(gameId: string, writer: number | string, now: number): Take {
    const key = `${gameId}\u0000${writer}`;
    const b = this.buckets.get(key) ?? full(bucketRate(this.rate), now);
    if (!this.buckets.has(key) && this.buckets.size >= this.max) {
      this.sweep(now);
      if (this.buckets.size >= this.max)
        return {
          ok: false,
          bucket: b,
          code: 'chat_rate',
          retryInMs: this.rate.refillMs,
          message: 'The chat is busy: try again in a moment.',
        };
    }
    const t = takeToken(b, now, this.rate);
    this.buckets.set(key, t.bucket);
    return t;
  }

  /** Drops the buckets that are full again (their writers have been quiet long enough). */
  sweep(now: number): void {
    const rate = bucketRate(this.rate);
    for (const [k, b] of this.buckets) if (now >= fullAt(b, rate)) this.buckets.delete(k);
  }

  /** A game is over: its writers' buckets go. */
  dropGame(gameId: string): void {
    const prefix = `${gameId}\u0000`;
    for (const k of this.buckets.keys()) if (k.startsWith(prefix)) this.buckets.delete(k);
  }
}

// ---------------------------------------------------------------- who may write

/** A writer: an engine seat (0 = recruiter, 1-4 agents) or a spectator. */
export type Writer = { readonly seat: number } | { readonly spectator: true };

export const DEFAULT_POLICY: ChatPolicy = { spectatorsWrite: false, muted: [] };

export function mayWrite(p: ChatPolicy, w: Writer): { readonly ok: true } | ChatRefusal {
  if ('spectator' in w)
    return p.spectatorsWrite
      ? { ok: true }
      : { ok: false, code: 'chat_closed', message: 'Spectators read the chat; the host has not opened it to them.' };
  if (p.muted.includes(w.seat)) return { ok: false, code: 'chat_muted', message: 'The host has muted this seat.' };
  return { ok: true };
}

/** Shown next to the chat input, so nobody thinks the chat is private to the agents. */
export const CHAT_NOTICE = 'Everyone at this table reads the chat, the recruiter included.';
