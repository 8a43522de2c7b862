// Table chat: what a message may contain, how fast a seat may write, who may write at all.
// Pure (the clock is a parameter). Everyone at the table reads the chat, the recruiter included,
// as at a real table; spectators read it and write only when the host allows; the host can mute
// a seat. Chat never goes into bot inputs (bots get the engine's view only) and never into the
// engine: it is stored beside the game by the server.
import { checkText, TEXT_PROBLEMS } from './text-rules.js';

/** Code points per message: a few sentences, not a wall of text. */
export const CHAT_MAX = 300;
/** Stored messages per game; beyond it the table is told the chat is full. */
export const CHAT_MAX_PER_GAME = 2000;
/** Token bucket per writer (seat, or spectator connection): a burst of 5, then one per 2 s. */
export const CHAT_RATE = { burst: 5, refillMs: 2000 } as const;

export type ChatErrorCode =
  'chat-empty' | 'chat-too-long' | 'chat-bad-text' | 'chat-rate' | 'chat-muted' | 'chat-closed';

export interface ChatRefusal {
  readonly ok: false;
  readonly code: ChatErrorCode;
  readonly message: string;
}

export type ChatCheck = { readonly ok: true; readonly text: string } | ChatRefusal;

/** One line of chat; returns it trimmed and NFC-normalised. */
export function checkChatText(raw: unknown): ChatCheck {
  const c = checkText(raw, CHAT_MAX);
  if (c.ok) return c;
  if (c.problem === 'empty' || c.problem === 'invisible')
    return { ok: false, code: 'chat-empty', message: 'The message shows nothing.' };
  if (c.problem === 'too-long')
    return { ok: false, code: 'chat-too-long', message: `A message has at most ${CHAT_MAX} characters.` };
  return { ok: false, code: 'chat-bad-text', message: `The message ${TEXT_PROBLEMS[c.problem]}.` };
}

// ---------------------------------------------------------------- rate

export interface Bucket {
  readonly tokens: number;
  /** When `tokens` was last computed (ms, the caller's clock). */
  readonly at: number;
}

export const fullBucket = (now: number): Bucket => ({ tokens: CHAT_RATE.burst, at: now });

export type Take =
  | { readonly ok: true; readonly bucket: Bucket }
  | {
      readonly ok: false;
      readonly bucket: Bucket;
      readonly code: 'chat-rate';
      readonly retryInMs: number;
      readonly message: string;
    };

/** Takes one token if there is one. A clock going backwards refills nothing (and takes nothing). */
export function takeToken(b: Bucket, now: number, rate: { burst: number; refillMs: number } = CHAT_RATE): Take {
  const elapsed = Math.max(0, now - b.at);
  const tokens = Math.min(rate.burst, b.tokens + elapsed / rate.refillMs);
  const at = Math.max(now, b.at);
  if (tokens >= 1) return { ok: true, bucket: { tokens: tokens - 1, at } };
  const retryInMs = Math.ceil((1 - tokens) * rate.refillMs);
  return {
    ok: false,
    bucket: { tokens, at },
    code: 'chat-rate',
    retryInMs,
    message: `Slow down: the next message can go in ${Math.ceil(retryInMs / 1000)} s.`,
  };
}

// ---------------------------------------------------------------- who may write

/** A writer: an engine seat (0 = recruiter, 1-4 agents) or a spectator. */
export type Writer = { readonly seat: number } | { readonly spectator: true };

export interface ChatPolicy {
  readonly spectatorsWrite: boolean;
  /** Muted seats (the host's decision, for the rest of the game). */
  readonly muted: readonly number[];
}

export const DEFAULT_POLICY: ChatPolicy = { spectatorsWrite: false, muted: [] };

export function mayWrite(p: ChatPolicy, w: Writer): { readonly ok: true } | ChatRefusal {
  if ('spectator' in w)
    return p.spectatorsWrite
      ? { ok: true }
      : { ok: false, code: 'chat-closed', message: 'Spectators read the chat; the host has not opened it to them.' };
  if (p.muted.includes(w.seat)) return { ok: false, code: 'chat-muted', message: 'The host has muted this seat.' };
  return { ok: true };
}

/** The host mutes or unmutes a seat; muting one's own seat is allowed (and harmless). */
export function setMuted(p: ChatPolicy, seat: number, muted: boolean): ChatPolicy {
  const rest = p.muted.filter((s) => s !== seat);
  return { ...p, muted: muted ? [...rest, seat].sort((a, b) => a - b) : rest };
}

/** Shown next to the chat input, so nobody thinks the chat is private to the agents. */
export const CHAT_NOTICE = 'Everyone at this table reads the chat, the recruiter included.';
