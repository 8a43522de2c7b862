// Sign-in under a flood, from a new device (no device token): the hash queue serves each handle
// in a lane of its own and lets no network hold it against the others; failed passwords spend the
// failing addresses' budgets, the player's only as a ceiling above what two addresses can fail;
// PUT /api/me/handle, which says whether a handle is taken, is limited per address and network.
// Real sockets from distinct loopback addresses (127.0.x.y: x.y.0/24 is the network), SQLite file.
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, type LimitsConfig } from '../../src/limits/config.js';
import type { RunningServer } from '../../src/app/server.js';
import { SqliteStore } from '../../src/store/sqlite.js';
import { sqlitePlayerStore } from '../../src/store/players/sqlite.js';
import { requestFrom } from '../from-address.js';
import { testServer } from '../helpers.js';
import { tempDir } from '../temp-dir.js';
import { newPlayer } from './http-players-suite.js';

const call = (url: string, method: string, path: string, body: unknown, from: string, token: string | null = null) =>
  requestFrom(url, method, path, body, from, token ? { authorization: `Bearer ${token}` } : {});

async function withServer(limits: Partial<LimitsConfig>, f: (s: RunningServer) => Promise<void>): Promise<void> {
  const games = SqliteStore.inDir(tempDir('mm-sign-in-lanes-'));
  const s = await testServer(games, { players: sqlitePlayerStore(games), limits });
  try {
    await f(s);
  } finally {
    await s.close();
  }
}

const PW = 'correct horse battery';

/** Ann, with a password and a handle, made from 127.0.9.1. */
async function ann(url: string): Promise<void> {
  const a = await call(url, 'POST', '/api/players', { name: 'Ann' }, '127.0.9.1');
  expect((await call(url, 'POST', '/api/me/password', { password: PW }, '127.0.9.1', a.body.token)).status).toBe(200);
  expect((await call(url, 'PUT', '/api/me/handle', { handle: 'ann' }, '127.0.9.1', a.body.token)).status).toBe(200);
}

describe('attack: sign-in from a new device under a flood', () => {
  it('regression: sign-ins for other handles from many addresses kept a new device out of the hash queue (0 of 14)', () =>
    withServer(
      {
        hashesRunning: 1,
        hashesQueued: 3,
        hashesPerHandle: 2,
        passwordPerIp: { burst: 1e6, perMin: 0 },
        passwordPerPrefix: { burst: 1e6, perMin: 0 },
        passwordPerPlayer: { burst: 1e6, perMin: 0 },
      },
      async ({ url }) => {
        await ann(url);
        // Three addresses of one network, each for a handle of its own; and three networks all
        // for one other handle. Each sends again as soon as it is answered. Whatever three wait,
        // two are of one network or of one handle.
        const flooders = [
          ...[1, 2, 3].map((i) => ({ from: `127.0.20.${i}`, handle: `flood${i}` })),
          ...[21, 22, 23].map((n) => ({ from: `127.0.${n}.1`, handle: 'bob' })),
        ];
        let stop = false;
        let hashed = 0;
        let busy = 0;
        let sawBusy: () => void = () => {};
        const full = new Promise<void>((r) => (sawBusy = r));
        const runs = flooders.map(async ({ from, handle }) => {
          while (!stop) {
            const r = await call(url, 'POST', '/api/sessions', { handle, password: 'wrong guess' }, from);
            if (r.status === 401) hashed++;
            if (r.status === 503) {
              busy++;
              // Refused for a handle and an address of its own: every place was taken.
              if (handle !== 'bob') sawBusy();
              await new Promise((res) => setTimeout(res, 10));
            }
          }
        });
        await full;
        // Ann on a new device, from a network of her own: her first try gets a place, and is
        // served after at most one hash of each lane ahead of it (the running one, the waiting ones).
        const before = hashed;
        const mine = await call(url, 'POST', '/api/sessions', { handle: 'ann', password: PW }, '127.0.30.1');
        const hashesAhead = hashed - before;
        stop = true;
        await Promise.all(runs);
        expect(busy).toBeGreaterThan(0);
        expect(mine.status).toBe(200);
        expect(hashesAhead).toBeLessThanOrEqual(1 + 3);
      },
    ));

  it('the default budgets hold the player’s ceiling above what two addresses can fail, at once and per minute', () => {
    const D = DEFAULT_LIMITS;
    expect(D.passwordPerPlayer.burst).toBeGreaterThan(2 * D.passwordPerIp.burst);
    expect(D.passwordPerPlayer.perMin).toBeGreaterThan(2 * D.passwordPerIp.perMin);
    expect(D.passwordPerPrefix.burst).toBeGreaterThanOrEqual(D.passwordPerIp.burst);
  });

  it('regression: two addresses guessing one handle’s password locked its owner out of new devices (1 of 8)', () =>
    // Budgets as the defaults are, scaled down: the player's ceiling (3) above two addresses' (1 each).
    withServer(
      {
        passwordPerIp: { burst: 1, perMin: 0 },
        passwordPerPrefix: { burst: 2, perMin: 0 },
        passwordPerPlayer: { burst: 3, perMin: 0 },
      },
      async ({ url }) => {
        await ann(url);
        const guesses: number[] = [];
        for (let i = 0; i < 3; i++)
          for (const from of ['127.0.40.1', '127.0.41.1'])
            guesses.push(
              (await call(url, 'POST', '/api/sessions', { handle: 'ann', password: `guess ${i}` }, from)).status,
            );
        // Their failures spent their own addresses' budgets...
        expect(guesses).toEqual([401, 401, 429, 429, 429, 429]);
        // ...and the owner, from a third address on a new device, gets in, and again: a right
        // password spends nothing.
        const mine: number[] = [];
        for (let i = 0; i < 2; i++)
          mine.push((await call(url, 'POST', '/api/sessions', { handle: 'ann', password: PW }, '127.0.42.1')).status);
        expect(mine).toEqual([200, 200]);
      },
    ));

  it('regression: PUT /api/me/handle told anyone, without a limit, whether a handle exists', () =>
    withServer(
      { handleChangesPerIp: { burst: 3, perMin: 0 }, handleChangesPerPrefix: { burst: 4, perMin: 0 } },
      async ({ url }) => {
        await ann(url);
        const probe = async (from: string, handle: string) => {
          const p = await call(url, 'POST', '/api/players', { name: 'Probe' }, from);
          return (await call(url, 'PUT', '/api/me/handle', { handle }, from, p.body.token)).status;
        };
        const a = await newPlayer(url, 'Probe');
        const probeAs = async (from: string, handle: string) =>
          (await call(url, 'PUT', '/api/me/handle', { handle }, from, a.token)).status;
        // Three answers from one address, then the same refusal whether the handle exists or not.
        expect([
          await probeAs('127.0.50.1', 'ann'),
          await probeAs('127.0.50.1', 'nobody1'),
          await probeAs('127.0.50.1', 'nobody2'),
        ]).toEqual([409, 200, 200]);
        expect([await probeAs('127.0.50.1', 'ann'), await probeAs('127.0.50.1', 'nobody3')]).toEqual([429, 429]);
        // Another address of the network (another profile too) gets what is left of the network's.
        expect([await probe('127.0.50.2', 'ann'), await probe('127.0.50.2', 'nobody4')]).toEqual([409, 429]);
        // Another network is not affected.
        expect(await probe('127.0.51.1', 'ann')).toBe(409);
      },
    ));
});
