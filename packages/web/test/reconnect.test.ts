// The table's reconnect wait (src/net/reconnect.ts; docs/protocol.md "Close codes").
import { describe, expect, it } from 'vitest';
import { CLOSE_RESTART, nextAttempt } from '../src/net/reconnect.js';

describe('reconnect', () => {
  it('regression: after a planned restart (1012) the client waited out its backoff like after a crash', () => {
    // A few failed attempts first: the backoff has grown.
    let r: { delayMs: number | null; retry: number } = { delayMs: 0, retry: 0 };
    for (let i = 0; i < 4; i++) r = nextAttempt(r.retry, 1006);
    expect(r).toEqual({ delayMs: 4000, retry: 4 });
    expect(nextAttempt(r.retry, CLOSE_RESTART)).toEqual({ delayMs: 0, retry: 0 });
    // A crash, or an attempt that failed without a close frame, keeps backing off (up to 8 s).
    expect(nextAttempt(r.retry, 1006)).toEqual({ delayMs: 8000, retry: 5 });
    expect(nextAttempt(9, null)).toEqual({ delayMs: 8000, retry: 10 });
    expect(nextAttempt(0, null)).toEqual({ delayMs: 500, retry: 1 });
  });

  it('a socket shed to make room (1013) waits 10-20 s; any other end, 4408 included, backs off from half a second', () => {
    expect(nextAttempt(0, 1013, 0).delayMs).toBe(10_000);
    expect(nextAttempt(0, 1013, 0.999).delayMs).toBeCloseTo(19_990);
    expect(nextAttempt(0, 4408, 0.5).delayMs).toBe(500);
    expect(nextAttempt(1, null, 0.5).delayMs).toBe(1000);
    expect(nextAttempt(10, 1006, 0.5).delayMs).toBe(8000);
  });

  it('4408 after a hello refused for good (no such game, a token holding no place) is not retried; after any other refusal it is', () => {
    expect(nextAttempt(0, 4408, 0.5, 'not_found').delayMs).toBe(null);
    expect(nextAttempt(0, 4408, 0.5, 'bad_token').delayMs).toBe(null);
    expect(nextAttempt(0, 4408, 0.5, 'rate_limited').delayMs).toBe(500);
    expect(nextAttempt(0, 1006, 0.5, 'not_found').delayMs).toBe(500);
  });
});
