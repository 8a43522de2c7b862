// A deleted player is gone. "Bea" finishes games (one titled after her by the web
// client's solo form, one with table chat, one after renaming herself "Quilla", the last one the
// start of a campaign), deletes her profile, the server restarts, and then every route and frame
// another player or a stranger can read is searched for both names; so are the server's log
// lines (names and tokens) and every text column the stores keep. Before the fix the titles
// ("Bea vs Rogue agents (easy)") and the places of tables she had left were still served.
import { expect, it } from 'vitest';
import type { RunningServer } from '../../src/app/server.js';
import { Client, EXPECT_MS, testServer, type LogSink } from '../helpers.js';
import { authApi, eventually, newPlayer, resign, type OpenStores } from './http-players-suite.js';

const NAMES = /Bea|Quilla/;

/** `open` reopens the same storage each time (the restart). `dump` answers (one string a row) every text the
 * storage keeps in the tables that may hold a name. */
export function deletedPlayerSuite(
  name: string,
  open: () => Promise<OpenStores>,
  dump: (s: OpenStores) => Promise<string[]>,
): void {
  it(`${name}: after deletion and a restart no route, frame, log line or stored row names the player`, async () => {
    const sink: LogSink = { lines: [] };
    let last = await open();
    let s: RunningServer = await testServer(last.games, { players: last.players }, sink);
    const tokens: string[] = [];
    const clients: Client[] = [];
    try {
      const url = s.url;
      const bea = await newPlayer(url, 'Bea');
      const rogue = await newPlayer(url, 'Rogue');
      tokens.push(bea.token, rogue.token);

      // 1. Solo, titled as the web client's solo form titles it; Bea resigns.
      const solo = await authApi(url, 'POST', '/api/games', bea.token, {
        name: 'Bea',
        title: 'Bea vs Rogue agents (easy)',
        mode: 'training',
        players: 1,
        solo: { role: 'agents', level: 'easy' },
      });
      expect(solo.status, solo.text).toBe(200);
      tokens.push(solo.body.token);
      await playAndResign(url, solo.body.gameId, [solo.body.token], 0);

      // 2. Rogue's table, Bea joins as "Bea" and chats; Rogue resigns.
      const duel = await twoPeople(url, rogue.token, bea.token, 'Rogue', 'Bea', 'Rogue and Bea');
      const beaClient = duel.clients[1]!;
      const said = duel.clients[0]!.wait((m) => m.t === 'chat');
      beaClient.send({ t: 'chat', gameId: duel.gameId, text: 'hello from Bea' });
      await said;
      await resign(duel, duel.clients[0]!.seat as number);

      // 3. Renamed: Quilla joins Rogue's next table under her new name, which names her.
      expect((await authApi(url, 'PATCH', '/api/me', bea.token, { name: 'Quilla' })).status).toBe(200);
      const third = await twoPeople(url, rogue.token, bea.token, 'Rogue', 'Quilla', "Quilla's rematch");
      await resign(third, third.clients[1]!.seat as number);

      // 4. A table Bea opened and left before anyone came: it closes with her place in it.
      const left = await authApi(url, 'POST', '/api/games', bea.token, {
        name: 'Quilla',
        title: 'Quilla waits',
        mode: 'training',
        players: 2,
      });
      expect(left.status, left.text).toBe(200);
      tokens.push(left.body.token);

      // 4b. Rogue's waiting table named after her: she sits down and leaves; it stays open in the
      // public lobby with Rogue, and nothing links her to it any more.
      const waiting = await authApi(url, 'POST', '/api/games', rogue.token, {
        name: 'Rogue',
        title: 'Rogue waits for Quilla',
        mode: 'training',
        players: 2,
      });
      expect(waiting.status, waiting.text).toBe(200);
      tokens.push(waiting.body.token);
      const sat = await authApi(url, 'POST', `/api/games/${waiting.body.gameId}/join`, bea.token, { name: 'Quilla' });
      expect(sat.status, sat.text).toBe(200);
      tokens.push(sat.body.token);
      const gone = await authApi(url, 'POST', `/api/games/${waiting.body.gameId}/leave`, null, {
        token: sat.body.token,
      });
      expect(gone.status, gone.text).toBe(200);

      // 5. A campaign from the third game (its ledger holds her id, never her name).
      const rematch = await authApi(url, 'POST', `/api/games/${third.gameId}/rematch`, rogue.token, {
        token: third.tokens[0],
        swapSides: true,
      });
      expect(rematch.status, rematch.text).toBe(200);
      tokens.push(rematch.body.token);

      await eventually(
        () => authApi(url, 'GET', `/api/players/${rogue.id}`, null),
        (r) => r.body.recent?.length === 2,
      );
      for (const c of clients.splice(0)) c.close();
      const leave = await authApi(url, 'POST', `/api/games/${left.body.gameId}/leave`, null, {
        token: left.body.token,
      });
      // The host leaving an empty table closes it; either way her place must not name her.
      expect(leave.status, leave.text).toBeLessThan(500);

      const del = await authApi(url, 'DELETE', '/api/me', bea.token, { confirm: 'Quilla' });
      expect(del.status, del.text).toBe(200);
      // Before the restart: the copies this server holds in memory are renamed too.
      for (const id of [solo.body.gameId, duel.gameId, third.gameId]) {
        const r = await authApi(url, 'GET', `/api/games/${id}`, null);
        expect(r.status).toBe(200);
        expect(r.text).not.toMatch(NAMES);
      }

      // Restart on the same storage.
      await s.close();
      last = await open();
      s = await testServer(last.games, { players: last.players }, sink);
      const u = s.url;
      const games = [
        solo.body.gameId,
        duel.gameId,
        third.gameId,
        left.body.gameId,
        waiting.body.gameId,
        rematch.body.gameId,
      ];
      const read: string[] = [];
      const get = async (path: string, token: string | null = rogue.token) => {
        const r = await authApi(u, 'GET', path, token);
        read.push(`${path} ${r.status} ${r.text}`);
        return r;
      };
      const lobby = await get('/api/games?page=0');
      expect(lobby.text).toContain(waiting.body.gameId);
      await get('/api/live?page=0');
      const mine = await authApi(u, 'POST', '/api/my-games', null, { tokens: [...duel.tokens, ...third.tokens] });
      read.push(mine.text);
      for (const id of games) {
        await get(`/api/games/${id}`);
        await get(`/api/games/${id}/record`);
        await get(`/api/games/${id}/chat`);
        await get(`/api/games/${id}/campaign`);
      }
      const camp = await get(`/api/games/${third.gameId}/campaign`);
      expect(camp.body.campaign?.id).toBeTruthy();
      await get(`/api/campaigns/${camp.body.campaign.id}`);
      await get(`/api/players/${rogue.id}`);
      await get(`/api/players/${rogue.id}/games`);
      expect((await get(`/api/players/${bea.id}`)).status).toBe(404);
      await get('/api/players/bot-easy');
      await get('/api/leaderboard?role=recruiter');
      await get('/api/leaderboard?role=agents');
      await get('/api/me/export');
      await get('/api/me');
      // Frames: Rogue at the tables Bea shared with him, a stranger at her solo table.
      for (const [id, token] of [
        [duel.gameId, duel.tokens[0]],
        [third.gameId, third.tokens[0]],
        [solo.body.gameId, null],
        [rematch.body.gameId, rematch.body.token],
      ] as const) {
        const c = new Client(u);
        clients.push(c);
        await c.hello(id, token);
        await c.wait((m) => m.t === 'chatLog' || m.t === 'lobby', EXPECT_MS, true);
        read.push(...c.frames);
      }
      expect(read.join('\n').length).toBeGreaterThan(2000);
      expect(read.filter((t) => NAMES.test(t))).toEqual([]);
      // The chat line she wrote keeps its place, signed "Former player".
      expect(read.join('\n')).toContain('Former player');

      // Stored: every text column that could hold a name.
      expect((await dump(last)).filter((row) => NAMES.test(row))).toEqual([]);
      // Logs: neither her names nor any token, of either run.
      expect(sink.lines.length).toBeGreaterThan(0);
      const logs = sink.lines.join('\n');
      expect(NAMES.test(logs)).toBe(false);
      for (const t of tokens) expect(logs).not.toContain(t);
    } finally {
      for (const c of clients) c.close();
      await s.close();
    }

    async function twoPeople(
      url: string,
      host: string,
      guest: string,
      hostName: string,
      guestName: string,
      title: string,
    ) {
      const c = await authApi(url, 'POST', '/api/games', host, {
        name: hostName,
        title,
        mode: 'training',
        players: 2,
        recruiterChoice: 'host',
      });
      expect(c.status, c.text).toBe(200);
      const gameId: string = c.body.gameId;
      const j = await authApi(url, 'POST', `/api/games/${gameId}/join`, guest, { name: guestName });
      expect(j.status, j.text).toBe(200);
      const ts = [c.body.token as string, j.body.token as string];
      tokens.push(...ts);
      const cls = ts.map(() => new Client(url));
      clients.push(...cls);
      for (let i = 0; i < 2; i++) await cls[i]!.hello(gameId, ts[i]!);
      const started = cls.map((cl) => cl.wait((m) => m.t === 'state'));
      expect((await authApi(url, 'POST', `/api/games/${gameId}/start`, null, { token: ts[0] })).status).toBe(200);
      await Promise.all(started);
      return { gameId, clients: cls, tokens: ts };
    }

    async function playAndResign(url: string, gameId: string, ts: string[], who: number) {
      const cl = new Client(url);
      clients.push(cl);
      await cl.hello(gameId, ts[who]!);
      const started = cl.wait((m) => m.t === 'state');
      expect((await authApi(url, 'POST', `/api/games/${gameId}/start`, null, { token: ts[who] })).status).toBe(200);
      await started;
      await cl.waitSeq(0);
      await resign({ gameId, clients: [cl] }, cl.seat as number);
    }
  }, 60_000);
}
