// The live tables to watch, over real HTTP and WebSockets, for a store that can be
// opened again on the same data (SQLite: the same folder; PostgreSQL: the same schema): the host's
// listing choice is stored with the table (migration 104) and survives a restart; the listing is
// paged and capped; a watcher who comes from it sees the public view only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/app/server.js';
import type { GameStore } from '../src/store/types.js';
import {
  api,
  Client,
  EXPECT_MS,
  closeTable,
  mulberry,
  openTable,
  playOut,
  testServer,
  type TableSpec,
} from './helpers.js';
import { leaks, note, type Secrets } from './secrecy-check.js';

const PAGE = 2;

export function liveTablesSuite(name: string, open: () => Promise<GameStore> | GameStore): void {
  describe(`live tables to watch (${name})`, () => {
    let srv: RunningServer;
    const start = async () => testServer(await open(), { limits: { openPageSize: PAGE } });
    beforeAll(async () => {
      srv = await start();
    });
    afterAll(() => srv.close());

    const live = async (page?: number) => {
      const r = await api(srv.url, 'GET', `/api/live${page === undefined ? '' : `?page=${page}`}`);
      expect(r.status).toBe(200);
      return r.body as { games: { gameId: string; names: string[] }[]; page: number; more: boolean };
    };
    const allLive = async () => {
      const ids: string[] = [];
      for (let page = 0; ; page++) {
        const r = await live(page);
        ids.push(...r.games.map((g) => g.gameId));
        if (!r.more) return ids;
      }
    };
    const table = (spec: TableSpec & { listed?: boolean }) => openTable(srv.url, spec as TableSpec);

    it('a game between people is listed by default; solo and unlisted ones are not; the choice survives a restart', async () => {
      const people = await table({ mode: 'training', players: 2 });
      const solo = await table({ mode: 'training', players: 1, solo: { role: 'agents', level: 'easy' } });
      const unlisted = await table({ mode: 'training', players: 2, listed: false });
      const soloShown = await table({
        mode: 'training',
        players: 1,
        solo: { role: 'recruiter', level: 'easy' },
        listed: true,
      });
      // a table still waiting for players is in the open list, not the live one
      const waiting = await api(srv.url, 'POST', '/api/games', { name: 'W', mode: 'training', players: 2 });
      let ids = await allLive();
      expect(ids).toContain(people.gameId);
      expect(ids).toContain(soloShown.gameId);
      expect(ids).not.toContain(solo.gameId);
      expect(ids).not.toContain(unlisted.gameId);
      expect(ids).not.toContain(waiting.body.gameId);
      const entry = (await live(0)).games.concat((await live(1)).games).find((g) => g.gameId === people.gameId)!;
      expect([...entry.names].sort()).toEqual(['Host', 'P2']);
      for (const t of [people, solo, unlisted, soloShown]) closeTable(t);
      await srv.close();
      srv = await start();
      ids = await allLive();
      expect(ids).toContain(people.gameId);
      expect(ids).not.toContain(unlisted.gameId);
    });

    it('pages of at most openPageSize, newest first; a bad page or listed value is refused', async () => {
      const made = [];
      for (let i = 0; i < PAGE + 1; i++) made.push(await table({ mode: 'training', players: 2 }));
      const p0 = await live(0);
      expect(p0.games.length).toBe(PAGE);
      expect(p0.more).toBe(true);
      // newest first: the last table made heads the first page
      expect(p0.games[0]!.gameId).toBe(made[made.length - 1]!.gameId);
      const p1 = await live(1);
      expect(p1.games.length).toBeLessThanOrEqual(PAGE);
      expect(p1.games.map((g) => g.gameId)).not.toContain(p0.games[0]!.gameId);
      for (const q of ['-1', '1001', 'x', '1.5'])
        expect((await api(srv.url, 'GET', `/api/live?page=${q}`)).status).toBe(400);
      const bad = await api(srv.url, 'POST', '/api/games', { name: 'B', mode: 'training', players: 2, listed: 'yes' });
      expect(bad.status).toBe(400);
      for (const t of made) closeTable(t);
    });

    it('a watcher from the list sees only the public view, and a finished game leaves the list', async () => {
      const t = await table({ mode: 'full', players: 2 });
      expect(await allLive()).toContain(t.gameId);
      const watcher = new Client(srv.url);
      const hello = await watcher.hello(t.gameId, null);
      const first = hello.t === 'state' ? hello : await watcher.wait((m) => m.t === 'state', EXPECT_MS, true);
      expect(first.seat).toBe('spectator');
      const secrets: Secrets = { card: null, paths: new Set(), cards: null, decks: new Set() };
      await playOut(t, mulberry(25), {
        maxSteps: 60,
        stop: () => (t.spectator.view?.seq ?? 0) >= 40,
        onStep: async () => note(secrets, (await srv.service.master.getLive(t.gameId))!.state!),
      });
      await watcher.waitSeq(t.spectator.view.seq);
      note(secrets, (await srv.service.master.getLive(t.gameId))!.state!);
      let checked = 0;
      for (const f of watcher.frames) {
        const m = JSON.parse(f);
        // after the game the recruiter's path and cards are revealed to everyone
        if ((m.t === 'events' || m.t === 'state') && m.view.result) break;
        if (m.t === 'lobby' && m.lobby.result) break;
        expect(leaks(f, secrets), f.slice(0, 300)).toBeNull();
        checked++;
      }
      expect(checked).toBeGreaterThan(5);
      // the control: the detector flags what the recruiter's own seat is sent
      expect(t.bySeat.get(0)!.frames.some((f) => leaks(f, secrets) !== null)).toBe(true);
      const listing = await api(srv.url, 'GET', '/api/live?page=0');
      expect(leaks(listing.text, secrets)).toBeNull();
      // resigning ends the game: it is no longer live
      if (!t.spectator.view.result) await playOut(t, mulberry(26), { maxSteps: 20, resignAt: 0 });
      expect(t.spectator.view.result).not.toBeNull();
      expect(await allLive()).not.toContain(t.gameId);
      watcher.close();
      closeTable(t);
    });
  });
}
