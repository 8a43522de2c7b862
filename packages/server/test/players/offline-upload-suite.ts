// An offline solo game uploaded to the player's history, over real HTTP, on the
// memory twin, a SQLite file and PostgreSQL. The server trusts nothing of the record: it must
// replay with the engine to the result it states; it is stored unrated and never moves ratings.
import { makeBot } from '@mindmgmt/ai';
import {
  type Action,
  apply,
  expectedSeats,
  exportRecord,
  type GameRecord,
  legalActions,
  newGame,
  rngFrom,
  view,
} from '@mindmgmt/engine';
import { describe, expect, it } from 'vitest';
import type { LimitsConfig } from '../../src/limits/config.js';
import type { RunningServer } from '../../src/app/server.js';
import { postFrom } from '../from-address.js';
import { testServer } from '../helpers.js';
import { authApi, newPlayer, type OpenStores } from './http-players-suite.js';

/** A finished solo Training game between the hard bots, as an offline game's record: played by
 * a person on `person`'s side against the hard bot (its `seats`, as the browser writes them). */
export function finishedRecord(seed: number, person: 'recruiter' | 'agents' = 'agents'): GameRecord {
  let s = {
    ...newGame({ mode: 'training', agentSeats: 1, recruiterCard: 'girl' }, seed),
    recruiterCardRule: 'random' as const,
  };
  const bots = [makeBot('hard', 'recruiter'), makeBot('hard', 'agents')] as const;
  const actions: Action[] = [];
  for (let n = 0; n < 3000 && !s.result; n++) {
    const seat = expectedSeats(s).find((x) => legalActions(s, x).length)!;
    // a work-limited budget: the game is the same on any machine
    const a = bots[seat === 0 ? 0 : 1].decide(view(s, seat), legalActions(s, seat), rngFrom(seed * 7919 + n), 600_000);
    const r = apply(s, { ...a, seat } as Action);
    if (!r.ok) throw new Error(r.message);
    s = r.state;
    actions.push({ ...a, seat } as Action);
  }
  expect(s.result).toBeTruthy();
  const seats = [
    { seat: 0, bot: person === 'recruiter' ? null : 'hard' },
    { seat: 1, bot: person === 'agents' ? null : 'hard' },
  ];
  return { ...exportRecord(s, actions), seats };
}

const UPLOAD = '/api/me/offline-games';

export function offlineUploadSuite(name: string, open: () => Promise<OpenStores>): void {
  async function withServer(f: (s: RunningServer) => Promise<void>, limits: Partial<LimitsConfig> = {}) {
    const st = await open();
    const s = await testServer(st.games, { players: st.players, limits });
    try {
      await f(s);
    } finally {
      await s.close();
    }
  }
  const record = finishedRecord(5);

  describe(`offline games uploaded to the history: ${name}`, () => {
    it('an offline game that replays to its result enters the history unrated, with its replay, and moves no rating', () =>
      withServer(async ({ url }) => {
        const ann = await newPlayer(url, 'Ann');
        const up = await authApi(url, 'POST', '/api/me/offline-games', ann.token, {
          record,
          role: 'agents',
          level: 'hard',
        });
        expect(up.status, up.text).toBe(200);
        const id: string = up.body.gameId;
        const me = (await authApi(url, 'GET', '/api/me', ann.token)).body;
        expect(me.recent).toEqual([
          expect.objectContaining({ gameId: id, role: 'agents', mode: 'training', rated: false }),
        ]);
        expect(me.recent[0].won).toBe(record.result!.winner === 'agents');
        expect(me.ratings).toEqual([]);
        // its replay is the record uploaded
        const rec = await authApi(url, 'GET', `/api/games/${id}/record`, null);
        expect(rec.status, rec.text).toBe(200);
        expect(rec.body.actions).toEqual(record.actions);
        expect(rec.body.result).toEqual(record.result);
        expect(rec.body.deck).toEqual(record.deck);
        // not a table anyone can join or watch
        expect((await authApi(url, 'GET', '/api/games', null)).body.games).toEqual([]);
        expect((await authApi(url, 'GET', '/api/live', null)).body.games).toEqual([]);
      }));

    it('attack: a record whose stated result is not what it replays to, an illegal move, an unfinished game, two agent seats: 422 bad_record, nothing stored', () =>
      withServer(async ({ url }) => {
        const bob = await newPlayer(url, 'Bob');
        const r = record.result!;
        const flipped = { ...record, result: { ...r, winner: r.winner === 'agents' ? 'recruiter' : 'agents' } };
        const illegal = { ...record, actions: [record.actions[1], record.actions[0], ...record.actions.slice(2)] };
        const unfinished = { ...record, actions: record.actions.slice(0, -1), result: null };
        const twoSeats = { ...record, options: { ...record.options, agentSeats: 2 } };
        for (const bad of [flipped, illegal, unfinished, twoSeats]) {
          const up = await authApi(url, 'POST', '/api/me/offline-games', bob.token, {
            record: bad,
            role: 'agents',
            level: 'hard',
          });
          expect(up.status, up.text).toBe(422);
          expect(up.body.error.code).toBe('bad_record');
        }
        expect((await authApi(url, 'GET', '/api/me', bob.token)).body.recent).toEqual([]);
      }));

    it('attack: uploads without a session (401), over the body cap (413), beyond the per-player budget (429)', () =>
      withServer(
        async ({ url }) => {
          const cid = await newPlayer(url, 'Cid');
          const body = { record, role: 'agents', level: 'hard' };
          expect((await authApi(url, 'POST', '/api/me/offline-games', null, body)).status).toBe(401);
          const padded = { ...body, record: { ...record, notes: [], pad: 'x'.repeat(64 * 1024) } };
          const big = await authApi(url, 'POST', '/api/me/offline-games', cid.token, padded);
          expect(big.status, big.text).toBe(413);
          expect((await authApi(url, 'POST', '/api/me/offline-games', cid.token, body)).status).toBe(200);
          expect((await authApi(url, 'POST', '/api/me/offline-games', cid.token, body)).status).toBe(200);
          const third = await authApi(url, 'POST', '/api/me/offline-games', cid.token, body);
          expect(third.status, third.text).toBe(429);
          expect((await authApi(url, 'GET', '/api/me', cid.token)).body.recent).toHaveLength(2);
        },
        { offlineUploadsPerPlayer: { burst: 2, perMin: 1 } },
      ));

    const body = { record, role: 'agents', level: 'hard' };
    const size = JSON.stringify(record).length;
    const auth = (token: string) => ({ authorization: `Bearer ${token}` });
    /** `n` new profiles (first visits). */
    async function profiles(url: string, n: number): Promise<{ id: string; token: string }[]> {
      const out = [];
      for (let i = 0; i < n; i++) out.push(await newPlayer(url, `Up${i}`));
      return out;
    }

    it('regression: many profiles on several addresses and networks upload until the per-network and server-wide caps, then nothing more is stored', () =>
      withServer(
        async ({ url }) => {
          const [a, b, c, d] = await profiles(url, 4);
          const status = async (p: { token: string }, from: string) => {
            const r = await postFrom(url, UPLOAD, body, from, auth(p.token));
            return r.body?.error?.code ?? r.status;
          };
          // one network (127.0.41.0/24), two addresses, two profiles: its cap of 2, then 429
          expect(await status(a!, '127.0.41.1')).toBe(200);
          expect(await status(b!, '127.0.41.2')).toBe(200);
          expect(await status(a!, '127.0.41.3')).toBe('rate_limited');
          // another network: the server-wide cap of 3, then 503 for every network
          expect(await status(c!, '127.0.42.1')).toBe(200);
          expect(await status(d!, '127.0.43.1')).toBe('busy');
          expect(await status(c!, '127.0.42.1')).toBe('busy');
          const stored = [];
          for (const p of [a, b, c, d])
            stored.push((await authApi(url, 'GET', '/api/me', p!.token)).body.recent.length);
          expect(stored).toEqual([1, 1, 1, 0]);
        },
        {
          offlineUploadsPerPlayer: { burst: 10, perMin: 0 },
          offlineUploadsPerPrefix: { burst: 2, perMin: 0 },
          offlineUploadsTotal: { burst: 3, perMin: 0 },
        },
      ));

    it('regression: one profile uploads the same game over and over: it stores at most its count and bytes of offline games', () =>
      withServer(
        async ({ url }) => {
          const [a, b] = await profiles(url, 2);
          const codes = async (p: { token: string }, n: number, b: unknown) => {
            const out = [];
            for (let i = 0; i < n; i++)
              out.push((await authApi(url, 'POST', UPLOAD, p.token, b)).body?.error?.code ?? 200);
            return out;
          };
          expect(await codes(a!, 4, body)).toEqual([200, 200, 200, 'too_many_offline_games']);
          expect((await authApi(url, 'GET', '/api/me', a!.token)).body.recent).toHaveLength(3);
          // by bytes: records padded to twice the size, two of which are more than the cap
          const padded = { ...body, record: { ...record, pad: 'x'.repeat(size) } };
          expect(await codes(b!, 2, padded)).toEqual([200, 'too_many_offline_games']);
          expect((await authApi(url, 'GET', '/api/me', b!.token)).body.recent).toHaveLength(1);
        },
        {
          offlineUploadsPerPlayer: { burst: 10, perMin: 0 },
          offlineGamesPerPlayer: 3,
          offlineBytesPerPlayer: Math.floor(size * 3.5),
        },
      ));

    it('regression: the uploader claims the side it did not play, or the other bot: 422, nothing stored', () =>
      withServer(async ({ url }) => {
        const eve = await newPlayer(url, 'Eve');
        const { seats: _seats, ...noSeats } = record;
        const twoPeople = {
          ...record,
          seats: [
            { seat: 0, bot: null },
            { seat: 1, bot: null },
          ],
        };
        for (const [b, code] of [
          [{ record, role: 'recruiter', level: 'hard' }, 'wrong_seat'],
          [{ record, role: 'agents', level: 'expert' }, 'wrong_seat'],
          [{ record: noSeats, role: 'agents', level: 'hard' }, 'bad_record'],
          [{ record: twoPeople, role: 'agents', level: 'hard' }, 'bad_record'],
        ] as const) {
          const up = await authApi(url, 'POST', UPLOAD, eve.token, b);
          expect([up.status, up.body.error?.code], up.text).toEqual([422, code]);
        }
        expect((await authApi(url, 'GET', '/api/me', eve.token)).body.recent).toEqual([]);
        // the same game filed as played is taken, under the side its person played
        const recruiterRecord = {
          ...record,
          seats: [
            { seat: 0, bot: null },
            { seat: 1, bot: 'hard' },
          ],
        };
        const ok = await authApi(url, 'POST', UPLOAD, eve.token, {
          record: recruiterRecord,
          role: 'recruiter',
          level: 'hard',
        });
        expect(ok.status, ok.text).toBe(200);
        expect((await authApi(url, 'GET', '/api/me', eve.token)).body.recent).toEqual([
          expect.objectContaining({ role: 'recruiter', rated: false }),
        ]);
      }));

    it("regression: uploads leave the bot's public profile as it was and vouch for nobody", () =>
      withServer(
        async ({ url }) => {
          const bot = async () => {
            const r = await authApi(url, 'GET', '/api/players/bot-hard', null);
            expect(r.status, r.text).toBe(200);
            return { stats: r.body.stats, ratings: r.body.ratings, recent: r.body.recent };
          };
          const before = await bot();
          const mal = await newPlayer(url, 'Mal');
          for (let i = 0; i < 3; i++) expect((await authApi(url, 'POST', UPLOAD, mal.token, body)).status).toBe(200);
          expect(await bot()).toEqual(before);
          expect((await authApi(url, 'GET', '/api/me', mal.token)).body.recent).toHaveLength(3);
          // A table of Mal's is not listed among vouched hosts' (none of the others are listed here).
          const t = await authApi(url, 'POST', '/api/games', mal.token, {
            mode: 'training',
            players: 2,
            bots: {},
            turnTimerSec: null,
            name: 'Mal',
          });
          expect(t.status, t.text).toBe(200);
          expect((await authApi(url, 'GET', '/api/games', null)).body.games).toEqual([]);
        },
        { offlineUploadsPerPlayer: { burst: 10, perMin: 0 }, openUnvouchedListed: 0 },
      ));
  });
}
