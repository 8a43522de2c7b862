// The WebSocket integration suite: whole games over real WebSockets, one connection per seat,
// scripted from each seat's `legal`. Run for SQLite (play.test.ts) and PostgreSQL (pg-play.test.ts).
import { describe, expect, it, afterAll, beforeAll } from 'vitest';
import type { RunningServer } from '../src/app/server.js';
import type { GameStore } from '../src/store/types.js';
import { api, closeTable, mulberry, openTable, playOut, testServer, type Table } from './helpers.js';
import { replay, seenSeq, view } from '@mindmgmt/engine';

export function playSuite(name: string, makeStore: () => Promise<GameStore> | GameStore, cleanup = () => {}): void {
  describe(`whole games over WebSockets (${name})`, () => {
    let srv: RunningServer;
    beforeAll(async () => {
      srv = await testServer(await makeStore());
    });
    afterAll(async () => {
      await srv.close();
      cleanup();
    });

    /** After every seq: each connection's view, with its log merged from the `state` frame and
     * the `events` frames' entries from `logFrom` on, equals the engine's view for its seat. */
    const sameViews = (t: Table) => async () => {
      const st = (await srv.service.master.getLive(t.gameId))!.state!;
      for (const c of [...t.clients, t.spectator]) {
        // D12: each seat's own count (the others' leaves out what the recruiter took back)
        await c.waitSeq(seenSeq(st, c.seat!));
        expect(c.logGaps).toEqual([]);
        expect(c.view).toEqual(view(st, c.seat!));
      }
    };

    it('plays a Training Mission (2 players) to a result, record replays', async () => {
      const t = await openTable(srv.url, { mode: 'training', players: 2 });
      const v = await playOut(t, mulberry(1), { onStep: sameViews(t) });
      expect(v.result).not.toBeNull();
      // Every client ends at the same seq with the full reveal.
      for (const c of t.clients) expect(c.view.seq).toBe(v.seq);
      expect(v.recruiter).not.toBeNull(); // after the game everything is public
      const rec = await api(srv.url, 'GET', `/api/games/${t.gameId}/record`);
      expect(rec.status).toBe(200);
      const r = replay(rec.body);
      expect(r.ok).toBe(true);
      if (r.ok) expect(r.state.result).toEqual(v.result);
      closeTable(t);
    });

    it('plays a Full Game (5 players) to a result', async () => {
      const t = await openTable(srv.url, { mode: 'full', players: 5, recruiterCard: 'choose' });
      const v = await playOut(t, mulberry(2), { onStep: sameViews(t) });
      expect(v.result).not.toBeNull();
      expect(v.mode).toBe('full');
      closeTable(t);
    });

    it('plays a Full Game with bot seats (3 players, 2 bots) and a solo game against a bot recruiter', async () => {
      const t = await openTable(srv.url, {
        mode: 'full',
        players: 3,
        bots: { '2': 'random', '3': 'random' },
        recruiterChoice: 'host',
      });
      expect(t.bySeat.has(0)).toBe(true); // host chose itself as recruiter
      const v = await playOut(t, mulberry(3));
      expect(v.result).not.toBeNull();
      closeTable(t);
      const s = await openTable(srv.url, { mode: 'training', players: 1, solo: { role: 'agents', level: 'random' } });
      expect([...s.bySeat.keys()]).toEqual([1]);
      const sv = await playOut(s, mulberry(4));
      expect(sv.result).not.toBeNull();
      closeTable(s);
    });
  });
}
