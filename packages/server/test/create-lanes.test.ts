// The server-wide create budget's lanes (lobby/create-lanes.ts), on an injected clock: what the
// socket-level regression (lobby-flood-suite.ts) cannot wait for, the window passing.
import { describe, expect, it } from 'vitest';
import { CreateLanes } from '../src/lobby/create-lanes.js';

const HOUR = 3600_000;
const lanes = () =>
  new CreateLanes({
    createTotal: { burst: 1, perMin: 0 },
    createNewcomerTotal: { burst: 10, perMin: 0 },
    createNewcomerTables: 2,
    createNewcomerMs: HOUR,
    createVouchedTotal: { burst: 1, perMin: 0 },
  });

describe('create lanes', () => {
  it('a network that made its tables in the window draws on the reserve again as the window passes', () => {
    const l = lanes();
    expect(l.admit('198.51.100.1', false, 0)).toBe('general');
    // the general lane is spent: the network's second table of the hour comes from the reserve
    expect(l.admit('198.51.100.2', false, 1)).toBe('newcomer');
    expect(l.admit('198.51.100.3', false, 2)).toBeNull();
    expect(l.admit('198.51.100.3', false, HOUR / 2 - 1000)).toBeNull();
    // two tables an hour: one more after half an hour
    expect(l.admit('198.51.100.3', false, HOUR / 2 + 2)).toBe('newcomer');
    expect(l.admit('198.51.100.4', false, HOUR / 2 + 3)).toBeNull();
    // an IPv6 address is its /48's network
    expect(l.admit('2001:db8:1:2::1', false, 0)).toBe('newcomer');
    expect(l.admit('2001:db8:1:3::1', false, 0)).toBe('newcomer');
    expect(l.admit('2001:db8:1:4::1', false, 0)).toBeNull();
    expect(l.admit('2001:db8:2::1', false, 0)).toBe('newcomer');
  });

  it('a vouched host spends its own lane first, then the general one', () => {
    const l = lanes();
    expect(l.admit('198.51.100.1', true, 0)).toBe('vouched');
    expect(l.admit('198.51.100.1', true, 0)).toBe('general');
    // then it is one more address of its network: its tables of the hour are made
    expect(l.admit('198.51.100.1', true, 0)).toBeNull();
    expect(l.retryAfterSec(true, 0)).toBe(3600);
  });
});
