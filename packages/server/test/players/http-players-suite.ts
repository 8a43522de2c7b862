// The player routes over real HTTP and WebSockets: identity, sign-in from a second
// client, sign-out everywhere, deletion, history and ratings after real games played through the
// server, the password caps. One suite, run on the memory twin, a SQLite file and PostgreSQL.
import { describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/app/server.js';
import type { PlayerStore } from '../../src/store/players/types.js';
import type { GameStore } from '../../src/store/types.js';
import { Client, EXPECT_MS, mulberry, playOut, testServer, type HttpResult, type LogSink } from '../helpers.js';
import type { LimitsConfig } from '../../src/limits/config.js';

export interface OpenStores {
  games: GameStore;
  players: PlayerStore;
}

export async function authApi<T = any>(
  base: string,
  method: string,
  path: string,
  token: string | null,
  body?: unknown,
): Promise<HttpResult<T>> {
  const headers: Record<string, string> = {};
  if (token !== null) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(base + path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: any = null;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = null;
  }
  return { status: res.status, body: parsed as T, text };
}

export async function newPlayer(base: string, name: string): Promise<{ id: string; token: string }> {
  const r = await authApi(base, 'POST', '/api/players', null, { name });
  expect(r.status, r.text).toBe(200);
  return { id: r.body.player.id, token: r.body.token };
}

/** A 2-place table of two players (tokens), started; answers the game id and each place's seat
 * client. Recruiter chosen by the host (place 1 recruits). */
export async function twoPlayerGame(
  base: string,
  host: string,
  guest: string | null,
  extra: Record<string, unknown> = {},
): Promise<{ gameId: string; clients: Client[]; tokens: string[] }> {
  const c = await authApi(base, 'POST', '/api/games', host, {
    name: 'Host',
    mode: 'training',
    players: 2,
    recruiterChoice: 'host',
    ...extra,
  });
  expect(c.status, c.text).toBe(200);
  const gameId: string = c.body.gameId;
  const j = await authApi(base, 'POST', `/api/games/${gameId}/join`, guest, { name: 'Guest' });
  expect(j.status, j.text).toBe(200);
  const tokens = [c.body.token as string, j.body.token as string];
  const clients = tokens.map(() => new Client(base));
  for (let i = 0; i < 2; i++) await clients[i]!.hello(gameId, tokens[i]!);
  const started = clients.map((cl) => cl.wait((m) => m.t === 'state'));
  const s = await authApi(base, 'POST', `/api/games/${gameId}/start`, null, { token: tokens[0] });
  expect(s.status, s.text).toBe(200);
  await Promise.all(started);
  return { gameId, clients, tokens };
}

/** The client of `seat` resigns; resolves once every client saw the result. */
export async function resign(g: { gameId: string; clients: Client[] }, seat: number): Promise<void> {
  const cl = g.clients.find((c) => c.seat === seat)!;
  const over = g.clients.map((c) => c.wait((m) => (m.t === 'events' || m.t === 'state') && !!m.view.result));
  // Bots may move between reading the seq and the server receiving the resign: a `stale` refusal
  // comes with the fresh state, and the resign is sent again at its seq.
  let r: { t: string; code?: string } = { t: 'error', code: 'stale' };
  for (let i = 0; i < 20 && r.t === 'error' && r.code === 'stale'; i++) {
    if (i) await new Promise((ok) => setTimeout(ok, 50));
    r = await cl.request(
      { t: 'act', gameId: g.gameId, seq: cl.view.seq, action: { type: 'resign' }, id: `resign-${i}` },
      (m) => m.id === `resign-${i}`,
    );
  }
  expect(r.t, JSON.stringify(r)).not.toBe('error');
  await Promise.all(over);
}

/** Plays random legal moves until the agents' first turn has begun (the time track at 1): from
 * there a finished game counts for ratings. */
export async function reachAgentsTurn(base: string, g: { gameId: string; clients: Client[] }): Promise<void> {
  const spectator = new Client(base);
  await spectator.hello(g.gameId, null);
  await spectator.wait((m) => m.t === 'state', EXPECT_MS, true);
  const bySeat = new Map(g.clients.map((c) => [c.seat as number, c]));
  try {
    await playOut({ gameId: g.gameId, tokens: [], clients: g.clients, bySeat, spectator }, mulberry(27), {
      stop: () => spectator.view.time >= 1,
    });
    const seq = spectator.view.seq;
    await Promise.all(g.clients.map((c) => c.waitSeq(seq)));
  } finally {
    spectator.close();
  }
  expect(spectator.view.result).toBeFalsy();
}

/** Polls until `f` holds (game over is recorded just after the last frame goes out). */
export async function eventually<T>(f: () => Promise<T>, ok: (t: T) => boolean, ms = EXPECT_MS): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await f();
    if (ok(v)) return v;
    if (Date.now() > until) throw new Error(`not so after ${ms} ms: ${JSON.stringify(v).slice(0, 2000)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export function httpPlayersSuite(name: string, open: () => Promise<OpenStores>): void {
  async function withServer(f: (s: RunningServer) => Promise<void>, limits: Partial<LimitsConfig> = {}) {
    const st = await open();
    // the server's warnings and errors go with a failure (a loaded CI run failed here once)
    const sink: LogSink = { lines: [] };
    const s = await testServer(st.games, { players: st.players, limits }, sink);
    try {
      await f(s);
    } catch (e) {
      const worse = sink.lines.filter((l) => /"level":(4|5|6)0/.test(l)).slice(-20);
      if (e instanceof Error && worse.length) e.message += `\nserver log:\n${worse.join('\n')}`;
      throw e;
    } finally {
      await s.close();
    }
  }

  /** A table of `people` (tokens; null = no player) plus `bots` at the last places, started with
   * "random, excluding beginners"; answers the lobby after start. */
  async function startExcludingBeginners(url: string, people: (string | null)[], bots: string[] = []) {
    const n = people.length + bots.length;
    const botPlaces = Object.fromEntries(bots.map((b, i) => [String(people.length + 1 + i), b]));
    const c = await authApi(url, 'POST', '/api/games', people[0]!, {
      name: 'P1',
      mode: 'training',
      players: n,
      bots: botPlaces,
      recruiterChoice: 'random-experienced',
    });
    expect(c.status, c.text).toBe(200);
    for (let i = 1; i < people.length; i++)
      expect(
        (await authApi(url, 'POST', `/api/games/${c.body.gameId}/join`, people[i]!, { name: `P${i + 1}` })).status,
      ).toBe(200);
    const s = await authApi(url, 'POST', `/api/games/${c.body.gameId}/start`, null, { token: c.body.token });
    expect(s.status, s.text).toBe(200);
    return (await authApi(url, 'GET', `/api/games/${c.body.gameId}`, null)).body;
  }

  /** Joins `gameId` as the guest player, starts it with the host's token, connects both. */
  async function joinAndStart(url: string, gameId: string, hostToken: string, guest: string) {
    const j = await authApi(url, 'POST', `/api/games/${gameId}/join`, guest, { name: 'Guest' });
    expect(j.status, j.text).toBe(200);
    const tokens = [hostToken, j.body.token as string];
    const clients = tokens.map(() => new Client(url));
    for (let i = 0; i < 2; i++) await clients[i]!.hello(gameId, tokens[i]!);
    const started = clients.map((cl) => cl.wait((m) => m.t === 'state'));
    expect((await authApi(url, 'POST', `/api/games/${gameId}/start`, null, { token: hostToken })).status).toBe(200);
    await Promise.all(started);
    return { gameId, clients, tokens };
  }

  describe(`player routes over HTTP: ${name}`, () => {
    it('campaign (seed 001) over a scripted series: rematch swaps sides, packages opened, module counts by the streak, only the group joins', () =>
      withServer(async ({ url }) => {
        const ann = await newPlayer(url, 'Ann');
        const bob = await newPlayer(url, 'Bob');
        const cid = await newPlayer(url, 'Cid');
        const g1 = await twoPlayerGame(url, ann.token, bob.token); // Ann recruits
        expect(
          (
            await authApi(url, 'POST', `/api/games/${g1.gameId}/rematch`, null, {
              token: g1.tokens[0],
              swapSides: true,
            })
          ).status,
        ).toBe(409);
        await resign(g1, 1); // agents (Bob) lose
        for (const c of g1.clients) c.close();

        const r1 = await authApi(url, 'POST', `/api/games/${g1.gameId}/rematch`, null, {
          token: g1.tokens[0],
          swapSides: true,
        });
        expect(r1.status, r1.text).toBe(200);
        const g2id: string = r1.body.gameId;
        // Bob asks too: the same table, no second one.
        const again = await authApi(url, 'POST', `/api/games/${g1.gameId}/rematch`, null, {
          token: g1.tokens[1],
          swapSides: false,
        });
        expect(again.body).toMatchObject({ gameId: g2id, token: null });
        const c1 = (await authApi(url, 'GET', `/api/games/${g1.gameId}/campaign`, null)).body;
        expect(c1.next).toBe(g2id);
        const campaignId: string = c1.campaign.id;
        expect(c1.campaign.ledger).toMatchObject({
          sides: {
            recruiter: { wins: 1, losses: 0, streak: 1, opened: 0 },
            agents: { wins: 0, losses: 1, streak: 0, opened: 1 },
          },
          lastLoser: 'agents',
          seating: { recruiter: [bob.id], agents: [ann.id] },
        });
        expect(c1.campaign.allowance).toEqual({ recruiter: { min: 0, max: 0 }, agents: { min: 0, max: 40 } });

        // Modules: Ann now plays the agents (the side that lost) and chooses first.
        const notMine = await authApi(url, 'POST', `/api/campaigns/${campaignId}/modules`, bob.token, {
          side: 'agents',
          count: 1,
          text: 'x',
        });
        expect(notMine.status).toBe(403);
        const chose = await authApi(url, 'POST', `/api/campaigns/${campaignId}/modules`, ann.token, {
          side: 'agents',
          count: 1,
          text: 'SHIFT 1: the first module',
        });
        expect(chose.status, chose.text).toBe(200);

        // Only the group joins; Bob recruits at the rematch table whatever his place.
        expect((await authApi(url, 'POST', `/api/games/${g2id}/join`, cid.token, { name: 'Cid' })).status).toBe(403);
        expect((await authApi(url, 'POST', `/api/games/${g2id}/join`, null, { name: 'Nobody' })).status).toBe(403);
        const g2 = await joinAndStart(url, g2id, r1.body.token, bob.token);
        const l2 = (await authApi(url, 'GET', `/api/games/${g2id}`, null)).body;
        expect(l2.title).toBe('Campaign game 2');
        expect(l2.seats.find((x: any) => x.seat === 0).place).toBe(2); // Bob joined at place 2
        await resign(g2, 0); // the recruiter (Bob) loses
        for (const c of g2.clients) c.close();
        const c2 = await eventually(
          () => authApi(url, 'GET', `/api/campaigns/${campaignId}`, null),
          (r) => r.body.ledger.games.length === 2,
        );
        expect(c2.body.ledger.sides).toEqual({
          recruiter: { wins: 1, losses: 1, streak: 0, opened: 1 },
          agents: { wins: 1, losses: 1, streak: 1, opened: 1 },
        });
        expect(c2.body.ledger.games[1]).toMatchObject({
          gameId: g2id,
          winner: 'agents',
          modules: { agents: { count: 1 } },
        });

        // Sides kept. Bob's recruiter side lost: it chooses any number; Ann's agents, on a
        // 1-win streak, may choose one fewer than Bob did.
        const r2 = await authApi(url, 'POST', `/api/games/${g2id}/rematch`, null, {
          token: g2.tokens[1],
          swapSides: false,
        });
        expect(r2.status, r2.text).toBe(200);
        const c3 = (await authApi(url, 'GET', `/api/campaigns/${campaignId}`, null)).body;
        expect(c3.ledger.seating).toEqual({ recruiter: [bob.id], agents: [ann.id] });
        expect(c3.allowance).toEqual({ recruiter: { min: 0, max: 40 }, agents: { min: 0, max: null } });
        expect(
          (
            await authApi(url, 'POST', `/api/campaigns/${campaignId}/modules`, ann.token, {
              side: 'agents',
              count: 0,
              text: '',
            })
          ).status,
        ).toBe(409);
        expect(
          (
            await authApi(url, 'POST', `/api/campaigns/${campaignId}/modules`, bob.token, {
              side: 'recruiter',
              count: 3,
              text: 'three',
            })
          ).status,
        ).toBe(200);
        expect(
          (
            await authApi(url, 'POST', `/api/campaigns/${campaignId}/modules`, ann.token, {
              side: 'agents',
              count: 3,
              text: 'too many',
            })
          ).status,
        ).toBe(409);
        const ok = await authApi(url, 'POST', `/api/campaigns/${campaignId}/modules`, ann.token, {
          side: 'agents',
          count: 2,
          text: 'two',
        });
        expect(ok.status, ok.text).toBe(200);
        expect(ok.body.ledger.next).toEqual({
          recruiter: { count: 3, text: 'three' },
          agents: { count: 2, text: 'two' },
        });

        // Exportable, and both players' histories name the campaign.
        const ex = await fetch(`${url}/api/campaigns/${campaignId}?download=1`);
        expect(ex.headers.get('content-disposition')).toContain('attachment');
        expect((await ex.json()).ledger.games).toHaveLength(2);
        const h = (await authApi(url, 'GET', `/api/players/${ann.id}/games`, null)).body.games;
        expect(h.map((x: any) => x.campaignId)).toEqual([campaignId, null]);
      }));

    it('"random, excluding beginners" (seed 003): only the experienced player recruits; all beginners fall back with a note; a bot is never a beginner', () =>
      withServer(async ({ url }) => {
        const ann = await newPlayer(url, 'Ann');
        const bob = await newPlayer(url, 'Bob');
        const cid = await newPlayer(url, 'Cid');
        // All beginners: plain random, and the table says so.
        const first = await startExcludingBeginners(url, [ann.token, bob.token, cid.token]);
        expect(first.recruiterNote).toMatch(/new here/);
        // Ann finishes a game (Bob and Cid do not: the table above is still running).
        const dan = await newPlayer(url, 'Dan');
        const g = await twoPlayerGame(url, ann.token, dan.token);
        await resign(g, 1);
        await eventually(
          () => authApi(url, 'GET', `/api/players/${ann.id}`, null),
          (r) => r.body.recent.length === 1,
        );
        for (const c of g.clients) c.close();
        // Ann now recruits, whichever place she sits at and however often we draw.
        for (let i = 0; i < 4; i++) {
          const order = i % 2 ? [bob.token, ann.token, cid.token] : [cid.token, bob.token, ann.token];
          const l = await startExcludingBeginners(url, order);
          const annPlace = order.indexOf(ann.token) + 1;
          expect(l.seats.find((x: any) => x.seat === 0).place).toBe(annPlace);
          expect(l.recruiterNote).toBeNull();
        }
        // A person without a player is a beginner; with a bot at the table, the bot recruits.
        const withBot = await startExcludingBeginners(url, [bob.token, null], ['easy']);
        expect(withBot.seats.find((x: any) => x.seat === 0).bot).toBe('easy');
        expect(withBot.recruiterNote).toBeNull();
      }));

    it('first visit creates a player; the token finds it; rename; strict bodies change nothing', () =>
      withServer(async ({ url }) => {
        const ann = await newPlayer(url, '  Ann  ');
        expect(ann.id).toMatch(/^p_[A-Za-z0-9_-]{16}$/);
        const me = await authApi(url, 'GET', '/api/me', ann.token);
        expect(me.status).toBe(200);
        expect(me.body).toMatchObject({ player: { id: ann.id, name: 'Ann', bot: null }, hasPassword: false });
        expect(me.text).not.toContain(ann.token);

        const extra = await authApi(url, 'PATCH', '/api/me', ann.token, { name: 'Eve', admin: true });
        expect(extra.status).toBe(400);
        const ctrl = await authApi(url, 'PATCH', '/api/me', ann.token, { name: 'Ev\u0007e' });
        expect(ctrl.status).toBe(400);
        for (const fake of ['Bot (hard)', 'B0t (easy)', 'Server'])
          expect((await authApi(url, 'PATCH', '/api/me', ann.token, { name: fake })).status).toBe(400);
        expect((await authApi(url, 'POST', '/api/players', null, { name: 'Bot (expert)' })).status).toBe(400);
        expect((await authApi(url, 'GET', `/api/players/${ann.id}`, null)).body.player.name).toBe('Ann');

        const ren = await authApi(url, 'PATCH', '/api/me', ann.token, { name: 'Annie' });
        expect(ren.status, ren.text).toBe(200);
        expect((await authApi(url, 'GET', `/api/players/${ann.id}`, null)).body.player.name).toBe('Annie');

        expect((await authApi(url, 'GET', '/api/me', null)).status).toBe(401);
        const forged = await authApi(url, 'GET', '/api/me', 'A'.repeat(43));
        expect(forged.status).toBe(401);
        expect(forged.body.error.code).toBe('signed_out');
        expect((await authApi(url, 'GET', '/api/players/p_nope', null)).status).toBe(404);
      }));

    it('password, sign-in from a second client, sign-out everywhere keeps only the asking device', () =>
      withServer(async ({ url }) => {
        const ann = await newPlayer(url, 'Ann');
        const bob = await newPlayer(url, 'Bob');
        const pw = 'correct horse battery';
        // A sentence, not "password: The password has at least 10 characters."
        const short = await authApi(url, 'POST', '/api/me/password', ann.token, { password: 'short' });
        expect(short.status).toBe(400);
        expect(short.body.error).toEqual({
          code: 'bad_password',
          message: 'That password is too short: choose one of at least 10 characters.',
        });
        const set = await authApi(url, 'POST', '/api/me/password', ann.token, { password: pw });
        expect(set.status, set.text).toBe(200);
        // Changing it needs the current one.
        const change = await authApi(url, 'POST', '/api/me/password', ann.token, { password: 'another long one' });
        expect(change.status).toBe(403);

        const wrong = await authApi(url, 'POST', '/api/sessions', null, {
          playerId: ann.id,
          password: 'wrong password!',
        });
        const noPw = await authApi(url, 'POST', '/api/sessions', null, { playerId: bob.id, password: pw });
        expect(wrong.status).toBe(401);
        expect(noPw.status).toBe(401);
        // Same answer whatever was wrong: no telling which players have passwords.
        expect(noPw.body).toEqual(wrong.body);

        const second = await authApi(url, 'POST', '/api/sessions', null, { playerId: ann.id, password: pw });
        expect(second.status, second.text).toBe(200);
        const token2: string = second.body.token;
        expect(token2).not.toBe(ann.token);
        expect((await authApi(url, 'GET', '/api/me', token2)).body.player.id).toBe(ann.id);

        const out = await authApi(url, 'DELETE', '/api/sessions', ann.token, { keepThisDevice: true });
        expect(out.body).toEqual({ ended: 1, seats: [] });
        expect((await authApi(url, 'GET', '/api/me', token2)).status).toBe(401);
        expect((await authApi(url, 'GET', '/api/me', ann.token)).status).toBe(200);

        expect((await authApi(url, 'DELETE', '/api/sessions/current', ann.token)).status).toBe(200);
        expect((await authApi(url, 'GET', '/api/me', ann.token)).status).toBe(401);
      }));

    it('attack: a device signed out everywhere can no longer join its seat; the asking device gets new tokens', () =>
      withServer(async ({ url }) => {
        const ann = await newPlayer(url, 'Ann');
        const bob = await newPlayer(url, 'Bob');
        // Ann's other device holds her seat token (place 1) and is subscribed with it.
        const g = await twoPlayerGame(url, ann.token, bob.token);
        const lost = g.tokens[0]!;
        const annSeat = g.clients[0]!.seat;
        expect(annSeat).not.toBe('spectator');
        const demoted = g.clients[0]!.wait((m) => m.t === 'state' && m.seat === 'spectator');
        const out = await authApi(url, 'DELETE', '/api/sessions', ann.token, { keepThisDevice: true });
        expect(out.status, out.text).toBe(200);
        expect(out.body.seats).toHaveLength(1);
        expect(out.body.seats[0]).toMatchObject({ gameId: g.gameId, place: 1 });
        const fresh: string = out.body.seats[0].token;
        expect(fresh).not.toBe(lost);
        // The subscribed connection now sees what a spectator sees (no secret view)...
        await demoted;
        // ...and the old token opens nothing: hello, moves and leaving are refused.
        const again = new Client(url);
        expect(await again.hello(g.gameId, lost)).toMatchObject({ t: 'error', code: 'bad_token' });
        const act = await g.clients[0]!.request(
          { t: 'act', gameId: g.gameId, seq: g.clients[0]!.view.seq, action: { type: 'resign' }, id: 'x' },
          (m) => m.id === 'x',
        );
        expect(act.t).toBe('error');
        // The asking device's new token holds the seat. Bob's token is untouched.
        const mine = new Client(url);
        await mine.hello(g.gameId, fresh);
        await mine.wait((m) => m.t === 'state', EXPECT_MS, true);
        expect(mine.seat).toBe(annSeat);
        const bobs = new Client(url);
        await bobs.hello(g.gameId, g.tokens[1]!);
        await bobs.wait((m) => m.t === 'state', EXPECT_MS, true);
        expect(bobs.seat).toBe(g.clients[1]!.seat);
        // Signing out everywhere without keeping this device answers no tokens.
        const all = await authApi(url, 'DELETE', '/api/sessions', ann.token, { keepThisDevice: false });
        expect(all.body).toEqual({ ended: 1 });
        const gone = new Client(url);
        expect(await gone.hello(g.gameId, fresh)).toMatchObject({ t: 'error', code: 'bad_token' });
        for (const c of [...g.clients, again, mine, bobs, gone]) c.close();
      }));

    it('bug: signing in needed the random p_ id: a handle, unique over case and look-alikes, that a rename cannot take and a deletion frees', () =>
      withServer(
        async ({ url }) => {
          const ann = await newPlayer(url, 'Ann');
          const bob = await newPlayer(url, 'Bob');
          const pw = 'correct horse battery';
          expect((await authApi(url, 'POST', '/api/me/password', ann.token, { password: pw })).status).toBe(200);
          const set = await authApi(url, 'PUT', '/api/me/handle', ann.token, { handle: ' Bea.Quill ' });
          expect(set.status, set.text).toBe(200);
          expect(set.body).toEqual({ handle: 'Bea.Quill' });
          expect((await authApi(url, 'GET', '/api/me', ann.token)).body.handle).toBe('Bea.Quill');
          // Case, a Cyrillic "Е" and "11" for "ll" fold to Ann's handle: Bob cannot claim any of them.
          for (const h of ['bea.quill', 'B\u0415A_QUILL', 'bea-qui11']) {
            const taken = await authApi(url, 'PUT', '/api/me/handle', bob.token, { handle: h });
            expect(taken.status, h).toBe(409);
            expect(taken.body.error.code).toBe('handle_taken');
          }
          for (const h of ['ab', 'has space', 'Bot_hard', 'x'.repeat(33), 'Former.Player'])
            expect((await authApi(url, 'PUT', '/api/me/handle', bob.token, { handle: h })).body.error.code, h).toBe(
              'bad_handle',
            );
          // A display name is not a handle: Bob may call himself "Bea.Quill", and signs in as nobody else.
          expect((await authApi(url, 'PATCH', '/api/me', bob.token, { name: 'Bea.Quill' })).status).toBe(200);
          const signIn = await authApi(url, 'POST', '/api/sessions', null, { handle: 'BEA.quill', password: pw });
          expect(signIn.status, signIn.text).toBe(200);
          expect(signIn.body.player.id).toBe(ann.id);
          expect((await authApi(url, 'GET', '/api/me', signIn.body.token)).body.player.name).toBe('Ann');
          // The handle is private: no public route shows it.
          expect((await authApi(url, 'GET', `/api/players/${ann.id}`, null)).text).not.toContain('Quill');
          // An unknown handle and a wrong password read the same.
          const wrong = await authApi(url, 'POST', '/api/sessions', null, {
            handle: 'Bea.Quill',
            password: 'not the one!',
          });
          const unknown = await authApi(url, 'POST', '/api/sessions', null, { handle: 'nobody.here', password: pw });
          const malformed = await authApi(url, 'POST', '/api/sessions', null, { handle: 'a b', password: pw });
          expect(wrong.status).toBe(401);
          expect(unknown.body).toEqual(wrong.body);
          expect(malformed.body).toEqual(wrong.body);
          expect(wrong.body.error.message).not.toContain('player id');
          const both = await authApi(url, 'POST', '/api/sessions', null, {
            handle: 'Bea.Quill',
            playerId: ann.id,
            password: pw,
          });
          expect(both.status).toBe(400);
          // Deleting Ann frees the handle.
          expect((await authApi(url, 'DELETE', '/api/me', ann.token, { confirm: 'Ann' })).status).toBe(200);
          expect(
            (await authApi(url, 'POST', '/api/sessions', null, { handle: 'Bea.Quill', password: pw })).status,
          ).toBe(401);
          expect((await authApi(url, 'PUT', '/api/me/handle', bob.token, { handle: 'bea.quill' })).status).toBe(200);
          // (One address makes every attempt here: its budget is not what this test is about.)
        },
        { passwordPerIp: { burst: 20, perMin: 5 }, passwordPerPlayer: { burst: 20, perMin: 5 } },
      ));

    it('bug: "My games" was empty on a second device: signed in by handle it lists and resumes the tables in progress and finished; sign-out everywhere revokes what it was handed', () =>
      withServer(async ({ url }) => {
        const ann = await newPlayer(url, 'Ann');
        const bob = await newPlayer(url, 'Bob');
        const pw = 'correct horse battery';
        expect((await authApi(url, 'POST', '/api/me/password', ann.token, { password: pw })).status).toBe(200);
        expect((await authApi(url, 'PUT', '/api/me/handle', ann.token, { handle: 'ann' })).status).toBe(200);
        const done = await twoPlayerGame(url, ann.token, bob.token);
        await resign(done, 1);
        const running = await twoPlayerGame(url, ann.token, bob.token);
        const annSeat = running.clients[0]!.seat;
        // A table taken without a profile: its link token is all there is, and it keeps working.
        const linkOnly = await twoPlayerGame(url, bob.token, null);

        const second = await authApi(url, 'POST', '/api/sessions', null, { handle: 'ANN', password: pw });
        expect(second.status, second.text).toBe(200);
        const device2: string = second.body.token;
        const seats = await authApi(url, 'GET', '/api/me/seats', device2);
        expect(seats.status, seats.text).toBe(200);
        const byGame = new Map<string, { place: number; token: string }>(
          seats.body.seats.map((s: any) => [s.gameId, s]),
        );
        expect(byGame.get(done.gameId)).toEqual({ gameId: done.gameId, place: 1, token: done.tokens[0] });
        expect(byGame.get(running.gameId)).toEqual({ gameId: running.gameId, place: 1, token: running.tokens[0] });
        expect(byGame.has(linkOnly.gameId)).toBe(false);
        // Attack: another profile, or no session, gets none of Ann's seat tokens.
        expect((await authApi(url, 'GET', '/api/me/seats', null)).status).toBe(401);
        const bobs = await authApi(url, 'GET', '/api/me/seats', bob.token);
        expect(bobs.body.seats.map((x: any) => x.token).sort()).toEqual(
          [done.tokens[1], running.tokens[1], linkOnly.tokens[0]].sort(),
        );
        const listed = await authApi(url, 'POST', '/api/my-games', null, {
          tokens: seats.body.seats.map((s: any) => s.token),
        });
        const mine = new Map<string, any>(listed.body.games.map((g: any) => [g.gameId ?? g.id, g]));
        expect(mine.get(done.gameId)?.result).toBeTruthy();
        expect(mine.get(running.gameId)?.mySeat).toBe(annSeat);
        // Resumed on the second device, in its seat.
        const resumed = new Client(url);
        await resumed.hello(running.gameId, byGame.get(running.gameId)!.token);
        await resumed.wait((m) => m.t === 'state', EXPECT_MS, true);
        expect(resumed.seat).toBe(annSeat);
        // The link token of the table without a profile still holds its seat.
        const guest = new Client(url);
        await guest.hello(linkOnly.gameId, linkOnly.tokens[1]!);
        await guest.wait((m) => m.t === 'state', EXPECT_MS, true);
        expect(guest.seat).toBe(linkOnly.clients[1]!.seat);

        // Sign-out everywhere: the second device loses its session and the seat token it was handed.
        const out = await authApi(url, 'DELETE', '/api/sessions', ann.token, { keepThisDevice: false });
        expect(out.status, out.text).toBe(200);
        expect((await authApi(url, 'GET', '/api/me/seats', device2)).status).toBe(401);
        const stale = new Client(url);
        expect(await stale.hello(running.gameId, byGame.get(running.gameId)!.token)).toMatchObject({
          t: 'error',
          code: 'bad_token',
        });
        // Signing in again hands the new token, which holds the seat.
        const third = await authApi(url, 'POST', '/api/sessions', null, { handle: 'ann', password: pw });
        const again = await authApi(url, 'GET', '/api/me/seats', third.body.token);
        const fresh = again.body.seats.find((s: any) => s.gameId === running.gameId).token;
        expect(fresh).not.toBe(running.tokens[0]);
        const back = new Client(url);
        await back.hello(running.gameId, fresh);
        await back.wait((m) => m.t === 'state', EXPECT_MS, true);
        expect(back.seat).toBe(annSeat);
        for (const c of [...done.clients, ...running.clients, ...linkOnly.clients, resumed, guest, stale, back])
          c.close();
      }));

    it('failed password attempts are limited per IP (429; a right password spends nothing), and the export holds no secret', () =>
      withServer(
        async ({ url }) => {
          const ann = await newPlayer(url, 'Ann');
          expect(
            (await authApi(url, 'POST', '/api/me/password', ann.token, { password: 'a long password' })).status,
          ).toBe(200);
          // Only failures count: signing in right does not spend the address's budget.
          expect(
            (await authApi(url, 'POST', '/api/sessions', null, { playerId: ann.id, password: 'a long password' }))
              .status,
          ).toBe(200);
          for (let i = 0; i < 3; i++)
            expect(
              (await authApi(url, 'POST', '/api/sessions', null, { playerId: ann.id, password: 'guess ' + i })).status,
            ).toBe(401);
          const limited = await authApi(url, 'POST', '/api/sessions', null, {
            playerId: ann.id,
            password: 'a long password',
          });
          expect(limited.status).toBe(429);
          expect(limited.body.error.code).toBe('rate_limited');

          const ex = await fetch(`${url}/api/me/export`, { headers: { authorization: `Bearer ${ann.token}` } });
          expect(ex.status).toBe(200);
          expect(ex.headers.get('content-disposition')).toContain('attachment');
          const text = await ex.text();
          const data = JSON.parse(text);
          expect(data).toMatchObject({ format: 'mindmgmt-player-export', player: { id: ann.id, hasPassword: true } });
          expect(text).not.toContain(ann.token);
          expect(text).not.toContain('scrypt$');
        },
        { passwordPerIp: { burst: 3, perMin: 0.01 } },
      ));

    it('deletion is refused while seated at a waiting table, then removes the profile and its sessions', () =>
      withServer(async ({ url }) => {
        const ann = await newPlayer(url, 'Ann');
        const c = await authApi(url, 'POST', '/api/games', ann.token, { name: 'Ann', mode: 'training', players: 2 });
        expect(c.status).toBe(200);
        const refused = await authApi(url, 'DELETE', '/api/me', ann.token, { confirm: 'Ann' });
        expect(refused.status).toBe(409);
        expect(refused.body.error.code).toBe('seated');
        expect(
          (await authApi(url, 'POST', `/api/games/${c.body.gameId}/leave`, null, { token: c.body.token })).status,
        ).toBe(200);
        expect((await authApi(url, 'DELETE', '/api/me', ann.token, { confirm: 'Bob' })).status).toBe(400);
        const del = await authApi(url, 'DELETE', '/api/me', ann.token, { confirm: 'Ann' });
        expect(del.status, del.text).toBe(200);
        expect((await authApi(url, 'GET', '/api/me', ann.token)).status).toBe(401);
        expect((await authApi(url, 'GET', `/api/players/${ann.id}`, null)).status).toBe(404);
      }));

    it('history: a running game is nowhere; once over, both players have it with a replay, ratings moved, deletion leaves a neutral name', () =>
      withServer(async ({ url, service }) => {
        const ann = await newPlayer(url, 'Ann');
        const bob = await newPlayer(url, 'Bob');
        const g = await twoPlayerGame(url, ann.token, bob.token);
        // Running: not in anyone's history, no ratings, and nothing of the game in the profile.
        const during = await authApi(url, 'GET', `/api/players/${ann.id}`, null);
        expect(during.body).toMatchObject({ stats: [], ratings: [], recent: [] });
        expect(during.text).not.toContain(g.gameId);

        await reachAgentsTurn(url, g);
        await resign(g, 1); // the agents resign: the recruiter (Ann, host) wins
        const annP = await eventually(
          () => authApi(url, 'GET', `/api/players/${ann.id}`, null),
          (r) => r.body.recent.length === 1,
        );
        expect(annP.body.stats).toEqual([{ role: 'recruiter', mode: 'training', played: 1, won: 1 }]);
        expect(annP.body.recent[0]).toMatchObject({ gameId: g.gameId, role: 'recruiter', won: true, rated: true });
        expect(annP.body.ratings[0].role).toBe('recruiter');
        expect(annP.body.ratings[0].rating).toBeGreaterThan(1500);
        const bobP = (await authApi(url, 'GET', `/api/players/${bob.id}`, null)).body;
        expect(bobP.stats).toEqual([{ role: 'agents', mode: 'training', played: 1, won: 0 }]);
        expect(bobP.ratings[0].rating).toBeLessThan(1500);
        const replay = await authApi(url, 'GET', annP.body.recent[0].replay, null);
        expect(replay.status).toBe(200);

        const page = await authApi(url, 'GET', `/api/players/${bob.id}/games?limit=1`, null);
        expect(page.body.games.map((x: any) => x.gameId)).toEqual([g.gameId]);
        expect((await authApi(url, 'GET', `/api/players/${bob.id}/games?limit=999`, null)).status).toBe(400);
        for (const c of g.clients) c.close();

        // Bob deletes his profile: the finished game keeps a neutral name at his seat.
        expect((await authApi(url, 'DELETE', '/api/me', bob.token, { confirm: 'Bob' })).status).toBe(200);
        const row = await service.store.getGame(g.gameId);
        expect(row!.start!.seats.map((x) => x.name)).toEqual(['Host', 'Former player']);
        expect((await authApi(url, 'GET', `/api/players/${ann.id}`, null)).body.recent).toHaveLength(1);
      }));

    it('resigning during setup is not rated, five of those rank nobody; a rated game is provisional and unranked', () =>
      withServer(async ({ url }) => {
        const ann = await newPlayer(url, 'Ann');
        const bob = await newPlayer(url, 'Bob');
        for (let i = 0; i < 5; i++) {
          const g = await twoPlayerGame(url, ann.token, bob.token);
          await resign(g, 1); // before the agents' first turn: the clock never moved
          for (const c of g.clients) c.close();
        }
        const annP = await eventually(
          () => authApi(url, 'GET', `/api/players/${ann.id}`, null),
          (r) => r.body.recent.length === 5,
        );
        expect(annP.body.recent.map((x: any) => x.rated)).toEqual([false, false, false, false, false]);
        expect(annP.body.ratings).toEqual([]);
        const empty = await authApi(url, 'GET', '/api/leaderboard?role=recruiter', null);
        expect(empty.body).toMatchObject({ minGames: 5, maxRd: 110, players: [] });

        // Into the agents' first turn, then resigned: rated, and provisional after one game.
        const g = await twoPlayerGame(url, ann.token, bob.token);
        await reachAgentsTurn(url, g);
        await resign(g, 1);
        for (const c of g.clients) c.close();
        const after = await eventually(
          () => authApi(url, 'GET', `/api/players/${ann.id}`, null),
          (r) => r.body.ratings.length === 1,
        );
        // Found by id, not as the first: the history is ordered by the wall clock at each game's
        // end, and the five games before ended 5-30 ms earlier. In two loaded CI runs (the test
        // took 1.2 s, so the game was recorded and rated) the first entry was one of those; no
        // code path dates this game before them, so the likeliest cause is the loaded VM's clock
        // stepping back. The order is checked as the history's own: newest end first.
        expect(
          after.body.recent.find((x: any) => x.gameId === g.gameId),
          JSON.stringify({ game: g.gameId, ...after.body }),
        ).toMatchObject({ rated: true, won: true });
        const ends = after.body.recent.map((x: any) => Number(x.finishedAt));
        expect(ends).toEqual([...ends].sort((a, b) => b - a));
        expect(after.body.ratings[0]).toMatchObject({ role: 'recruiter', games: 1, provisional: true });
        expect(after.body.ratings[0].rd).toBeGreaterThan(110);
        expect((await authApi(url, 'GET', '/api/leaderboard?role=recruiter&limit=100', null)).body.players).toEqual([]);
      }));

    it('an unrated table records history but moves no rating; a bot game counts for the bot profile', () =>
      withServer(async ({ url }) => {
        const ann = await newPlayer(url, 'Ann');
        const bob = await newPlayer(url, 'Bob');
        const g = await twoPlayerGame(url, ann.token, bob.token, { rated: false });
        await resign(g, 0);
        const annP = await eventually(
          () => authApi(url, 'GET', `/api/players/${ann.id}`, null),
          (r) => r.body.recent.length === 1,
        );
        expect(annP.body.recent[0]).toMatchObject({ won: false, rated: false });
        expect(annP.body.ratings).toEqual([]);
        for (const c of g.clients) c.close();

        // Solo against the easy bot, Ann as agents, resigns at once.
        const s = await authApi(url, 'POST', '/api/games', ann.token, {
          name: 'Ann',
          mode: 'training',
          players: 1,
          solo: { role: 'agents', level: 'easy' },
        });
        expect(s.status, s.text).toBe(200);
        const cl = new Client(url);
        await cl.hello(s.body.gameId, s.body.token);
        const started = cl.wait((m) => m.t === 'state');
        expect(
          (await authApi(url, 'POST', `/api/games/${s.body.gameId}/start`, null, { token: s.body.token })).status,
        ).toBe(200);
        await started;
        await cl.waitSeq(0);
        await resign({ gameId: s.body.gameId, clients: [cl] }, cl.seat as number);
        const bot = await eventually(
          () => authApi(url, 'GET', '/api/players/bot-easy', null),
          (r) => r.body.recent?.length === 1,
        );
        expect(bot.body.player).toMatchObject({ id: 'bot-easy', bot: 'easy' });
        expect(bot.body.recent[0]).toMatchObject({ gameId: s.body.gameId, role: 'recruiter', won: true });
        cl.close();
        const board = await authApi(url, 'GET', '/api/leaderboard?role=recruiter', null);
        expect(board.status).toBe(200);
        expect(board.body).toMatchObject({ role: 'recruiter', minGames: 5, players: [] });
        expect((await authApi(url, 'GET', '/api/leaderboard?role=boss', null)).status).toBe(400);
      }));
  });
}
