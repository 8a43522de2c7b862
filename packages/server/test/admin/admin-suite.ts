// Moderation over real HTTP and WebSockets (docs/players.md "Running it in public"): who may use
// the admin routes, what a ban does to a player's tokens and seats, hidden chat, blocks, reports,
// the announcement and the audit log. One suite, run on a SQLite file and on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/app/server.js';
import { Client, EXPECT_MS, testServer, type LogSink } from '../helpers.js';
import { authApi, newPlayer, twoPlayerGame, type OpenStores } from '../players/http-players-suite.js';
import { AdminStore } from '../../src/admin/store.js';
import type { SqlPlayerStore } from '../../src/store/players/sql.js';

const OPERATOR = 'Boss';
const refusal = (m: { t: string }) => m.t === 'error';

export async function withHandle(base: string, name: string, handle: string, password?: string) {
  const p = await newPlayer(base, name);
  const h = await authApi(base, 'PUT', '/api/me/handle', p.token, { handle });
  expect(h.status, h.text).toBe(200);
  if (password) {
    const r = await authApi(base, 'POST', '/api/me/password', p.token, { password });
    expect(r.status, r.text).toBe(200);
  }
  return p;
}

export function adminSuite(name: string, open: () => Promise<OpenStores>): void {
  describe(`moderation (${name})`, () => {
    let server: RunningServer;
    let url: string;
    let boss: { id: string; token: string };
    let mod: { id: string; token: string };
    let plain: { id: string; token: string };

    let stores: OpenStores;
    const sink: LogSink = { lines: [] };

    beforeAll(async () => {
      const s = (stores = await open());
      server = await testServer(
        s.games,
        {
          players: s.players,
          adminHandles: ` ${OPERATOR.toLowerCase()}, not a handle!,`,
          limits: {
            reportsPerPlayer: { burst: 2, perMin: 1 },
            reportsPerIp: { burst: 5, perMin: 1 },
            newPlayersPerIp: { burst: 100, perMin: 100 },
          },
        },
        sink,
      );
      url = server.url;
      boss = await withHandle(url, 'The boss', OPERATOR);
      mod = await newPlayer(url, 'Helper');
      plain = await newPlayer(url, 'Plain');
      const g = await authApi(url, 'PUT', `/api/admin/players/${mod.id}/role`, boss.token, {
        moderator: true,
        reason: 'helps out',
      });
      expect(g.status, g.text).toBe(200);
    });
    afterAll(() => server?.close());

    const ROUTES: [string, string, unknown][] = [
      ['GET', '/api/admin/players?q=a', undefined],
      ['PUT', '/api/admin/players/p_AAAAAAAAAAAAAAAA/name', { name: 'x', reason: 'r' }],
      ['POST', '/api/admin/players/p_AAAAAAAAAAAAAAAA/ban', { reason: 'r' }],
      ['POST', '/api/admin/players/p_AAAAAAAAAAAAAAAA/unban', { reason: 'r' }],
      ['PUT', '/api/admin/players/p_AAAAAAAAAAAAAAAA/role', { moderator: true, reason: 'r' }],
      ['GET', '/api/admin/moderators', undefined],
      ['GET', '/api/admin/tables?status=lobby', undefined],
      ['POST', '/api/admin/tables/g1/end', { reason: 'r', notice: 'n' }],
      ['POST', '/api/admin/tables/g1/delete', { reason: 'r' }],
      ['POST', '/api/admin/chat/hide', { gameId: 'g1', n: 1, reason: 'r' }],
      ['GET', '/api/admin/reports', undefined],
      ['POST', '/api/admin/reports/1/close', { reason: 'r' }],
      ['POST', '/api/admin/announcement', { text: 't', until: 2 ** 50 }],
      ['DELETE', '/api/admin/announcement', undefined],
      ['GET', '/api/admin/audit', undefined],
    ];

    it('attack: a caller without a session, with a forged one, or a plain player reaches no admin route', async () => {
      for (const [m, path, b] of ROUTES) {
        const none = await authApi(url, m, path, null, b);
        expect([none.status, none.body?.error?.code], `${m} ${path}`).toEqual([401, 'no_session']);
        const forged = await authApi(url, m, path, 'A'.repeat(43), b);
        expect([forged.status, forged.body?.error?.code], `${m} ${path}`).toEqual([401, 'signed_out']);
        const p = await authApi(url, m, path, plain.token, b);
        expect([p.status, p.body?.error?.code], `${m} ${path}`).toEqual([403, 'not_admin']);
      }
      // Every admin request is logged, refused ones too: who, which route, the answer; never a body.
      const logged = sink.lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'admin request');
      expect(logged).toContainEqual(
        expect.objectContaining({
          method: 'POST',
          path: '/api/admin/players/p_AAAAAAAAAAAAAAAA/ban',
          status: 403,
          player: plain.id,
        }),
      );
      expect(logged).toContainEqual(expect.objectContaining({ path: '/api/admin/audit', status: 401, player: null }));
      const role = await authApi(url, 'GET', '/api/me/role', plain.token);
      expect(role.body).toEqual({ role: null });
      expect((await authApi(url, 'GET', '/api/me/role', boss.token)).body).toEqual({ role: 'operator' });
      expect((await authApi(url, 'GET', '/api/me/role', mod.token)).body).toEqual({ role: 'moderator' });
    });

    it('attack: malformed, oversized and extra fields to admin routes are refused and change nothing', async () => {
      const victim = await newPlayer(url, 'Victim');
      const bad: [string, string, unknown][] = [
        ['POST', `/api/admin/players/${victim.id}/ban`, {}],
        ['POST', `/api/admin/players/${victim.id}/ban`, { reason: 'x'.repeat(501) }],
        ['POST', `/api/admin/players/${victim.id}/ban`, { reason: 'ok', until: 'tomorrow' }],
        ['POST', `/api/admin/players/${victim.id}/ban`, { reason: 'ok', admin: true }],
        ['POST', `/api/admin/players/${victim.id}/ban`, { reason: 'bad\u0000text' }],
        ['POST', `/api/admin/players/${victim.id}/ban`, { reason: '   ' }],
        ['PUT', `/api/admin/players/${victim.id}/name`, { name: 'n'.repeat(41), reason: 'r' }],
        ['PUT', `/api/admin/players/${victim.id}/name`, { name: 'Former player', reason: 'r' }],
        ['POST', '/api/admin/chat/hide', { gameId: '../x', n: 1, reason: 'r' }],
        ['POST', '/api/admin/chat/hide', { gameId: 'g', n: -1, reason: 'r' }],
        ['POST', '/api/admin/announcement', { text: 'x'.repeat(301), until: 2 ** 50 }],
        ['POST', '/api/admin/announcement', { text: 'past', until: 1 }],
        ['GET', '/api/admin/tables?status=everything', undefined],
        ['GET', '/api/admin/players?q=' + 'x'.repeat(81), undefined],
        ['GET', '/api/admin/audit?format=xml', undefined],
      ];
      for (const [m, path, b] of bad) {
        const r = await authApi(url, m, path, mod.token, b);
        expect(r.status, `${m} ${path} ${r.text}`).toBe(400);
      }
      const big = await authApi(url, 'POST', `/api/admin/players/${victim.id}/ban`, mod.token, {
        reason: 'x'.repeat(200_000),
      });
      expect(big.status).toBe(413);
      expect((await authApi(url, 'GET', '/api/me', victim.token)).status).toBe(200);
      expect((await authApi(url, 'GET', '/api/announcement', null)).body).toEqual({ announcement: null });
    });

    it('attack: a moderator makes moderators, or bans, renames or demotes an operator or a moderator', async () => {
      const other = await newPlayer(url, 'Other');
      const grant = await authApi(url, 'PUT', `/api/admin/players/${other.id}/role`, mod.token, {
        moderator: true,
        reason: 'me too',
      });
      expect([grant.status, grant.body.error.code]).toEqual([403, 'not_admin']);
      for (const target of [boss.id, mod.id]) {
        const ban = await authApi(url, 'POST', `/api/admin/players/${target}/ban`, mod.token, { reason: 'coup' });
        expect([ban.status, ban.body.error.code]).toEqual([403, 'protected']);
        const ren = await authApi(url, 'PUT', `/api/admin/players/${target}/name`, mod.token, {
          name: 'Loser',
          reason: 'coup',
        });
        expect([ren.status, ren.body.error.code]).toEqual([403, 'protected']);
      }
      // An operator cannot be demoted or banned even by another operator's route.
      const demote = await authApi(url, 'PUT', `/api/admin/players/${boss.id}/role`, boss.token, {
        moderator: false,
        reason: 'x',
      });
      expect([demote.status, demote.body.error.code]).toEqual([403, 'protected']);
      expect((await authApi(url, 'GET', '/api/me/role', other.token)).body).toEqual({ role: null });
      // A role withdrawn stops at once (read on every request).
      const temp = await newPlayer(url, 'Temp');
      const grantTemp = { moderator: true, reason: 'for a day' };
      expect((await authApi(url, 'PUT', `/api/admin/players/${temp.id}/role`, boss.token, grantTemp)).status).toBe(200);
      expect((await authApi(url, 'GET', '/api/admin/moderators', temp.token)).status).toBe(200);
      const drop = { moderator: false, reason: 'day over' };
      expect((await authApi(url, 'PUT', `/api/admin/players/${temp.id}/role`, boss.token, drop)).body).toEqual({
        id: temp.id,
        role: null,
      });
      expect((await authApi(url, 'GET', '/api/admin/moderators', temp.token)).status).toBe(403);
      expect((await authApi(url, 'GET', '/api/me', boss.token)).body.player.name).toBe('The boss');
    });

    it('attack: a banned player keeps using their session, seat token and live seat, or signs in again', async () => {
      const ann = await newPlayer(url, 'Ann');
      const bob = await withHandle(url, 'Bob', 'bob-the-troll', 'correct horse battery');
      const g = await twoPlayerGame(url, ann.token, bob.token);
      const waiting = await authApi(url, 'POST', '/api/games', bob.token, {
        name: 'Bob',
        mode: 'training',
        players: 2,
      });
      expect(waiting.status, waiting.text).toBe(200);
      const bobSeat = g.clients[1]!;
      // Ann still plays: a stand-in takes Bob's seat (D13) and the game goes on.
      const standIn = g.clients[0]!.wait(
        (m) =>
          m.t === 'lobby' &&
          !!m.lobby.seats?.some((x: { seat: number; standIn?: unknown }) => x.seat === 1 && x.standIn),
        EXPECT_MS,
      );
      const r = await authApi(url, 'POST', `/api/admin/players/${bob.id}/ban`, mod.token, {
        reason: 'abuse in chat',
        until: Date.now() + 86_400_000,
      });
      expect(r.status, r.text).toBe(200);
      expect(r.body).toMatchObject({ sessions: 1, left: 1, standIns: 1, resigned: 0 });
      // The ban ends at its time (read at a given instant: no wall clock in the decision).
      const bans = new AdminStore((stores.players as SqlPlayerStore).db);
      expect(await bans.banOf(bob.id, r.body.until - 1)).toMatchObject({ reason: 'abuse in chat' });
      expect(await bans.banOf(bob.id, r.body.until)).toBeNull();
      // The running game: a stand-in plays Bob's seat, the game is not over, and the old seat token
      // opens nothing.
      await standIn;
      expect(g.clients[0]!.view.result).toBeNull();
      expect(bobSeat.seat).toBe('spectator');
      const again = new Client(url);
      expect(await again.hello(g.gameId, g.tokens[1]!)).toMatchObject({ t: 'error', code: 'bad_token' });
      // The waiting table: left (and closed, Bob was its only player).
      const lobby = await authApi(url, 'GET', `/api/games/${waiting.body.gameId}`, null);
      expect(lobby.body.status ?? lobby.body.lobby?.status).not.toBe('lobby');
      const old = await authApi(url, 'GET', '/api/me', bob.token);
      expect([old.status, old.body.error.code]).toEqual([401, 'signed_out']);
      const signIn = await authApi(url, 'POST', '/api/sessions', null, {
        handle: 'bob-the-troll',
        password: 'correct horse battery',
      });
      expect([signIn.status, signIn.body.error.code]).toEqual([403, 'banned']);
      expect(signIn.body.error.message).toContain('abuse in chat');
      const un = await authApi(url, 'POST', `/api/admin/players/${bob.id}/unban`, mod.token, { reason: 'appeal' });
      expect(un.body).toMatchObject({ lifted: true });
      const found = await authApi(url, 'GET', `/api/admin/players?q=${bob.id}`, mod.token);
      expect(found.body.players).toMatchObject([{ id: bob.id, ban: null }]);
      for (const c of [...g.clients, again]) c.close();
    }, 30_000);

    it('attack: a hidden message stays readable over the socket or in the history', async () => {
      const ann = await newPlayer(url, 'Ann');
      const bob = await newPlayer(url, 'Bob');
      const g = await twoPlayerGame(url, ann.token, bob.token);
      const said = await g.clients[1]!.request(
        { t: 'chat', gameId: g.gameId, text: 'something vile' },
        (m) => (m.t === 'chat' && m.text === 'something vile') || refusal(m),
      );
      expect(said).toMatchObject({ t: 'chat', n: 1, hidden: false, by: bob.id });
      const watcher = new Client(url);
      await watcher.hello(g.gameId, null);
      await watcher.wait((m) => m.t === 'chatLog', EXPECT_MS, true);
      const resent = [...g.clients, watcher].map((c) =>
        c.wait((m) => m.t === 'chatLog' && m.messages.some((x: { hidden: boolean }) => x.hidden), EXPECT_MS),
      );
      const rep = await authApi(url, 'POST', '/api/reports', ann.token, {
        kind: 'chat',
        gameId: g.gameId,
        n: 1,
        reason: 'insult',
      });
      expect(rep.status, rep.text).toBe(200);
      const h = await authApi(url, 'POST', '/api/admin/chat/hide', mod.token, {
        gameId: g.gameId,
        n: 1,
        reason: 'insult',
      });
      expect(h.status, h.text).toBe(200);
      for (const f of await Promise.all(resent)) expect(f.messages[0]).toMatchObject({ n: 1, hidden: true, text: '' });
      const hist = await authApi(url, 'GET', `/api/games/${g.gameId}/chat`, null);
      expect(hist.body.messages[0]).toMatchObject({ hidden: true, text: '' });
      expect(hist.text).not.toContain('vile');
      // The report keeps the text as it was, for the record.
      const q = await authApi(url, 'GET', '/api/admin/reports', mod.token);
      const mine = q.body.reports.find((x: { id: number }) => x.id === rep.body.id);
      expect(mine).toMatchObject({ kind: 'chat', text: 'something vile', target: bob.id, reason: 'insult' });
      expect(mine.context.around[0]).toMatchObject({ n: 1, text: 'something vile' });
      const closed = await authApi(url, 'POST', `/api/admin/reports/${rep.body.id}/close`, mod.token, {
        reason: 'done',
      });
      expect(closed.status).toBe(200);
      for (const c of [...g.clients, watcher]) c.close();
    });

    it('attack: reports flood from one profile, and a blocked player joins my table', async () => {
      const ann = await newPlayer(url, 'Ann');
      const troll = await newPlayer(url, 'Troll');
      // A report of a message that does not exist, and an oversized reason, change nothing.
      expect(
        (await authApi(url, 'POST', '/api/reports', troll.token, { kind: 'chat', gameId: 'nope', n: 1, reason: 'r' }))
          .status,
      ).toBe(404);
      expect(
        (
          await authApi(url, 'POST', '/api/reports', troll.token, {
            kind: 'name',
            playerId: ann.id,
            reason: 'r'.repeat(501),
          })
        ).status,
      ).toBe(400);
      const codes: unknown[] = [];
      for (let i = 0; i < 3; i++) {
        const r = await authApi(url, 'POST', '/api/reports', ann.token, {
          kind: 'name',
          playerId: troll.id,
          reason: 'rude',
        });
        codes.push(r.status === 429 ? r.body.error.message : r.status);
      }
      // The profile's budget (2) is spent, then the address's (5: one report in an earlier test, one
      // for the missing message above, three here): another profile from the same address is refused.
      expect(codes).toEqual([200, 200, expect.stringContaining('from this profile')]);
      const other = await authApi(url, 'POST', '/api/reports', troll.token, {
        kind: 'name',
        playerId: ann.id,
        reason: 'rude',
      });
      expect([other.status, other.body.error.message]).toEqual([429, expect.stringContaining('your address')]);
      const badReport = await authApi(url, 'POST', '/api/reports', ann.token, { kind: 'name', playerId: troll.id });
      expect(badReport.status).toBe(400);
      const anonymous: [string, string, unknown][] = [
        ['POST', '/api/reports', { kind: 'name', playerId: troll.id, reason: 'r' }],
        ['GET', '/api/me/blocks', undefined],
        ['POST', '/api/me/blocks', { playerId: troll.id }],
        ['DELETE', `/api/me/blocks/${troll.id}`, undefined],
        ['GET', '/api/me/role', undefined],
      ];
      for (const [m, path, b] of anonymous)
        expect((await authApi(url, m, path, null, b)).status, `${m} ${path}`).toBe(401);
      const b = await authApi(url, 'POST', '/api/me/blocks', ann.token, { playerId: troll.id });
      expect(b.body.blocks).toMatchObject([{ playerId: troll.id, name: 'Troll' }]);
      expect((await authApi(url, 'POST', '/api/me/blocks', ann.token, { playerId: ann.id })).status).toBe(400);
      expect((await authApi(url, 'POST', '/api/me/blocks', ann.token, { playerId: 'x', more: 1 })).status).toBe(400);
      // On every device of the profile: a second session reads the same list.
      const t = await authApi(url, 'POST', '/api/games', ann.token, { name: 'Ann', mode: 'training', players: 2 });
      const j = await authApi(url, 'POST', `/api/games/${t.body.gameId}/join`, troll.token, { name: 'T' });
      expect([j.status, j.body.error.code]).toEqual([403, 'blocked']);
      const un = await authApi(url, 'DELETE', `/api/me/blocks/${troll.id}`, ann.token);
      expect(un.body.blocks).toEqual([]);
      const j2 = await authApi(url, 'POST', `/api/games/${t.body.gameId}/join`, troll.token, { name: 'T' });
      expect(j2.status, j2.text).toBe(200);
    });

    it('a moderator ends a running table: its players get the notice and the game ends', async () => {
      const ann = await newPlayer(url, 'Ann');
      const bob = await newPlayer(url, 'Bob');
      const g = await twoPlayerGame(url, ann.token, bob.token);
      const told = g.clients.map((c) => c.wait((m) => m.t === 'notice', EXPECT_MS));
      const over = g.clients.map((c) => c.wait((m) => (m.t === 'events' || m.t === 'state') && !!m.view.result));
      const bad = await authApi(url, 'POST', `/api/admin/tables/${g.gameId}/end`, mod.token, { reason: 'spam' });
      expect(bad.status).toBe(400);
      const r = await authApi(url, 'POST', `/api/admin/tables/${g.gameId}/end`, mod.token, {
        reason: 'spam table',
        notice: 'This table is closed by a moderator.',
      });
      expect(r.status, r.text).toBe(200);
      for (const f of await Promise.all(told))
        expect(f).toEqual({ t: 'notice', gameId: g.gameId, text: 'This table is closed by a moderator.' });
      await Promise.all(over);
      const again = await authApi(url, 'POST', `/api/admin/tables/${g.gameId}/end`, mod.token, {
        reason: 'again',
        notice: 'x',
      });
      expect([again.status, again.body.error.code]).toEqual([409, 'not_running']);
      const del = await authApi(url, 'POST', `/api/admin/tables/${g.gameId}/delete`, mod.token, { reason: 'x' });
      expect([del.status, del.body.error.code]).toEqual([409, 'not_waiting']);
      for (const c of g.clients) c.close();
    });

    it('an announcement reaches the lobby; renames, tables and the audit log (JSON and CSV)', async () => {
      const until = Date.now() + 3_600_000;
      const a = await authApi(url, 'POST', '/api/admin/announcement', boss.token, { text: 'Restart at 18:00', until });
      expect(a.status, a.text).toBe(200);
      expect((await authApi(url, 'GET', '/api/announcement', null)).body).toEqual({
        announcement: { text: 'Restart at 18:00', until },
      });
      const rude = await newPlayer(url, 'Rude name');
      const found = await authApi(url, 'GET', '/api/admin/players?q=rude', mod.token);
      expect(found.body.players).toMatchObject([{ id: rude.id, name: 'Rude name', role: null, ban: null }]);
      const ren = await authApi(url, 'PUT', `/api/admin/players/${rude.id}/name`, mod.token, {
        name: 'Renamed',
        reason: '=cmd|calc',
      });
      expect(ren.body).toEqual({ id: rude.id, name: 'Renamed' });
      const t = await authApi(url, 'POST', '/api/games', rude.token, { name: 'Spam', mode: 'training', players: 2 });
      const listed = await authApi(url, 'GET', '/api/admin/tables?status=lobby', mod.token);
      expect(listed.body.tables.some((x: { id: string }) => x.id === t.body.gameId)).toBe(true);
      const del = await authApi(url, 'POST', `/api/admin/tables/${t.body.gameId}/delete`, mod.token, {
        reason: 'spam',
      });
      expect(del.body).toMatchObject({ closed: true });
      const log = await authApi(url, 'GET', '/api/admin/audit', mod.token);
      const actions = log.body.entries.map((e: { action: string }) => e.action);
      expect(actions).toEqual(
        expect.arrayContaining([
          'grant-moderator',
          'ban',
          'unban',
          'hide-chat',
          'rename',
          'announce',
          'delete-table',
          'close-report',
        ]),
      );
      expect(log.body.entries.find((e: { action: string }) => e.action === 'rename')).toMatchObject({
        actor: mod.id,
        target: rude.id,
        reason: '=cmd|calc',
      });
      const csv = await fetch(`${url}/api/admin/audit?format=csv`, {
        headers: { authorization: `Bearer ${mod.token}` },
      });
      expect(csv.headers.get('content-type')).toContain('text/csv');
      const text = await csv.text();
      expect(text).toContain(`"'=cmd|calc"`);
      expect(text.split('\r\n')[0]).toBe('id,at,actor,action,target,reason,detail');
    });
  });
}
