// The slow-consumer rule on the transport's clock: a connection whose unsent output stays above
// the limit (but under 4 times it) for `slowConsumerMs` is closed; one that drains in time is not.
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { DEFAULT_LIMITS } from '../src/limits/config.js';
import { Backpressure } from '../src/ws/backpressure.js';
import { CLOSE_SLOW_CONSUMER } from '../src/ws/config.js';
import { ManualClock } from './manual-clock.js';

const limits = { ...DEFAULT_LIMITS, maxBufferedBytes: 1000, slowConsumerMs: 5000 };

/** A socket that only reports its unsent bytes and records how it was closed. */
function socket(buffered: number) {
  const s = { bufferedAmount: buffered, closed: null as number | null, terminated: false };
  const ws = {
    get bufferedAmount() {
      return s.bufferedAmount;
    },
    close: (code: number) => void (s.closed = code),
    terminate: () => void (s.terminated = true),
  } as unknown as WebSocket;
  return { s, ws };
}

describe('backpressure: a connection that does not read', () => {
  it('regression: a client that reads just slower than it is sent to, keeping 1-4 times the limit unsent, is closed after slowConsumerMs', () => {
    const clock = new ManualClock();
    const bp = new Backpressure(limits, pino({ level: 'silent' }), clock);
    const { s, ws } = socket(2500);
    expect(bp.check(ws)).toBe(true);
    clock.advance(4999);
    expect(bp.check(ws)).toBe(true);
    expect(s.terminated).toBe(false);
    clock.advance(1);
    expect(bp.check(ws)).toBe(false);
    expect(s.closed).toBe(CLOSE_SLOW_CONSUMER);
    expect(s.terminated).toBe(true);
  });

  it('a connection that drains below the limit in time starts over', () => {
    const clock = new ManualClock();
    const bp = new Backpressure(limits, pino({ level: 'silent' }), clock);
    const { s, ws } = socket(2500);
    expect(bp.check(ws)).toBe(true);
    clock.advance(4000);
    s.bufferedAmount = 500;
    expect(bp.check(ws)).toBe(true);
    s.bufferedAmount = 2500;
    expect(bp.check(ws)).toBe(true);
    clock.advance(4000);
    expect(bp.check(ws)).toBe(true);
    expect(s.terminated).toBe(false);
  });

  it('more than 4 times the limit unsent closes at once', () => {
    const bp = new Backpressure(limits, pino({ level: 'silent' }), new ManualClock());
    const { s, ws } = socket(4001);
    expect(bp.check(ws)).toBe(false);
    expect(s.terminated).toBe(true);
  });
});
