// The table's reconnect wait (src/reconnect.ts).
import { describe, expect, it } from 'vitest';
import { CLOSE_RESTART, nextAttempt } from '../src/reconnect.js';

describe('reconnect', () => {
  it('regression: after a planned restart (1012) the client waited out its backoff like after a crash', () => {
    // A few failed attempts first: the backoff has grown.
    let r = { delayMs: 0, retry: 0 };
    for (let i = 0; i < 4; i++) r = nextAttempt(r.retry, 1006);
    expect(r).toEqual({ delayMs: 4000, retry: 4 });
    expect(nextAttempt(r.retry, CLOSE_RESTART)).toEqual({ delayMs: 0, retry: 0 });
    // A crash, or an attempt that failed without a close frame, keeps backing off (up to 8 s).
    expect(nextAttempt(r.retry, 1006)).toEqual({ delayMs: 8000, retry: 5 });
    expect(nextAttempt(9, null)).toEqual({ delayMs: 8000, retry: 10 });
    expect(nextAttempt(0, null)).toEqual({ delayMs: 500, retry: 1 });
  });
});
