// When every socket is answering a request (nothing to shed), the last sockets are a
// reserve that only a health check (or a WebSocket upgrade) may use; beyond the total, refused.
import { EventEmitter } from 'node:events';
import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ConnectionGate } from '../src/http/connections.js';
import { addressKey, prefixKey } from '../src/http/address.js';
import { parseOpenFileLimit, socketCaps, webSocketCaps } from '../src/http/descriptors.js';

class FakeSocket extends EventEmitter {
  written = '';
  destroyed = false;
  writable = true;
  constructor(readonly remoteAddress: string) {
    super();
  }
  write(s: string) {
    this.written += s;
    return true;
  }
  destroy() {
    this.destroyed = true;
    this.emit('close');
  }
}
const sock = (ip: string) => new FakeSocket(ip) as unknown as Socket & FakeSocket;

describe('socket reserve', () => {
  it('busy sockets filling the open part leave the reserve to health checks, then refuse', () => {
    const gate = new ConnectionGate({ perAddress: 0, total: 10, reserve: 2 });
    for (let i = 0; i < 8; i++) {
      const s = sock(`10.0.0.${i}`);
      gate.admit(s);
      gate.requestStarted(s);
    }
    const late = sock('10.0.1.1');
    gate.admit(late);
    expect(late.destroyed).toBe(false);
    expect(gate.allows(late, '/api/games')).toBe(false);
    expect(gate.allows(late, '/api/health')).toBe(true);
    gate.requestStarted(late);
    const health = sock('10.0.1.2');
    gate.admit(health);
    gate.requestStarted(health);
    const over = sock('10.0.1.3');
    gate.admit(over);
    expect(over.destroyed).toBe(true);
    expect(over.written).toMatch(/^HTTP\/1\.1 503/);
  });

  it('a new socket when sockets are scarce sheds an idle one of the address holding the most', () => {
    const gate = new ConnectionGate({ perAddress: 0, total: 10, reserve: 2 });
    const flood = Array.from({ length: 6 }, () => sock('10.9.9.9'));
    const player = [sock('10.0.0.1'), sock('10.0.0.2')];
    for (const s of [...flood, ...player]) gate.admit(s);
    const health = sock('10.0.0.3');
    gate.admit(health);
    expect(flood[0]!.destroyed).toBe(true);
    expect(player.some((s) => s.destroyed)).toBe(false);
    expect(gate.allows(health, '/api/games')).toBe(true);
  });

  it('an upgraded socket is never shed and leaves its address plain count', () => {
    const gate = new ConnectionGate({ perAddress: 2, total: 100, reserve: 10 });
    const a = sock('10.0.0.1');
    const b = sock('10.0.0.1');
    gate.admit(a);
    gate.admit(b);
    gate.upgraded(a);
    const c = sock('10.0.0.1');
    gate.admit(c);
    expect(c.destroyed).toBe(false);
    const d = sock('10.0.0.1');
    gate.admit(d);
    expect(d.written).toMatch(/^HTTP\/1\.1 429/);
  });

  it('the descriptor limit: soft limit of /proc/self/limits, 1,024 when unreadable', () => {
    const text =
      'Limit  Soft Limit  Hard Limit  Units\nMax open files            1024                 524288               files\n';
    expect(parseOpenFileLimit(text)).toBe(1024);
    const caps = socketCaps(
      { httpConnectionsPerIp: 32, maxSockets: 0, socketReserve: 0, trustProxy: false },
      () => 1024,
    );
    expect(caps).toEqual({ perAddress: 32, total: 896, reserve: 56 });
    expect(
      socketCaps({ httpConnectionsPerIp: 32, maxSockets: 0, socketReserve: 0, trustProxy: true }, () => 1024)
        .perAddress,
    ).toBe(0);
  });

  it('WebSockets get three quarters of the sockets outside the reserve, never more than all of them', () => {
    const sockets = { perAddress: 32, total: 896, reserve: 56 };
    const ws = { connectionsPerIp: 32, wsPerPrefix: 64, maxWebSockets: 0 };
    expect(webSocketCaps(ws, sockets)).toEqual({ perAddress: 32, perPrefix: 64, total: 630 });
    expect(webSocketCaps({ ...ws, maxWebSockets: 100 }, sockets).total).toBe(100);
    expect(webSocketCaps({ ...ws, maxWebSockets: 5000 }, sockets).total).toBe(840);
  });
});

describe('address grouping', () => {
  it('IPv6 addresses of one /64 share a key; IPv4 and mapped IPv4 are themselves', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('::ffff:10.1.2.3')).toBe('10.1.2.3');
    expect(addressKey('10.1.2.3')).toBe('10.1.2.3');
    expect(addressKey('64:ff9b::10.1.2.3')).toBe('64:ff9b:0:0::/64');
  });
});

describe('network prefixes', () => {
  it('groups IPv4 by /24 and IPv6 by /48, from an address or its budget key', () => {
    expect(prefixKey('203.0.113.7')).toBe('203.0.113.0/24');
    expect(prefixKey('203.0.114.7')).toBe('203.0.114.0/24');
    expect(prefixKey('::ffff:10.1.2.3')).toBe('10.1.2.0/24');
    expect(prefixKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1::/48');
    expect(prefixKey('2001:db8:1:ffff::1')).toBe('2001:db8:1::/48');
    expect(prefixKey('2001:db8:2::1')).toBe('2001:db8:2::/48');
    expect(prefixKey(addressKey('2001:db8:1:2:aaaa::1'))).toBe('2001:db8:1::/48');
    expect(prefixKey(addressKey('10.1.2.3'))).toBe('10.1.2.0/24');
    expect(prefixKey('unknown')).toBe('unknown');
  });
});
