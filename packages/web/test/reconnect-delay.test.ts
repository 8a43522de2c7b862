// When the web client tries again after its game socket ended (docs/protocol.md "Close codes").
import { describe, expect, it } from 'vitest';
import { reconnectDelayMs } from '../src/api.js';

describe('reconnectDelayMs', () => {
  it('a socket shed to make room (1013) waits 10-20 s; any other end, 4408 included, backs off from half a second', () => {
    expect(reconnectDelayMs(1013, 0, 0)).toBe(10_000);
    expect(reconnectDelayMs(1013, 0, 0.999)).toBeCloseTo(19_990);
    expect(reconnectDelayMs(4408, 0, 0.5)).toBe(500);
    expect(reconnectDelayMs(null, 1, 0.5)).toBe(1000);
    expect(reconnectDelayMs(1006, 10, 0.5)).toBe(8000);
  });

  it('4408 after a hello refused for good (no such game, a token holding no place) is not retried; after any other refusal it is', () => {
    expect(reconnectDelayMs(4408, 0, 0.5, 'not_found')).toBe(null);
    expect(reconnectDelayMs(4408, 0, 0.5, 'bad_token')).toBe(null);
    expect(reconnectDelayMs(4408, 0, 0.5, 'rate_limited')).toBe(500);
    expect(reconnectDelayMs(1006, 0, 0.5, 'not_found')).toBe(500);
  });
});
