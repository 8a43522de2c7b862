// The storage contract, as a reusable suite: call storeSuite(name, factory) for any GameStore
// (SQLite and memory here; PostgreSQL later: storeSuite('postgres', () => new PgStore(...))).
import { describe, expect, it } from 'vitest';
import {
  apply,
  ENGINE_VERSION,
  legalActions,
  expectedSeats,
  newGame,
  type Action,
  type GameState,
} from '@mindmgmt/engine';
import type { GameRow, GameStore, StartInfo } from '../src/store/types.js';

export function lobbyRow(id: string, over: Partial<GameRow> = {}): GameRow {
  return {
    id,
    title: 't',
    createdAt: Date.now(),
    status: 'lobby',
    options: {
      mode: 'training',
      recruiterCard: 'random',
      recruiterChoice: 'random',
      players: 2,
      solo: null,
      turnTimerSec: null,
      assistant: 'full',
    },
    hostPlace: 1,
    places: [{ place: 1, name: 'Ann', tokenHash: `h-${id}-1`, bot: null, volunteer: false, joinedAt: 1 }],
    start: null,
    seq: 0,
    deadline: null,
    result: null,
    updatedAt: Date.now(),
    ...over,
  };
}

export function startInfo(id: string): StartInfo {
  return {
    seed: 42,
    engineVersion: ENGINE_VERSION,
    engineOptions: { mode: 'training', agentSeats: 1, recruiterCard: 'random' },
    seats: [
      { seat: 0, place: 1, name: 'Ann', tokenHash: `h-${id}-1`, bot: null },
      { seat: 1, place: 2, name: 'Bo', tokenHash: `h-${id}-2`, bot: null },
    ],
    startedAt: Date.now(),
    deadline: null,
  };
}

/** Plays n random legal actions from the start; returns the actions and states. */
export function randomRun(n: number): { actions: Action[]; states: GameState[] } {
  let s = newGame({ mode: 'training', agentSeats: 1, recruiterCard: 'random' }, 42);
  const actions: Action[] = [];
  const states: GameState[] = [s];
  let k = 1;
  for (let i = 0; i < n && !s.result; i++) {
    const seat = expectedSeats(s)[0]!;
    const legal = legalActions(s, seat);
    const a = legal[(k = (k * 48271) % 2147483647) % legal.length]!;
    const r = apply(s, a);
    if (!r.ok) throw new Error(r.message);
    s = r.state;
    actions.push(a);
    states.push(s);
  }
  return { actions, states };
}

export function storeSuite(name: string, factory: () => Promise<GameStore> | GameStore): void {
  describe(`GameStore contract: ${name}`, () => {
    it('creates and reads games; lobby changes; open list; tokens', async () => {
      const st = await factory();
      await st.createGame(lobbyRow('g1'));
      await st.createGame(lobbyRow('g2', { createdAt: Date.now() + 1 }));
      await expect(st.createGame(lobbyRow('g1'))).rejects.toThrow();
      const g = (await st.getGame('g1'))!;
      expect(g.places).toHaveLength(1);
      expect(g.options.players).toBe(2);
      expect(await st.getGame('none')).toBeNull();
      expect(
        await st.addPlace('g1', { place: 2, name: 'Bo', tokenHash: 'h-g1-2', bot: null, volunteer: true, joinedAt: 2 }),
      ).toBe(true);
      expect(
        await st.addPlace('g1', { place: 2, name: 'X', tokenHash: 'hx', bot: null, volunteer: false, joinedAt: 3 }),
      ).toBe(false);
      expect((await st.getGame('g1'))!.places.map((p) => p.name)).toEqual(['Ann', 'Bo']);
      expect((await st.getGame('g1'))!.places[1]!.volunteer).toBe(true);
      expect((await st.listOpen(10)).map((r) => r.id)).toEqual(['g2', 'g1']);
      expect((await st.gamesForTokens(['h-g1-2', 'nope'])).map((r) => r.id)).toEqual(['g1']);
      const titled = (await st.getGame('g1'))!.title;
      expect(await st.removePlace('g1', 2, 1, false, null)).toBe(true);
      expect(await st.removePlace('g1', 2, 1, false, null)).toBe(false);
      expect((await st.getGame('g1'))!.title).toBe(titled); // null keeps the title
      expect(await st.gamesForTokens(['h-g1-2'])).toEqual([]);
      // The title goes with the last person (it may name them).
      expect(await st.removePlace('g2', 1, null, true, 'Closed table')).toBe(true);
      expect((await st.getGame('g2'))!.status).toBe('closed');
      expect((await st.getGame('g2'))!.title).toBe('Closed table');
      expect((await st.listOpen(10)).map((r) => r.id)).toEqual(['g1']);
      await st.close();
    });

    it('starts once; appends with compare-and-set on seq; snapshots; log reload replays', async () => {
      const st = await factory();
      await st.createGame(lobbyRow('g'));
      await st.addPlace('g', { place: 2, name: 'Bo', tokenHash: 'h-g-2', bot: null, volunteer: false, joinedAt: 2 });
      expect(
        await st.appendAction({
          gameId: 'g',
          expectedSeq: 0,
          action: { type: 'resign', seat: 0 },
          deadline: null,
          result: null,
          at: 1,
        }),
      ).toBe('stale');
      expect(await st.startGame('g', startInfo('g'))).toBe(true);
      expect(await st.startGame('g', startInfo('g'))).toBe(false);
      expect(
        await st.addPlace('g', { place: 3, name: 'Cy', tokenHash: null, bot: 'easy', volunteer: false, joinedAt: 3 }),
      ).toBe(false);
      expect(await st.activeGameIds()).toEqual(['g']);
      const row = (await st.getGame('g'))!;
      expect(row.status).toBe('active');
      expect(row.start!.engineVersion).toBe(ENGINE_VERSION);
      expect(row.start!.seats).toHaveLength(2);
      const { actions, states } = randomRun(40);
      for (let i = 0; i < actions.length; i++) {
        const snapshot = (i + 1) % 10 === 0 ? states[i + 1] : undefined;
        const ok = await st.appendAction({
          gameId: 'g',
          expectedSeq: i,
          action: actions[i]!,
          deadline: null,
          result: null,
          at: i,
          ...(snapshot ? { snapshot } : {}),
        });
        expect(ok).toBe('ok');
        // The same seq again (duplicate) is refused: applied at most once.
        expect(
          await st.appendAction({
            gameId: 'g',
            expectedSeq: i,
            action: actions[i]!,
            deadline: null,
            result: null,
            at: i,
          }),
        ).toBe('stale');
      }
      expect((await st.getGame('g'))!.seq).toBe(actions.length);
      expect(await st.allActions('g')).toEqual(actions);
      const log = await st.loadLog('g');
      const snapSeq = Math.floor(actions.length / 10) * 10;
      expect(log.snapshot?.seq).toBe(snapSeq);
      expect(log.actions.map((a) => a.seq)).toEqual(
        Array.from({ length: actions.length - snapSeq }, (_, i) => snapSeq + i + 1),
      );
      let s = log.snapshot!.state;
      for (const a of log.actions) {
        const r = apply(s, a.action);
        expect(r.ok).toBe(true);
        if (r.ok) s = r.state;
      }
      expect(s).toEqual(states[actions.length]);
      await st.close();
    });

    it('deadlines are stored and found when due; a result ends the game', async () => {
      const st = await factory();
      await st.createGame(lobbyRow('d'));
      await st.addPlace('d', { place: 2, name: 'Bo', tokenHash: 'h-d-2', bot: null, volunteer: false, joinedAt: 2 });
      await st.startGame('d', { ...startInfo('d'), deadline: { at: 1000, seat: 0 } });
      expect(await st.dueDeadlines(999, 10)).toEqual([]);
      expect(await st.dueDeadlines(1000, 10)).toEqual([{ gameId: 'd', deadline: { at: 1000, seat: 0 } }]);
      await st.appendAction({
        gameId: 'd',
        expectedSeq: 0,
        action: { type: 'timeout', seat: 0 },
        deadline: null,
        result: { winner: 'agents', reason: 'timeout', time: 0 },
        at: 5,
      });
      expect(await st.dueDeadlines(5000, 10)).toEqual([]);
      const row = (await st.getGame('d'))!;
      expect(row.status).toBe('over');
      expect(row.result).toEqual({ winner: 'agents', reason: 'timeout', time: 0 });
      expect(await st.activeGameIds()).toEqual([]);
      expect(
        await st.appendAction({
          gameId: 'd',
          expectedSeq: 1,
          action: { type: 'resign', seat: 0 },
          deadline: null,
          result: null,
          at: 6,
        }),
      ).toBe('stale');
      await st.close();
    });

    it('R30 D8 notes: one row per location, replaced by upsert, removed by null, never in the log', async () => {
      const st = await factory();
      await st.createGame(lobbyRow('n'));
      await st.addPlace('n', { place: 2, name: 'Bo', tokenHash: 'h-n-2', bot: null, volunteer: false, joinedAt: 2 });
      expect(await st.startGame('n', startInfo('n'))).toBe(true);
      const body = (text: string) => ({ from: 2, to: 5, crossed: ['pool' as const], text });
      expect(await st.notesOf('n')).toEqual([]);
      for (let i = 0; i < 500; i++) await st.setNote('n', { seat: 1, at: (i * 5) % 42, note: body(`v${i}`) }, i);
      await st.setNote('n', { seat: 1, at: 0, note: null }, 600);
      await st.setNote('n', { seat: 1, at: 0, note: null }, 601); // nothing there is fine
      const notes = await st.notesOf('n');
      expect(notes).toHaveLength(41);
      expect(notes.map((x) => x.at)).toEqual([...Array(41).keys()].map((i) => i + 1));
      // Each location holds its last change (5 * 497 = 7 mod 42).
      expect(notes.find((x) => x.at === 7)).toEqual({ at: 7, note: body('v497') });
      expect(await st.notesOf('other')).toEqual([]);
      expect(await st.allActions('n')).toEqual([]);
      expect((await st.getGame('n'))!.seq).toBe(0);
      await st.close();
    });
  });
}
