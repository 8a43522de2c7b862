// A `503 busy` from the hash queue spent the caller's attempts (100 addresses for
// 40 s: a real user signed in 0 of 10 times), and wrong passwords from 2 addresses locked a known
// player (ids are public) out of new devices. Real sockets from distinct loopback addresses, on a
// SQLite file (the memory twin for the hash-free case).
import { requestFrom } from '../from-address.js';
import { describe, expect, it } from 'vitest';
import type { LimitsConfig } from '../../src/limits/config.js';
import type { RunningServer } from '../../src/app/server.js';
import { SqliteStore } from '../../src/store/sqlite.js';
import { sqlitePlayerStore } from '../../src/store/players/sqlite.js';
import { testServer } from '../helpers.js';
import { tempDir } from '../temp-dir.js';
import { authApi, newPlayer } from './http-players-suite.js';

function call(
  url: string,
  method: string,
  path: string,
  body: unknown,
  from: string,
  token: string | null = null,
): Promise<{ status: number; body: any }> {
  return requestFrom(url, method, path, body, from, token ? { authorization: `Bearer ${token}` } : {});
}

async function withServer(limits: Partial<LimitsConfig>, f: (s: RunningServer) => Promise<void>): Promise<void> {
  const games = SqliteStore.inDir(tempDir('mm-sign-in-'));
  const s = await testServer(games, { players: sqlitePlayerStore(games), limits });
  try {
    await f(s);
  } finally {
    await s.close();
  }
}

const PW = 'correct horse battery';

describe('attack: sign-in floods', () => {
  it('a 503 busy from the hash queue spends none of the caller’s attempts', () =>
    withServer(
      {
        hashesRunning: 0,
        hashesQueued: 0,
        passwordPerIp: { burst: 2, perMin: 0 },
        passwordPerPlayer: { burst: 2, perMin: 0 },
      },
      async ({ url }) => {
        const ann = await newPlayer(url, 'Ann');
        const got = [];
        for (let i = 0; i < 6; i++)
          got.push((await call(url, 'POST', '/api/sessions', { playerId: ann.id, password: PW }, '127.0.10.1')).status);
        // Every attempt found the queue full; none counted against the address or the player.
        expect(got).toEqual([503, 503, 503, 503, 503, 503]);
      },
    ));

  it('wrong passwords from other addresses cannot lock out a device that signed in before', () =>
    withServer(
      { passwordPerIp: { burst: 100, perMin: 0 }, passwordPerPlayer: { burst: 3, perMin: 0 } },
      async ({ url }) => {
        const ann = await newPlayer(url, 'Ann');
        const set = await authApi(url, 'POST', '/api/me/password', ann.token, { password: PW });
        expect(set.status).toBe(200);
        const device: string = set.body.device;
        expect(device).toMatch(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
        const flood = [];
        for (let i = 0; i < 6; i++)
          flood.push(
            (
              await call(
                url,
                'POST',
                '/api/sessions',
                { playerId: ann.id, password: `guess ${i}` },
                `127.0.11.${i + 1}`,
              )
            ).status,
          );
        expect(flood).toEqual([401, 401, 401, 429, 429, 429]);
        // A device that knew the password before spends its own budget.
        const mine = await call(url, 'POST', '/api/sessions', { playerId: ann.id, password: PW, device }, '127.0.12.1');
        expect(mine.status).toBe(200);
        expect(mine.body.device).toMatch(/\./);
        // The token is bound to the player and its password: not a budget for anyone else.
        const bob = await newPlayer(url, 'Bob');
        await authApi(url, 'POST', '/api/me/password', bob.token, { password: PW });
        const forged = await call(
          url,
          'POST',
          '/api/sessions',
          { playerId: ann.id, password: PW, device: device.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')) },
          '127.0.12.2',
        );
        expect(forged.status).toBe(429);
        // The signed-in device's password change has its own budget too.
        const change = await authApi(url, 'POST', '/api/me/password', ann.token, {
          password: 'a new long one',
          current: PW,
        });
        expect(change.status).toBe(200);
        // A new password ends every device token.
        const stale = await call(
          url,
          'POST',
          '/api/sessions',
          { playerId: ann.id, password: 'a new long one', device },
          '127.0.12.3',
        );
        expect(stale.status).toBe(429);
      },
    ));

  it(
    'a device that signed in before is served ahead of a flood from many addresses',
    () =>
      withServer(
        {
          hashesRunning: 1,
          hashesQueued: 4,
          passwordPerIp: { burst: 1e6, perMin: 1e6 },
          passwordPerPlayer: { burst: 1e6, perMin: 1e6 },
        },
        async ({ url }) => {
          const ann = await newPlayer(url, 'Ann');
          const set = await authApi(url, 'POST', '/api/me/password', ann.token, { password: PW });
          const device: string = set.body.device;
          let stop = false;
          let busy = 0;
          let sawBusy: () => void = () => {};
          const floodFull = new Promise<void>((r) => (sawBusy = r));
          const flooders = Array.from({ length: 8 }, (_, i) =>
            (async () => {
              while (!stop) {
                const r = await call(
                  url,
                  'POST',
                  '/api/sessions',
                  { playerId: ann.id, password: 'wrong guess' },
                  `127.0.13.${(i % 4) + 1}`,
                );
                if (r.status === 503) {
                  busy++;
                  sawBusy();
                }
              }
            })(),
          );
          await floodFull;
          const mine = [];
          for (let i = 0; i < 2; i++)
            mine.push(
              (await call(url, 'POST', '/api/sessions', { playerId: ann.id, password: PW, device }, '127.0.14.1'))
                .status,
            );
          stop = true;
          await Promise.all(flooders);
          expect(busy).toBeGreaterThan(0);
          expect(mine).toEqual([200, 200]);
        },
      ),
    120_000,
  );
});
