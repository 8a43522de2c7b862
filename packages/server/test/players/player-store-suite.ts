// The PlayerStore contract as one suite, run on the memory twin, SQLite and a real PostgreSQL
// (player-store.test.ts, pg-player-store.test.ts). Each factory gives a player store over a game
// store on the same database, so deletion can be checked on real game rows.
import { SESSION_TOUCH_EVERY_MS } from '../../src/store/players/session-touch.js';
import { describe, expect, it } from 'vitest';
import { newCampaign, recordResult, type Campaign } from '../../src/players/campaign.js';
import { NEUTRAL_NAME, newPlayerId, newSession } from '../../src/players/identity.js';
import { glickoRateFn } from '../../src/players/rate-game.js';
import { exportPlayer } from '../../src/players/export.js';
import { botPlayerId, ensureBotProfiles } from '../../src/players/bot-profiles.js';
import {
  ALL_BEGINNERS_NOTE,
  candidatesAt,
  pickRecruiterExcludingBeginners,
} from '../../src/players/recruiter-choice.js';
import type { GameStore } from '../../src/store/types.js';
import {
  NOT_OVER,
  type PlayerGameRow,
  type PlayerRow,
  type PlayerStore,
  type SessionRow,
} from '../../src/store/players/types.js';
import { lobbyRow, startInfo } from '../store-suite.js';

export interface Stores {
  readonly players: PlayerStore;
  readonly games: GameStore;
  close(): Promise<void>;
}

const DAY = 24 * 3600 * 1000;

/** A test body run on fresh stores, closed afterwards whatever happens. */
export const storesFrom = (open: () => Promise<Stores>) => (f: (s: Stores) => Promise<void>) => async () => {
  const s = await open();
  try {
    await f(s);
  } finally {
    await s.close();
  }
};

function person(name: string, over: Partial<PlayerRow> = {}): PlayerRow {
  return { id: newPlayerId(), name, createdAt: 1000, passwordHash: null, bot: null, ...over };
}

function sessionOf(p: PlayerRow, now = 1000): { token: string; row: SessionRow } {
  const s = newSession(now);
  return {
    token: s.token,
    row: { tokenHash: s.tokenHash, playerId: p.id, createdAt: now, lastSeenAt: now, expiresAt: s.expiresAt },
  };
}

function gameRow(p: PlayerRow, gameId: string, o: Partial<PlayerGameRow> = {}): PlayerGameRow {
  return {
    playerId: p.id,
    gameId,
    finishedAt: 5000,
    role: 'recruiter',
    seat: 0,
    place: 1,
    mode: 'full',
    won: true,
    rated: true,
    campaignId: null,
    ...o,
  };
}

const ok = (r: ReturnType<typeof newCampaign>): Campaign => {
  if (!r.ok) throw new Error(r.message);
  return r.campaign;
};

export function playerStoreSuite(name: string, open: () => Promise<Stores>): void {
  const withStores = storesFrom(open);

  describe(`PlayerStore contract: ${name}`, () => {
    it(
      'creates a player with its first session; the session finds it, slides, and expires',
      withStores(async ({ players }) => {
        const ann = person('Ann');
        const s = sessionOf(ann);
        await players.createPlayer(ann, s.row);
        expect(await players.getPlayer(ann.id)).toEqual(ann);
        // Reads do not write: within SESSION_TOUCH_EVERY_MS of the last write the
        // session is only read.
        expect(await players.sessionPlayer(s.row.tokenHash, 2000, s.row.expiresAt + DAY)).toEqual(ann);
        expect((await players.sessionsOf(ann.id))[0]).toMatchObject({ lastSeenAt: 1000, expiresAt: s.row.expiresAt });
        const later = 1000 + SESSION_TOUCH_EVERY_MS;
        expect(await players.sessionPlayer(s.row.tokenHash, later, later + 30 * DAY)).toEqual(ann);
        const [after] = await players.sessionsOf(ann.id);
        expect(after).toMatchObject({ lastSeenAt: later, expiresAt: s.row.expiresAt }); // never shortened
        const last = later + SESSION_TOUCH_EVERY_MS;
        expect(await players.sessionPlayer(s.row.tokenHash, last, s.row.expiresAt + DAY)).toEqual(ann);
        expect((await players.sessionsOf(ann.id))[0]!.expiresAt).toBe(s.row.expiresAt + DAY);
        // Past its expiry: no player, and the session is gone.
        expect(await players.sessionPlayer(s.row.tokenHash, s.row.expiresAt + DAY, Infinity)).toBeNull();
        expect(await players.sessionsOf(ann.id)).toEqual([]);
        expect(await players.sessionPlayer('f'.repeat(64), 1, 2)).toBeNull();
        expect(await players.getPlayer('p_nobody')).toBeNull();
        await expect(players.createPlayer(ann, null)).rejects.toThrow();
      }),
    );

    it(
      'handles: one player per handle key (of two claims at once exactly one wins), deletion frees it; seat tokens newest first, replaced only for their holder',
      withStores(async ({ players }) => {
        const ann = person('Ann');
        const bob = person('Bob');
        await players.createPlayer(ann, null);
        await players.createPlayer(bob, null);
        const race = await Promise.all([
          players.setHandle(ann.id, 'beaquiii', 'Bea.Quill'),
          players.setHandle(bob.id, 'beaquiii', 'bea_quill'),
        ]);
        const winner = race[0] === 'ok' ? ann : bob;
        expect([...race].sort()).toEqual(['ok', 'taken']);
        expect((await players.playerByHandle('beaquiii'))?.id).toBe(winner.id);
        // A new handle replaces the player's own, and frees the old key.
        expect(await players.setHandle(winner.id, 'winner', 'Winner')).toBe('ok');
        expect(await players.handleOf(winner.id)).toBe('Winner');
        expect(await players.playerByHandle('beaquiii')).toBeNull();
        expect(await players.setHandle('p_nobody', 'nobody', 'nobody')).toBe('no-player');
        expect(await players.deletePlayer(winner.id, NEUTRAL_NAME)).toBe(true);
        expect(await players.playerByHandle('winner')).toBeNull();
        const other = winner === ann ? bob : ann;
        expect(await players.setHandle(other.id, 'winner', 'winner')).toBe('ok');

        await players.linkPlace('g1', 1, other.id, 100, 'tok-1');
        await players.linkPlace('g2', 2, other.id, 200, 'tok-2');
        await players.linkPlace('g3', 1, other.id, 300); // no token known: not handed out
        expect(await players.seatTokensOf(other.id, 10)).toEqual([
          { gameId: 'g2', place: 2, token: 'tok-2' },
          { gameId: 'g1', place: 1, token: 'tok-1' },
        ]);
        await players.setSeatToken('g1', 1, other.id, 'tok-1b');
        await players.setSeatToken('g2', 2, 'p_someoneelse', 'stolen');
        expect(await players.seatTokensOf(other.id, 1)).toEqual([{ gameId: 'g2', place: 2, token: 'tok-2' }]);
        expect((await players.seatTokensOf(other.id, 10))[1]).toEqual({ gameId: 'g1', place: 1, token: 'tok-1b' });
        await players.unlinkPlace('g2', 2);
        expect((await players.seatTokensOf(other.id, 10)).map((s) => s.gameId)).toEqual(['g1']);
      }),
    );

    it(
      'rename, password hash; sessions: add, sign out here, sign out everywhere but this device',
      withStores(async ({ players }) => {
        const bo = person('Bo');
        await players.createPlayer(bo, null);
        expect(await players.rename(bo.id, 'Bo B.')).toBe(true);
        expect(await players.setPasswordHash(bo.id, 'scrypt$x')).toBe(true);
        expect(await players.getPlayer(bo.id)).toMatchObject({ name: 'Bo B.', passwordHash: 'scrypt$x' });
        expect(await players.rename('p_nobody', 'x')).toBe(false);
        expect(await players.setPasswordHash('p_nobody', null)).toBe(false);
        const [a, b, c] = [sessionOf(bo, 1), sessionOf(bo, 2), sessionOf(bo, 3)];
        for (const s of [a, b, c]) expect(await players.addSession(s.row)).toBe(true);
        expect(await players.addSession(sessionOf(person('ghost')).row)).toBe(false);
        const bot = person('Bot (hard)', { bot: 'hard' });
        await players.createPlayer(bot, null);
        expect(await players.addSession(sessionOf(bot).row)).toBe(false); // bots never sign in
        expect(await players.deleteSession(a.row.tokenHash)).toBe(true);
        expect(await players.deleteSession(a.row.tokenHash)).toBe(false);
        expect(await players.deleteSessions(bo.id, c.row.tokenHash)).toBe(1);
        expect((await players.sessionsOf(bo.id)).map((s) => s.tokenHash)).toEqual([c.row.tokenHash]);
        expect(await players.sessionPlayer(b.row.tokenHash, 10, 20)).toBeNull();
        expect(await players.deleteSessions(bo.id)).toBe(1);
        expect(await players.sessionsOf(bo.id)).toEqual([]);
      }),
    );

    it(
      'records a finished game once: history, stats per role and mode, beginners, Glicko-2 ratings',
      withStores(async ({ players }) => {
        const [ann, bo, cy] = [person('Ann'), person('Bo'), person('Cy')];
        for (const p of [ann, bo, cy]) await players.createPlayer(p, null);
        const rows = [
          gameRow(ann, 'g1', { role: 'recruiter', seat: 0, place: 1, won: false }),
          gameRow(bo, 'g1', { role: 'agents', seat: 1, place: 2, won: true }),
          gameRow(cy, 'g1', { role: 'agents', seat: 2, place: 3, won: true }),
        ];
        expect(await players.recordFinishedGame('g1', rows, glickoRateFn(rows, new Set(), 6000))).toBe(true);
        // Twice: refused, nothing counted again.
        expect(await players.recordFinishedGame('g1', rows, glickoRateFn(rows, new Set(), 7000))).toBe(false);
        expect(await players.statsOf(ann.id)).toEqual([{ role: 'recruiter', mode: 'full', played: 1, won: 0 }]);
        const [rAnn] = await players.ratingsOf(ann.id);
        expect(rAnn).toMatchObject({ role: 'recruiter', games: 1, updatedAt: 6000 });
        expect(rAnn!.rating).toBeLessThan(1500);
        const [rBo] = await players.ratingsOf(bo.id);
        expect(rBo!.rating).toBeGreaterThan(1500);
        expect(rBo!.rd).toBeLessThan(350);

        const g2 = [
          gameRow(ann, 'g2', { role: 'agents', seat: 1, place: 2, mode: 'training', finishedAt: 8000, rated: false }),
        ];
        expect(await players.recordFinishedGame('g2', g2, null)).toBe(true);
        const g3 = [gameRow(ann, 'g3', { finishedAt: 9000 })];
        expect(await players.recordFinishedGame('g3', g3, null)).toBe(true);
        expect(await players.statsOf(ann.id)).toEqual([
          { role: 'agents', mode: 'training', played: 1, won: 1 },
          { role: 'recruiter', mode: 'full', played: 2, won: 1 },
        ]);
        expect((await players.historyOf(ann.id, 10)).map((g) => g.gameId)).toEqual(['g3', 'g2', 'g1']);
        const page1 = await players.historyOf(ann.id, 2);
        expect(page1.map((g) => g.gameId)).toEqual(['g3', 'g2']);
        expect((await players.historyOf(ann.id, 2, page1[1])).map((g) => g.gameId)).toEqual(['g1']);
        // Games finishing in the same millisecond are neither skipped nor repeated across pages.
        const dee = person('Dee');
        await players.createPlayer(dee, null);
        for (const id of ['t1', 't2', 't3'])
          await players.recordFinishedGame(id, [gameRow(dee, id, { finishedAt: 7 })], null);
        const p1 = await players.historyOf(dee.id, 2);
        const p2 = await players.historyOf(dee.id, 2, p1[1]);
        expect([...p1, ...p2].map((g) => g.gameId)).toEqual(['t3', 't2', 't1']);
        expect((await players.historyOf(ann.id, 10))[1]).toEqual(g2[0]);
        const counts = await players.finishedCounts([ann.id, bo.id, 'p_nobody']);
        expect(Object.fromEntries(counts)).toEqual({ [ann.id]: 3, [bo.id]: 1, p_nobody: 0 });
      }),
    );

    it(
      'a failing rating step records nothing (one transaction)',
      withStores(async ({ players }) => {
        const ann = person('Ann');
        await players.createPlayer(ann, null);
        const rows = [gameRow(ann, 'g1')];
        await expect(
          players.recordFinishedGame('g1', rows, () => {
            throw new Error('boom');
          }),
        ).rejects.toThrow('boom');
        expect(await players.historyOf(ann.id, 10)).toEqual([]);
        expect(await players.recordFinishedGame('g1', rows, null)).toBe(true);
      }),
    );

    it(
      'regression: a game abandoned by agreement (D14) showed in history and stats as a loss',
      withStores(async ({ players }) => {
        const ann = person('Ann');
        await players.createPlayer(ann, null);
        await players.recordFinishedGame('g0', [gameRow(ann, 'g0', { finishedAt: 4000 })], null);
        const abandoned = gameRow(ann, 'g1', { won: false, rated: false, abandoned: true });
        expect(await players.recordFinishedGame('g1', [abandoned], null)).toBe(true);
        expect((await players.historyOf(ann.id, 10)).map((g) => [g.gameId, g.won, !!g.abandoned])).toEqual([
          ['g1', false, true],
          ['g0', true, false],
        ]);
        expect(await players.statsOf(ann.id)).toEqual([{ role: 'recruiter', mode: 'full', played: 1, won: 1 }]);
      }),
    );

    it(
      'two games of one player finishing together both count in its rating',
      withStores(async ({ players }) => {
        const [ann, bo, cy] = [person('Ann'), person('Bo'), person('Cy')];
        for (const p of [ann, bo, cy]) await players.createPlayer(p, null);
        const game = (id: string, agent: PlayerRow) => [
          gameRow(ann, id),
          gameRow(agent, id, { role: 'agents', seat: 1, place: 2, won: false }),
        ];
        const [a, b] = [game('ga', bo), game('gb', cy)];
        await Promise.all([
          players.recordFinishedGame('ga', a, glickoRateFn(a, new Set(), 1)),
          players.recordFinishedGame('gb', b, glickoRateFn(b, new Set(), 2)),
        ]);
        expect((await players.ratingsOf(ann.id))[0]!.games).toBe(2);
      }),
    );

    it(
      'leaderboard per role: conservative rating (rating - 2 RD) first, bots flagged, minimum games',
      withStores(async ({ players }) => {
        const bot = person('Bot (hard)', { bot: 'hard', id: `bot-${newPlayerId()}` });
        const people = [person('Ann'), person('Bo'), person('Cy')];
        for (const p of [bot, ...people]) await players.createPlayer(p, null);
        let t = 10;
        // Each person plays the bot (fixed) as agents; Ann wins twice, Bo once, Cy loses.
        for (const [p, wins] of [
          [people[0]!, [true, true]],
          [people[1]!, [true, false]],
          [people[2]!, [false]],
        ] as const)
          for (const w of wins) {
            const id = `g${t++}`;
            const rows = [
              gameRow(bot, id, { role: 'recruiter', won: !w, place: null }),
              gameRow(p, id, { role: 'agents', seat: 1, place: 1, won: w }),
            ];
            await players.recordFinishedGame(id, rows, glickoRateFn(rows, new Set([bot.id]), t));
          }
        const board = await players.leaderboard('agents', 10, 1, 350);
        expect(board.map((r) => r.name)).toEqual(['Ann', 'Bo', 'Cy']);
        for (let i = 1; i < board.length; i++)
          expect(board[i - 1]!.rating - 2 * board[i - 1]!.rd).toBeGreaterThanOrEqual(
            board[i]!.rating - 2 * board[i]!.rd,
          );
        expect((await players.leaderboard('agents', 10, 2, 350)).map((r) => r.name)).toEqual(['Ann', 'Bo']);
        expect(await players.leaderboard('agents', 1, 0, 350)).toHaveLength(1);
        expect(await players.leaderboard('recruiter', 10, 0, 350)).toEqual([]); // the bot's profile is fixed, never stored
        // A deviation above the cap is provisional and not ranked (Cy, one game).
        const cy = board.find((r) => r.name === 'Cy')!;
        const settled = await players.leaderboard('agents', 10, 0, cy.rd - 0.001);
        expect(settled.map((r) => r.name)).toEqual(['Ann', 'Bo']);
        expect(settled.every((r) => r.rd < cy.rd)).toBe(true);
      }),
    );

    it(
      'campaigns: create, compare-and-set updates, members, games of a campaign',
      withStores(async ({ players }) => {
        const [ann, bo] = [person('Ann'), person('Bo')];
        for (const p of [ann, bo]) await players.createPlayer(p, null);
        const ledger = ok(newCampaign({ recruiter: [ann.id], agents: [bo.id] }));
        await players.createCampaign({ id: 'c1', createdAt: 1, updatedAt: 1, version: 1, ledger, members: [] });
        expect(await players.getCampaign('c1')).toEqual({
          id: 'c1',
          createdAt: 1,
          updatedAt: 1,
          version: 1,
          ledger,
          members: [ann.id, bo.id].sort(),
        });
        const after = ok(recordResult(ledger, 'g1', 'agents'));
        expect(await players.updateCampaign('c1', 1, after, 5)).toBe('ok');
        expect(await players.updateCampaign('c1', 1, after, 6)).toBe('stale');
        expect(await players.getCampaign('c1')).toMatchObject({ version: 2, updatedAt: 5, ledger: after });
        expect(await players.campaignOfGame('g1')).toBe('c1');
        expect(await players.campaignOfGame('g9')).toBeNull();
        expect((await players.campaignsOf(bo.id)).map((c) => c.id)).toEqual(['c1']);
        expect(await players.campaignsOf('p_nobody')).toEqual([]);
        expect(await players.getCampaign('c9')).toBeNull();
        expect(await players.updateCampaign('c9', 1, after, 6)).toBe('stale');
        // One game belongs to one campaign.
        const other = ok(recordResult(ok(newCampaign({ recruiter: [bo.id], agents: [ann.id] })), 'g1', 'agents'));
        await expect(
          players.createCampaign({ id: 'c2', createdAt: 2, updatedAt: 2, version: 1, ledger: other, members: [] }),
        ).rejects.toThrow();
      }),
    );

    it(
      'chat: numbered per game, capped per game, paged; concurrent writers get distinct numbers',
      withStores(async ({ players }) => {
        const msg = (gameId: string, text: string) => ({
          gameId,
          at: 1,
          seat: 0,
          playerId: null,
          name: 'Ann',
          text,
          logAt: 7,
        });
        const sent = await Promise.all(['a', 'b', 'c', 'd'].map((t) => players.addChat(msg('g1', t), 5)));
        expect(sent.map((m) => (m === 'full' ? 0 : m.n)).sort()).toEqual([1, 2, 3, 4]);
        expect(await players.addChat(msg('g2', 'other game'), 5)).toMatchObject({ n: 1 });
        expect(await players.addChat(msg('g1', 'e'), 5)).toMatchObject({ n: 5, removed: false });
        expect(await players.addChat(msg('g1', 'f'), 5)).toBe('full');
        const all = await players.chatOf('g1', 0, 100);
        expect(all.map((m) => m.n)).toEqual([1, 2, 3, 4, 5]);
        expect((await players.chatOf('g1', 3, 100)).map((m) => m.n)).toEqual([4, 5]);
        expect((await players.chatOf('g1', 0, 2)).map((m) => m.n)).toEqual([1, 2]);
        expect(all[4]).toEqual({ ...msg('g1', 'e'), n: 5, removed: false });
      }),
    );

    it(
      'chat: the last page before a cursor; spectators stop at their share, the seats keep room',
      withStores(async ({ players }) => {
        const msg = (seat: number | null, text: string) => ({
          gameId: 'g3',
          at: 1,
          seat,
          playerId: null,
          name: seat === null ? 'Spectator' : 'Ann',
          text,
          logAt: 0,
        });
        for (let i = 0; i < 3; i++) expect(await players.addChat(msg(null, `s${i}`), 6, 3)).toMatchObject({ n: i + 1 });
        expect(await players.addChat(msg(null, 'one too many'), 6, 3)).toBe('spectators-full');
        for (let i = 0; i < 3; i++) expect(await players.addChat(msg(1, `p${i}`), 6, 3)).toMatchObject({ n: i + 4 });
        expect(await players.addChat(msg(1, 'full now'), 6, 3)).toBe('full');
        expect((await players.chatBefore('g3', null, 2)).map((m) => m.n)).toEqual([5, 6]);
        expect((await players.chatBefore('g3', 5, 3)).map((m) => m.n)).toEqual([2, 3, 4]);
        expect((await players.chatBefore('g3', 1, 3)).map((m) => m.n)).toEqual([]);
      }),
    );

    it(
      "export as JSON: the player, sessions, ratings, games, campaigns, own chat; no secrets, no one else's words",
      withStores(async ({ players }) => {
        const ann = person('Ann', { passwordHash: 'scrypt$32768$8$3$c2FsdA$a2V5' });
        const bo = person('Bo');
        const s = sessionOf(ann, 1000);
        await players.createPlayer(ann, s.row);
        await players.createPlayer(bo, null);
        const rows = [gameRow(ann, 'ge'), gameRow(bo, 'ge', { role: 'agents', seat: 1, place: 2, won: false })];
        await players.recordFinishedGame('ge', rows, glickoRateFn(rows, new Set(), 6000));
        await players.addChat(
          { gameId: 'ge', at: 7000, seat: 0, playerId: ann.id, name: 'Ann', text: 'gg', logAt: 0 },
          10,
        );
        await players.addChat(
          { gameId: 'ge', at: 7001, seat: 1, playerId: bo.id, name: 'Bo', text: 'secret of Bo', logAt: 0 },
          10,
        );
        const ledger = ok(recordResult(ok(newCampaign({ recruiter: [ann.id], agents: [bo.id] })), 'ge', 'recruiter'));
        await players.createCampaign({ id: 'ce', createdAt: 1, updatedAt: 1, version: 1, ledger, members: [] });

        const e = (await exportPlayer(players, ann.id, 86_400_000))!;
        expect(e).toMatchObject({
          format: 'mindmgmt-player-export',
          version: 1,
          exportedAt: '1970-01-02T00:00:00.000Z',
          player: { id: ann.id, name: 'Ann', createdAt: '1970-01-01T00:00:01.000Z', hasPassword: true },
          sessions: [{ createdAt: '1970-01-01T00:00:01.000Z', lastSeenAt: '1970-01-01T00:00:01.000Z' }],
          games: [{ gameId: 'ge', role: 'recruiter', seat: 0, mode: 'full', won: true, rated: true, campaignId: null }],
          campaigns: [{ id: 'ce', ledger }],
          chat: [{ gameId: 'ge', n: 1, at: '1970-01-01T00:00:07.000Z', text: 'gg' }],
        });
        expect(e.ratings).toHaveLength(1);
        expect(e.ratings[0]).toMatchObject({ role: 'recruiter', games: 1 });
        const json = JSON.stringify(e);
        for (const secret of [ann.passwordHash!, 'scrypt', s.row.tokenHash, s.token, 'secret of Bo'])
          expect(json).not.toContain(secret);
        expect(await exportPlayer(players, 'p_nobody', 0)).toBeNull();
      }),
    );

    it(
      'random excluding beginners, with real players: a first finished game makes a player eligible (seed 003)',
      withStores(async ({ players }) => {
        const [ann, bo, cy] = [person('Ann'), person('Bo'), person('Cy')];
        for (const p of [ann, bo, cy]) await players.createPlayer(p, null);
        const table = [
          { place: 1, playerId: ann.id, bot: false },
          { place: 2, playerId: bo.id, bot: false },
          { place: 3, playerId: cy.id, bot: false },
          { place: 4, playerId: null, bot: false }, // someone without a player record
        ];
        const draws = async () => {
          const c = await candidatesAt(players, table);
          return [0, 1, 2, 3].map((k) => pickRecruiterExcludingBeginners(c, (n) => k % n));
        };
        // Nobody has finished a game: plain random among all, and the table is told.
        const first = await draws();
        expect(first.map((d) => d.ok && d.place)).toEqual([1, 2, 3, 4]);
        expect(first.every((d) => d.ok && d.fallback && d.note === ALL_BEGINNERS_NOTE)).toBe(true);
        // Bo finishes a game: only Bo can be drawn. A game still running would not count: history
        // rows exist only for finished games.
        await players.recordFinishedGame('gb', [gameRow(bo, 'gb')], null);
        const second = await draws();
        expect(second.map((d) => d.ok && d.place)).toEqual([2, 2, 2, 2]);
        expect(second.every((d) => d.ok && !d.fallback && d.note === null)).toBe(true);
        // Bots are never beginners.
        await ensureBotProfiles(players);
        await ensureBotProfiles(players); // repeatable
        expect(await players.getPlayer(botPlayerId('hard'))).toMatchObject({ name: 'Bot (hard)', bot: 'hard' });
        const withBot = await candidatesAt(players, [
          { place: 1, playerId: ann.id, bot: false },
          { place: 2, playerId: botPlayerId('easy'), bot: true },
        ]);
        expect(withBot).toEqual([
          { place: 1, beginner: true },
          { place: 2, beginner: false },
        ]);
      }),
    );

    it(
      'the game that ends is queued for recording by its own commit, and leaves the queue once recorded (never twice)',
      withStores(async ({ players, games }) => {
        await games.createGame(lobbyRow('gq'));
        await games.addPlace('gq', {
          place: 2,
          name: 'Bo',
          tokenHash: 'h-gq-2',
          bot: null,
          volunteer: false,
          joinedAt: 2,
        });
        await games.createGame(lobbyRow('gr'));
        expect(await games.startGame('gq', startInfo('gq'))).toBe(true);
        expect(await players.unrecordedGames(10)).toEqual([]); // lobby and running games are not
        await games.appendAction({
          gameId: 'gq',
          expectedSeq: 0,
          action: { type: 'resign', seat: 1 },
          deadline: null,
          result: { winner: 'recruiter', reason: 'resign', time: 0 },
          at: 5,
        });
        expect(await players.unrecordedGames(10)).toEqual(['gq']);
        const [ann, bo] = [person('Ann'), person('Bo')];
        await players.createPlayer(ann, null);
        await players.createPlayer(bo, null);
        const rows = [gameRow(ann, 'gq'), gameRow(bo, 'gq', { role: 'agents', seat: 1, place: 2, won: false })];
        const both = await Promise.all([
          players.recordFinishedGame('gq', rows, glickoRateFn(rows, new Set(), 1)),
          players.recordFinishedGame('gq', rows, glickoRateFn(rows, new Set(), 1)),
        ]);
        expect(both.filter(Boolean)).toHaveLength(1);
        expect(await players.unrecordedGames(10)).toEqual([]);
        expect((await players.ratingsOf(ann.id))[0]).toMatchObject({ games: 1 });
        expect(await players.statsOf(ann.id)).toEqual([{ role: 'recruiter', mode: 'full', played: 1, won: 1 }]);
      }),
    );

    it(
      'chat policy: stored per table, spectators flag and muted seats, default closed to spectators',
      withStores(async ({ players }) => {
        expect(await players.chatSettings('gp')).toEqual({ spectatorsWrite: false, muted: [] });
        await players.setSpectatorsWrite('gp', true, 1);
        await players.setSeatMuted('gp', 3, true);
        await players.setSeatMuted('gp', 1, true);
        await players.setSeatMuted('gp', 1, true);
        expect(await players.chatSettings('gp')).toEqual({ spectatorsWrite: true, muted: [1, 3] });
        await players.setSeatMuted('gp', 3, false);
        await players.setSpectatorsWrite('gp', false, 2);
        expect(await players.chatSettings('gp')).toEqual({ spectatorsWrite: false, muted: [1] });
        expect(await players.chatSettings('other')).toEqual({ spectatorsWrite: false, muted: [] });
      }),
    );

    it(
      'deleting a profile: its data goes, its past games keep a neutral name, others are untouched',
      withStores(async ({ players, games }) => {
        const [ann, bo] = [person('Ann'), person('Bo')];
        const s = sessionOf(ann);
        await players.createPlayer(ann, s.row);
        await players.createPlayer(bo, sessionOf(bo).row);
        // A real game row: Ann at place 1 / seat 0, Bo at place 2 / seat 1.
        await games.createGame(lobbyRow('gd'));
        await games.addPlace('gd', {
          place: 2,
          name: 'Bo',
          tokenHash: 'h-gd-2',
          bot: null,
          volunteer: false,
          joinedAt: 2,
        });
        expect(await games.startGame('gd', startInfo('gd'))).toBe(true);
        const rows = [
          gameRow(ann, 'gd', { place: 1, seat: 0 }),
          gameRow(bo, 'gd', { role: 'agents', place: 2, seat: 1, won: false }),
        ];
        // Secrecy: while the game runs, nothing of it can reach anyone's history.
        await expect(players.recordFinishedGame('gd', rows, glickoRateFn(rows, new Set(), 1))).rejects.toThrow(
          NOT_OVER,
        );
        expect(await players.historyOf(ann.id, 10)).toEqual([]);
        await games.appendAction({
          gameId: 'gd',
          expectedSeq: 0,
          action: { type: 'resign', seat: 1 },
          deadline: null,
          result: { winner: 'recruiter', reason: 'resign', time: 0 },
          at: 5,
        });
        expect(await players.recordFinishedGame('gd', rows, glickoRateFn(rows, new Set(), 1))).toBe(true);
        const chatMsg = { gameId: 'gd', at: 1, seat: 0, name: 'Ann', logAt: 0 };
        await players.addChat({ ...chatMsg, playerId: ann.id, text: 'my phone is 555-0100' }, 10);
        await players.addChat({ ...chatMsg, seat: 1, playerId: bo.id, name: 'Bo', text: 'hi' }, 10);
        const ledger = ok(newCampaign({ recruiter: [ann.id], agents: [bo.id] }));
        await players.createCampaign({ id: 'cd', createdAt: 1, updatedAt: 1, version: 1, ledger, members: [] });

        expect(await players.deletePlayer(ann.id, NEUTRAL_NAME)).toBe(true);
        expect(await players.getPlayer(ann.id)).toBeNull();
        expect(await players.sessionPlayer(s.row.tokenHash, 2, 3)).toBeNull();
        expect(await players.sessionsOf(ann.id)).toEqual([]);
        expect(await players.ratingsOf(ann.id)).toEqual([]);
        expect(await players.historyOf(ann.id, 10)).toEqual([]);
        expect(await players.chatBy(ann.id, 100)).toEqual([]);
        expect(await players.campaignsOf(ann.id)).toEqual([]);
        const g = (await games.getGame('gd'))!;
        expect(g.places.map((p) => p.name)).toEqual([NEUTRAL_NAME, 'Bo']);
        expect(g.start!.seats.map((x) => x.name)).toEqual([NEUTRAL_NAME, 'Bo']);
        const chat = await players.chatOf('gd', 0, 10);
        expect(chat[0]).toMatchObject({ n: 1, name: NEUTRAL_NAME, text: '', removed: true, playerId: null });
        expect(JSON.stringify(chat)).not.toContain('555-0100');
        expect(chat[1]).toMatchObject({ name: 'Bo', text: 'hi', removed: false });
        // Bo keeps everything of his own.
        expect(await players.historyOf(bo.id, 10)).toEqual([rows[1]]);
        expect(await players.ratingsOf(bo.id)).toHaveLength(1);
        expect((await players.getCampaign('cd'))!.members).toEqual([bo.id]);
        expect(await players.deletePlayer(ann.id, NEUTRAL_NAME)).toBe(false);
      }),
    );
  });
}
