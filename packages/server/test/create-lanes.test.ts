// The server-wide create budget's lanes (lobby/create-lanes.ts), on an injected clock: what the
// socket-level regression (lobby-flood-suite.ts) cannot wait for, an hour passing.
import { describe, expect, it } from 'vitest';
import { CreateLanes } from '../src/lobby/create-lanes.js';

const HOUR = 3600_000;
const lanes = () =>
  new CreateLanes({
    createTotal: { burst: 1, perMin: 0 },
    createNewcomerTotal: { burst: 3, perMin: 0 },
    createNewcomerMs: HOUR,
    createVouchedTotal: { burst: 1, perMin: 0 },
  });

describe('create lanes', () => {
  it('an address or network that created is a newcomer again only after the window', () => {
    const l = lanes();
    expect(l.admit('198.51.100.1', false, 0)).toBe('general');
    // the general lane is spent: the same network is no newcomer within the hour
    expect(l.admit('198.51.100.2', false, 1000)).toBeNull();
    expect(l.admit('198.51.100.2', false, HOUR - 1)).toBeNull();
    expect(l.admit('198.51.100.2', false, HOUR + 1)).toBe('newcomer');
    // an IPv6 address is its /48's network
    expect(l.admit('2001:db8:1:2::1', false, HOUR + 2)).toBe('newcomer');
    expect(l.admit('2001:db8:1:3::1', false, HOUR + 3)).toBeNull();
    expect(l.admit('2001:db8:2:3::1', false, HOUR + 4)).toBe('newcomer');
  });

  it('a vouched host spends its own lane first, then the general one', () => {
    const l = lanes();
    expect(l.admit('198.51.100.1', true, 0)).toBe('vouched');
    expect(l.admit('198.51.100.1', true, 0)).toBe('general');
    expect(l.admit('198.51.100.1', true, 0)).toBeNull();
    expect(l.retryAfterSec(true, 0)).toBe(3600);
  });
});
