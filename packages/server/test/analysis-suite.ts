// The analysis of a finished game over real HTTP, for a store that can be opened
// again on the same data (SQLite: the same folder; PostgreSQL: the same schema): never before the
// end (409 not_over, nothing computed, nothing stored), 202 while a bot worker computes it, then
// the stored JSON, the same as the analysis computed in-process from the game's record; served
// from the store after a restart without computing again; the server-wide queue cap.
import { analyseGame } from '@mindmgmt/ai';
import { afterAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/app/server.js';
import type { GameStore } from '../src/store/types.js';
import { api, closeTable, mulberry, openTable, playOut, testServer } from './helpers.js';

const WORK = { analysisDecisions: 1, analysisPlayouts: 10 };

export function analysisSuite(name: string, open: () => Promise<GameStore> | GameStore): void {
  describe(`game analysis route (${name})`, () => {
    let srv: RunningServer | undefined;
    const start = async (limits: Record<string, number> = {}) =>
      (srv = await testServer(await open(), { limits: { ...WORK, ...limits } }));
    afterAll(() => srv?.close());

    const analysis = (base: string, id: string) => api(base, 'GET', `/api/games/${id}/analysis`);
    const until200 = async (base: string, id: string) => {
      for (let i = 0; i < 600; i++) {
        const r = await analysis(base, id);
        if (r.status !== 202) return r;
        expect(r.body).toEqual({ status: 'computing' });
        await new Promise((res) => setTimeout(res, 100));
      }
      throw new Error('the analysis never came');
    };

    it('is refused before the end, computed once after it, stored, and served again after a restart', async () => {
      let s = await start();
      const t = await openTable(s.url, { mode: 'training', players: 2 });
      // a table in the lobby and a game being played: the same refusal, and no work started
      const lobby = await api(s.url, 'POST', '/api/games', { name: 'L', mode: 'training', players: 2 });
      const waiting = await analysis(s.url, lobby.body.gameId);
      let steps = 0;
      await playOut(t, mulberry(7), {
        stop: () => steps >= 12,
        onStep: async () => {
          steps++;
          const r = await analysis(s.url, t.gameId);
          expect(r.status).toBe(409);
          expect(r.body).toEqual(waiting.body);
        },
      });
      expect(waiting.status).toBe(409);
      expect(waiting.body.error.code).toBe('not_over');
      expect(s.service.bots.analysesPending).toBe(0);
      expect(await s.service.store.analysisOf(t.gameId)).toBeNull();
      expect((await analysis(s.url, 'no-such-game')).status).toBe(404);

      // end it (the next seat to move resigns) and ask
      await playOut(t, mulberry(8), { resignAt: 0 });
      const first = await analysis(s.url, t.gameId);
      expect(first.status).toBe(202);
      const done = await until200(s.url, t.gameId);
      expect(done.status).toBe(200);
      const record = (await api(s.url, 'GET', `/api/games/${t.gameId}/record`)).body;
      const local = analyseGame(record, {
        gameId: t.gameId,
        playouts: WORK.analysisPlayouts,
        maxExpertDecisions: WORK.analysisDecisions,
      });
      expect(done.body).toEqual(JSON.parse(JSON.stringify(local)));
      expect(done.body.result.reason).toBe('resign');
      closeTable(t);

      // a restart: served from the store at once, with no worker asked
      await s.close();
      s = await start({ analysisRunMs: 1 });
      const again = await analysis(s.url, t.gameId);
      expect(again.status).toBe(200);
      expect(again.body).toEqual(done.body);
      expect(s.service.bots.analysesPending).toBe(0);
    }, 120_000);

    it('caps the analyses computing at once server-wide (503 busy beyond)', async () => {
      if (srv) await srv.close();
      const s = await start({ analysesQueued: 1, analysisDecisions: 2 });
      const ids: string[] = [];
      for (const seed of [1, 2]) {
        const t = await openTable(s.url, { mode: 'training', players: 2 });
        await playOut(t, mulberry(seed), { resignAt: 30 + seed });
        closeTable(t);
        ids.push(t.gameId);
      }
      expect((await analysis(s.url, ids[0]!)).status).toBe(202);
      const busy = await analysis(s.url, ids[1]!);
      expect(busy.status).toBe(503);
      expect(busy.body.error.code).toBe('busy');
      // asking again for the one computing is no second job
      expect((await analysis(s.url, ids[0]!)).status).toBe(202);
      expect(s.service.bots.analysesPending).toBe(1);
      await s.service.analyses.settled();
      expect((await analysis(s.url, ids[0]!)).status).toBe(200);
      expect((await analysis(s.url, ids[1]!)).status).toBe(202);
    }, 180_000);
  });
}
