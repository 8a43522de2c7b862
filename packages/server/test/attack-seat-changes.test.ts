// Seat changes (leave, back, accept, refuse, abandon: D13, D14) are each a write and a frame to
// everyone at the table. Held per connection only, one address could open its 32 WebSockets and
// send ten times as many: they spend the per-address budget of `hello` too.
import { describe, expect, it } from 'vitest';
import { Client, openTable, testServer } from './helpers.js';

describe('attack: seat changes from many connections of one address', () => {
  it('regression: each new connection bought another burst of seat changes (the per-address budget holds them)', async () => {
    const srv = await testServer(undefined, {
      limits: { helloPerConn: { burst: 10, perMin: 0 }, helloPerIp: { burst: 4, perMin: 0 } },
    });
    try {
      const t = await openTable(srv.url, { mode: 'training', players: 2 });
      const codes: string[] = [];
      // Four fresh connections, two proposals each: the address's four tokens are spent, then refused.
      for (let i = 0; i < 4; i++) {
        const c = new Client(srv.url, undefined, '127.0.9.9');
        await c.open();
        for (let k = 0; k < 2; k++) {
          const r = await c.request({ t: 'abandon', gameId: t.gameId }, (m) => m.t === 'error');
          codes.push(r.code);
        }
        c.close();
      }
      expect(codes.filter((c) => c === 'rate_limited')).toHaveLength(4);
      expect(codes.slice(0, 4)).not.toContain('rate_limited');
    } finally {
      await srv.close();
    }
  });
});
