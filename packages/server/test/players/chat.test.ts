// Chat rules: text checks (length, control characters, bidi marks, invisible-only), the per-seat
// token bucket with an injected clock, and who may write (spectators, muted seats).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CHAT_MAX, checkChatText } from '@mindmgmt/table';
import {
  CHAT_RATE,
  ChatBuckets,
  DEFAULT_POLICY,
  fullBucket,
  mayWrite,
  takeToken,
  type Bucket,
} from '../../src/players/chat.js';

const code = (raw: unknown) => {
  const c = checkChatText(raw);
  return c.ok ? 'ok' : c.code;
};

describe('chat text', () => {
  it('accepts ordinary text in any script, trimmed and NFC-normalised', () => {
    expect(checkChatText('  Good luck, agents!  ')).toEqual({ ok: true, text: 'Good luck, agents!' });
    expect(checkChatText('採用官はどこ？ 🕵️')).toMatchObject({ ok: true });
    expect(checkChatText('Cafe\u0301')).toEqual({ ok: true, text: 'Café' });
  });

  it(`length: at most ${CHAT_MAX} code points (an emoji is one)`, () => {
    expect(code('x'.repeat(CHAT_MAX))).toBe('ok');
    expect(code('x'.repeat(CHAT_MAX + 1))).toBe('chat_too_long');
    expect(code('😀'.repeat(CHAT_MAX))).toBe('ok');
    expect(code('😀'.repeat(CHAT_MAX + 1))).toBe('chat_too_long');
    expect(code('x'.repeat(1_000_000))).toBe('chat_too_long');
  });

  it('refuses control characters (C0, C1, DEL, newlines)', () => {
    for (const c of ['\u0000', '\u0007', '\u001b[2J', '\n', '\r', '\t', '\u007f', '\u0085', '\u009b'])
      expect(code(`hi${c}there`), JSON.stringify(c)).toBe('chat_bad_text');
  });

  it('refuses bidirectional overrides, embeddings, isolates and marks (Trojan Source)', () => {
    for (const c of ['\u202e', '\u202a', '\u202d', '\u2066', '\u2067', '\u2068', '\u2069', '\u200f', '\u061c'])
      expect(code(`abc${c}def`), c.codePointAt(0)!.toString(16)).toBe('chat_bad_text');
  });

  it('refuses text that shows nothing (spaces, zero-width, fillers) and lone surrogates', () => {
    for (const s of [
      '',
      '   ',
      '\u200b',
      '\u200b\u200c\u200d\u2060',
      '\ufeff',
      '\u3164\u3164',
      '\u2800',
      '\u00a0\u3000',
    ])
      expect(code(s), JSON.stringify(s)).toBe('chat_empty');
    expect(code('a\ud800b')).toBe('chat_bad_text');
    expect(code(42)).toBe('chat_bad_text');
    expect(code(null)).toBe('chat_bad_text');
  });
});

describe('chat rate (token bucket, injected clock)', () => {
  it(`a burst of ${CHAT_RATE.burst}, then one message per ${CHAT_RATE.refillMs} ms`, () => {
    let b: Bucket = fullBucket(0);
    for (let i = 0; i < CHAT_RATE.burst; i++) {
      const t = takeToken(b, 0);
      expect(t.ok).toBe(true);
      b = t.bucket;
    }
    const refused = takeToken(b, 0);
    expect(refused).toMatchObject({ ok: false, code: 'chat_rate', retryInMs: CHAT_RATE.refillMs });
    expect(takeToken(b, CHAT_RATE.refillMs - 1).ok).toBe(false);
    const later = takeToken(b, CHAT_RATE.refillMs);
    expect(later.ok).toBe(true);
    expect(takeToken(later.bucket, CHAT_RATE.refillMs).ok).toBe(false);
  });

  it('a clock going backwards grants nothing', () => {
    let b: Bucket = fullBucket(10_000);
    for (let i = 0; i < CHAT_RATE.burst; i++) b = takeToken(b, 10_000).bucket;
    expect(takeToken(b, 0).ok).toBe(false);
    expect(takeToken(b, -1e12).ok).toBe(false);
  });

  it('property: over any schedule, accepted messages never exceed burst + elapsed / refill', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(5000), { maxLength: 200 }), (gaps) => {
        let now = 0;
        let b = fullBucket(0);
        let accepted = 0;
        for (const g of gaps) {
          now += g;
          const t = takeToken(b, now);
          b = t.bucket;
          if (t.ok) accepted++;
        }
        expect(accepted).toBeLessThanOrEqual(CHAT_RATE.burst + Math.floor(now / CHAT_RATE.refillMs));
      }),
    );
  });
});

describe('chat buckets per game and seat', () => {
  it('one bucket per game and writer: a busy seat does not slow another seat or another game', () => {
    const b = new ChatBuckets();
    for (let i = 0; i < CHAT_RATE.burst; i++) expect(b.take('g1', 1, 0).ok).toBe(true);
    expect(b.take('g1', 1, 0).ok).toBe(false);
    expect(b.take('g1', 2, 0).ok).toBe(true);
    expect(b.take('g2', 1, 0).ok).toBe(true);
    expect(b.take('g1', 'spectator:c7', 0).ok).toBe(true);
  });

  it('quiet writers are swept; a finished game drops its buckets; the map never exceeds its cap', () => {
    const b = new ChatBuckets(3);
    b.take('g1', 1, 0);
    b.take('g1', 2, 0);
    b.take('g2', 1, 0);
    expect(b.size).toBe(3);
    // Full: a 4th writer is refused while the others are still refilling...
    expect(b.take('g3', 1, 1000)).toMatchObject({ ok: false, code: 'chat_rate' });
    expect(b.size).toBe(3);
    // ...and admitted once they are full again (burst * refill later).
    expect(b.take('g3', 1, CHAT_RATE.burst * CHAT_RATE.refillMs).ok).toBe(true);
    expect(b.size).toBe(1);
    b.take('g4', 1, 20_000);
    b.dropGame('g3');
    expect(b.size).toBe(1);
    // A swept writer comes back with a full bucket, which it would have had anyway.
    const c = new ChatBuckets();
    for (let i = 0; i < CHAT_RATE.burst; i++) c.take('g', 0, 0);
    c.sweep(CHAT_RATE.burst * CHAT_RATE.refillMs - 1);
    expect(c.size).toBe(1);
    expect(c.take('g', 0, 1).ok).toBe(false);
  });
});

describe('who may write', () => {
  it('seats write; spectators only when the host allows', () => {
    expect(mayWrite(DEFAULT_POLICY, { seat: 0 }).ok).toBe(true);
    expect(mayWrite(DEFAULT_POLICY, { spectator: true })).toMatchObject({ ok: false, code: 'chat_closed' });
    expect(mayWrite({ ...DEFAULT_POLICY, spectatorsWrite: true }, { spectator: true }).ok).toBe(true);
  });

  it('a muted seat may not write; the other seats may', () => {
    const p = { ...DEFAULT_POLICY, muted: [2] };
    expect(mayWrite(p, { seat: 2 })).toMatchObject({ ok: false, code: 'chat_muted' });
    expect(mayWrite(p, { seat: 1 }).ok).toBe(true);
    expect(mayWrite(p, { spectator: true }).ok).toBe(false);
  });
});
