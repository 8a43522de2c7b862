// The flows the HTTP routes will call (accounts.ts, game-over.ts), over real stores: sign-in from
// a second device, sign-out everywhere, deletion, history and ratings after a game the engine
// really ended, and a campaign moved on by it.
import { describe, expect, it } from 'vitest';
import { apply, newGame, type GameResult } from '@mindmgmt/engine';
import {
  deleteProfile,
  firstVisit,
  rename,
  setPassword,
  signIn,
  signOut,
  signOutEverywhere,
  whoIs,
} from '../../src/players/accounts.js';
import { newCampaign } from '../../src/players/campaign.js';
import { recordGameOver } from '../../src/players/game-over.js';
import { NEUTRAL_NAME } from '../../src/players/identity.js';
import type { PlayerRow } from '../../src/store/players/types.js';
import { lobbyRow, startInfo } from '../store-suite.js';
import { storesFrom, type Stores } from './player-store-suite.js';

const must = <T extends { ok: boolean }>(r: T): Extract<T, { ok: true }> => {
  if (!r.ok) throw new Error(JSON.stringify(r));
  return r as Extract<T, { ok: true }>;
};

/** A 1-agent training game in the game store, ended by the engine: seat `resigner` resigns. */
async function playToEnd(s: Stores, id: string, resigner: number): Promise<GameResult> {
  await s.games.createGame(lobbyRow(id));
  await s.games.addPlace(id, {
    place: 2,
    name: 'Bo',
    tokenHash: `h-${id}-2`,
    bot: null,
    volunteer: false,
    joinedAt: 2,
  });
  const info = startInfo(id);
  expect(await s.games.startGame(id, info)).toBe(true);
  const state = newGame(info.engineOptions, info.seed);
  const r = apply(state, { type: 'resign', seat: resigner });
  if (!r.ok) throw new Error(r.message);
  const result = r.state.result!;
  expect(result).toMatchObject({ reason: 'resign' });
  await s.games.appendAction({
    gameId: id,
    expectedSeq: 0,
    action: { type: 'resign', seat: resigner },
    deadline: null,
    result,
    at: 10_000,
  });
  return result;
}

export function playerFlowsSuite(name: string, open: () => Promise<Stores>): void {
  const withStores = storesFrom(open);

  describe(`player flows: ${name}`, () => {
    it(
      'first visit, password, sign-in from a second device, sign-out everywhere, deletion',
      withStores(async ({ players }) => {
        expect(await firstVisit(players, '\u202eadmin', 1)).toMatchObject({ ok: false, code: 'bad_name' });
        const a = must(await firstVisit(players, ' Ann ', 1000));
        expect(a.player.name).toBe('Ann');
        expect(await whoIs(players, a.token, 2000)).toMatchObject({ id: a.player.id });
        expect(await whoIs(players, 'x'.repeat(500), 2000)).toBeNull();
        expect(must(await rename(players, a.player, 'Ann B')).name).toBe('Ann B');

        // No password yet: nobody signs in as Ann elsewhere.
        expect(await signIn(players, a.player.id, 'correct horse battery', 3000)).toMatchObject({
          code: 'sign_in_failed',
        });
        expect(await setPassword(players, a.player, 'short', undefined)).toMatchObject({ code: 'bad_password' });
        must(await setPassword(players, a.player, 'correct horse battery', undefined));
        const withPw = (await players.getPlayer(a.player.id)) as PlayerRow;
        // Changing it needs the current one.
        expect(await setPassword(players, withPw, 'another long one', 'wrong guess')).toMatchObject({
          code: 'wrong_password',
        });

        // The second device.
        const wrong = await signIn(players, a.player.id, 'correct horse batterY', 3000);
        const unknown = await signIn(players, 'p_AAAAAAAAAAAAAAAA', 'correct horse battery', 3000);
        expect(wrong).toEqual(unknown); // same answer, whatever was wrong
        const b = must(await signIn(players, a.player.id, 'correct horse battery', 4000));
        expect(b.token).not.toBe(a.token);
        expect(await whoIs(players, b.token, 5000)).toMatchObject({ id: a.player.id, name: 'Ann B' });
        expect(await whoIs(players, a.token, 5000)).toMatchObject({ id: a.player.id });

        // Sign-out everywhere from the second device keeps it and ends the first.
        expect(await signOutEverywhere(players, a.player.id, b.token)).toBe(1);
        expect(await whoIs(players, a.token, 6000)).toBeNull();
        expect(await whoIs(players, b.token, 6000)).not.toBeNull();
        expect(await signOut(players, b.token)).toBe(true);
        expect(await whoIs(players, b.token, 6000)).toBeNull();

        // Deletion asks for the name.
        const me = (await players.getPlayer(a.player.id))!;
        expect(await deleteProfile(players, me, 'Ann')).toMatchObject({ code: 'not_confirmed' });
        must(await deleteProfile(players, me, ' Ann B '));
        expect(await players.getPlayer(a.player.id)).toBeNull();
        expect(await signIn(players, a.player.id, 'correct horse battery', 7000)).toMatchObject({
          code: 'sign_in_failed',
        });
        expect(await deleteProfile(players, me, 'Ann B')).toMatchObject({ code: 'no_player' });
      }),
    );

    it(
      'a game the engine ended: history, rated once, campaign moved on once; deletion leaves a neutral name',
      withStores(async (s) => {
        const ann = must(await firstVisit(s.players, 'Ann', 1)).player;
        const bo = must(await firstVisit(s.players, 'Bo', 1)).player;
        const seatPlayers = new Map([
          [0, ann.id],
          [1, bo.id],
        ]);
        const ledger = must(newCampaign({ recruiter: [ann.id], agents: [bo.id] })).campaign;
        await s.players.createCampaign({ id: 'cg', createdAt: 1, updatedAt: 1, version: 1, ledger, members: [] });
        const input = { seatPlayers, rated: true, campaignId: 'cg', now: 20_000 };

        // Running: nothing recorded.
        await s.games.createGame(lobbyRow('running'));
        expect(await recordGameOver(s.players, (await s.games.getGame('running'))!, input)).toBe('not-over');

        const result = await playToEnd(s, 'g1', 1); // the agent resigns: the recruiter wins
        expect(result.winner).toBe('recruiter');
        const over = (await s.games.getGame('g1'))!;
        expect(await recordGameOver(s.players, over, input)).toBe('recorded');
        expect(await recordGameOver(s.players, over, input)).toBe('already-recorded'); // another instance

        expect(await s.players.statsOf(ann.id)).toEqual([{ role: 'recruiter', mode: 'training', played: 1, won: 1 }]);
        expect(await s.players.statsOf(bo.id)).toEqual([{ role: 'agents', mode: 'training', played: 1, won: 0 }]);
        const [rAnn] = await s.players.ratingsOf(ann.id);
        const [rBo] = await s.players.ratingsOf(bo.id);
        expect(rAnn).toMatchObject({ role: 'recruiter', games: 1 });
        expect(rAnn!.rating).toBeGreaterThan(1500);
        expect(rBo!.rating).toBeLessThan(1500);
        expect(await s.players.historyOf(ann.id, 5)).toEqual([
          expect.objectContaining({ gameId: 'g1', seat: 0, place: 1, won: true, rated: true, campaignId: 'cg' }),
        ]);

        const c = (await s.players.getCampaign('cg'))!;
        expect(c.version).toBe(2);
        expect(c.ledger.sides.recruiter).toEqual({ wins: 1, losses: 0, streak: 1, opened: 0 });
        expect(c.ledger.sides.agents).toEqual({ wins: 0, losses: 1, streak: 0, opened: 1 });
        expect(c.ledger.games.map((g) => g.gameId)).toEqual(['g1']);
        expect(await s.players.campaignOfGame('g1')).toBe('cg');

        must(await deleteProfile(s.players, (await s.players.getPlayer(bo.id))!, 'Bo'));
        const g = (await s.games.getGame('g1'))!;
        expect(g.start!.seats.map((x) => x.name)).toEqual(['Ann', NEUTRAL_NAME]);
        expect(await s.players.statsOf(ann.id)).toHaveLength(1);
      }),
    );
  });
}
