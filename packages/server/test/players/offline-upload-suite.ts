// Issue 28 §1: an offline solo game uploaded to the player's history, over real HTTP, on the
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
import type { RunningServer } from '../../src/server.js';
import { testServer } from '../helpers.js';
import { authApi, newPlayer, type OpenStores } from './http-players-suite.js';

/** A finished solo Training game between the hard bots, as an offline game's record. */
export function finishedRecord(seed: number): GameRecord {
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
  return exportRecord(s, actions);
}

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

  describe(`offline games uploaded to the history (issue 28 §1): ${name}`, () => {
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
            role: 'recruiter',
            level: 'easy',
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
  });
}
