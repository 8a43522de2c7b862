// One token bucket (limits/bucket.ts) behind every rate limit: the per-IP and per-connection
// budgets (limits/budget.ts), a WebSocket connection's frames (ws/limits.ts) and chat writers
// (players/chat.ts, its own tests in players/chat.test.ts). Injected clocks only.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RateBudget } from '../src/limits/budget.js';
import { type BucketRate, fullAt, fullBucket, spendToken, waitMs } from '../src/limits/bucket.js';

describe('rate limits: one token bucket', () => {
  it('a budget of burst 3, 6 per minute: three at once, then one every 10 s, with the wait it says', () => {
    const b = new RateBudget({ burst: 3, perMin: 6 });
    for (let i = 0; i < 3; i++) expect(b.take('ip', 0)).toBe(true);
    expect(b.take('ip', 0)).toBe(false);
    expect(b.retryAfterSec('ip', 0)).toBe(10);
    expect(b.retryAfterSec('ip', 9_999)).toBe(1);
    expect(b.take('ip', 9_999)).toBe(false);
    expect(b.take('ip', 10_000)).toBe(true);
    expect(b.retryAfterSec('ip', 10_000)).toBe(10);
    // Another key has its own bucket.
    expect(b.take('other', 10_000)).toBe(true);
    expect(b.retryAfterSec('never-seen', 10_000)).toBe(0);
  });

  it('a refund gives back one token spent, never beyond the burst', () => {
    const b = new RateBudget({ burst: 2, perMin: 0 });
    expect([b.take('a', 0), b.take('a', 0), b.take('a', 0)]).toEqual([true, true, false]);
    b.refund('a', 0);
    b.refund('a', 0);
    b.refund('a', 0);
    expect([b.take('a', 0), b.take('a', 0), b.take('a', 0)]).toEqual([true, true, false]);
    b.refund('never-seen', 0);
    expect(b.size).toBe(1);
  });

  it('a budget that never refills answers an hour', () => {
    const b = new RateBudget({ burst: 1, perMin: 0 });
    expect(b.take('ip', 0)).toBe(true);
    expect(b.take('ip', 1e9)).toBe(false);
    expect(b.retryAfterSec('ip', 1e9)).toBe(3600);
  });

  it('the least recently used key is forgotten first, and comes back with a full bucket', () => {
    const b = new RateBudget({ burst: 1, perMin: 1 }, 2);
    expect(b.take('a', 0)).toBe(true);
    expect(b.take('b', 0)).toBe(true);
    expect(b.take('a', 0)).toBe(false); // a is now the most recently used
    expect(b.take('c', 0)).toBe(true); // forgets b
    expect(b.size).toBe(2);
    expect(b.take('a', 0)).toBe(false);
    expect(b.take('b', 0)).toBe(true);
  });

  it('a clock going backwards neither grants a token nor drains a budget (regression: RateBudget subtracted)', () => {
    const b = new RateBudget({ burst: 2, perMin: 1 });
    expect(b.take('ip', 60_000)).toBe(true);
    // One token is left; an earlier `now` (a clock stepped back) must not take it away.
    expect(b.take('ip', 0)).toBe(true);
    expect(b.take('ip', -1e12)).toBe(false);
    expect(b.retryAfterSec('ip', 0)).toBe(60);
  });

  it('property: over any schedule, spent tokens never exceed burst + refill * elapsed / everyMs', () => {
    fc.assert(
      fc.property(
        fc.record({ burst: fc.integer({ min: 1, max: 60 }), refill: fc.integer({ min: 1, max: 20 }) }),
        fc.array(fc.nat(3000), { maxLength: 300 }),
        ({ burst, refill }, gaps) => {
          const rate: BucketRate = { burst, refill, everyMs: 1000 };
          let now = 0;
          let bucket = fullBucket(rate, 0);
          let spent = 0;
          for (const g of gaps) {
            now += g;
            const t = spendToken(bucket, rate, now);
            bucket = t.bucket;
            if (t.ok) spent++;
            else {
              // The wait it names is enough, and the same asked again.
              expect(spendToken(bucket, rate, now + Math.ceil(t.waitMs)).ok).toBe(true);
              expect(waitMs(bucket, rate, now)).toBe(t.waitMs);
            }
          }
          expect(spent).toBeLessThanOrEqual(burst + Math.floor((refill * now) / 1000));
          expect(fullAt(bucket, rate)).toBeGreaterThanOrEqual(bucket.at);
        },
      ),
    );
  });
});
