// The one action path (play/master.ts): players, bots, timers and other instances' commits all
// go through GameMaster.submit; a remote commit is applied and fanned out but never stored again.
import { expectedSeats, legalActions } from '@mindmgmt/engine';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { GameService } from '../src/app/games.js';
import { StaleError } from '../src/http/api-error.js';
import { DEFAULT_LIMITS } from '../src/limits/config.js';
import type { Conn } from '../src/play/live.js';
import { DEFAULT_SERVICE_CONFIG } from '../src/play/service-config.js';
import { MemoryStore } from '../src/store/memory.js';
import { sweepDeadlines } from '../src/play/timers.js';
import { catchUpFrame } from '../src/play/frames.js';
import { FAST } from './helpers.js';

/** A started 2-player Training game with a spectator-free seat-1 connection subscribed. */
async function startedGame() {
  const store = new MemoryStore();
  const svc = new GameService(
    store,
    pino({ level: 'silent' }),
    { ...DEFAULT_SERVICE_CONFIG, ...FAST.service },
    { ...DEFAULT_LIMITS, ...FAST.limits },
  );
  const { gameId, token } = await svc.lobby.createGame({
    name: 'Ann',
    mode: 'training',
    players: 2,
    bots: {},
    recruiterCard: 'random',
    recruiterChoice: 'host',
    turnTimerSec: null,
  });
  const { token: t2 } = await svc.lobby.join(gameId, 'Bea', undefined, false);
  await svc.lobby.startGame(gameId, token);
  const sent: string[] = [];
  const conn: Conn = { cid: 1, send: (t) => sent.push(t), gameId: null, tokenHash: null, viewer: null };
  await svc.connections.hello(conn, gameId, t2);
  const g = (await svc.master.getLive(gameId))!;
  const s = g.state!;
  const action = legalActions(s, expectedSeats(s)[0]!)[0]!;
  return { store, svc, g, s, action, sent };
}

describe('one action path (play/master.ts)', () => {
  it('a commit of another instance goes through submit: applied and fanned out, not appended again', async () => {
    const { store, svc, g, s, action, sent } = await startedGame();
    // "Another instance" commits it to the shared store first.
    const stored = { gameId: g.id, expectedSeq: s.seq, action, deadline: null, result: null, at: 1 };
    expect(await store.appendAction(stored)).toBe('ok');
    const row = { ...g.row, seq: s.seq + 1 };
    const before = sent.length;
    await g.lock.run(() => svc.master.submit(g, action, { by: 'remote', seq: s.seq, row }));
    expect(g.state!.seq).toBe(s.seq + 1);
    expect((await store.loadLog(g.id)).actions).toHaveLength(1);
    const frames = sent.slice(before).map((t) => JSON.parse(t) as { t: string; seq: number });
    expect(frames.map((f) => [f.t, f.seq])).toEqual([['events', s.seq + 1]]);
    await svc.close();
  });

  it('a bot or timer action decided at an old seq is refused as stale and changes nothing', async () => {
    const { store, svc, g, s, action, sent } = await startedGame();
    const before = sent.length;
    for (const by of ['bot', 'timer'] as const)
      await expect(g.lock.run(() => svc.master.submit(g, action, { by, seq: s.seq + 1 }))).rejects.toBeInstanceOf(
        StaleError,
      );
    expect(g.state).toBe(s);
    expect(sent.length).toBe(before);
    expect((await store.loadLog(g.id)).actions).toHaveLength(0);
    await svc.close();
  });

  it('R30 D8: a legacy note action is no action of the live path, even from another instance; a stored log holding one still replays', async () => {
    const { store, svc, g, s, sent } = await startedGame();
    const legacy = {
      type: 'note',
      seat: 1,
      at: 4,
      note: { from: null, to: null, crossed: [], text: 'before notes left the log' },
    } as const;
    const before = sent.length;
    const row = { ...g.row, seq: s.seq + 1 };
    await expect(
      g.lock.run(() => svc.master.submit(g, legacy, { by: 'remote', seq: s.seq, row })),
    ).rejects.toMatchObject({ status: 422, code: 'not_allowed' });
    expect(g.state).toBe(s);
    expect(sent.length).toBe(before);
    // Where an older server left it: in the stored log, from which the game is read back.
    expect(
      await store.appendAction({
        gameId: g.id,
        expectedSeq: s.seq,
        action: legacy,
        deadline: null,
        result: null,
        at: 1,
      }),
    ).toBe('ok');
    const replayed = await svc.master.replay(row);
    expect(replayed.seq).toBe(s.seq + 1);
    expect(replayed.history.at(-1)).toMatchObject({ pub: { kind: 'noteChanged', seat: 1, at: 4 } });
    await svc.close();
  });

  it('D12 an undo keeps the deadline it found (taking a move back never buys time), and the timeout still comes at it (D13: a stand-in takes the seat)', async () => {
    const { svc, g } = await startedGame();
    const play = async (pick: (legal: ReturnType<typeof legalActions>) => ReturnType<typeof legalActions>[number]) => {
      const s = g.state!;
      const action = pick(legalActions(s, expectedSeats(s)[0]!, { undo: true }));
      await g.lock.run(() => svc.master.submit(g, action, { by: 'bot', seq: s.seq }));
    };
    for (let i = 0; i < 40 && g.state!.phase !== 'agentsTurn'; i++) await play((l) => l[0]!);
    expect(g.state!.phase).toBe('agentsTurn');
    await play((l) => l.find((a) => a.type === 'activate')!);
    // the deadline as it stands (set back a minute, so a recomputed one could not equal it)
    const kept = { ...g.row.deadline!, at: g.row.deadline!.at - 60_000 };
    g.row = { ...g.row, deadline: kept };
    await play((l) => l.find((a) => a.type === 'undo')!);
    expect(g.state!.activation).toBeNull();
    expect(g.row.deadline).toEqual(kept);
    expect(await sweepDeadlines(svc.master, kept.at + 1)).toBe(1);
    // Another person still plays: the seat that ran out of time is played by a stand-in (D13).
    expect(g.state!.result).toBeNull();
    expect(g.row.start!.seats.find((x) => x.seat === kept.seat)!.standIn?.why).toBe('time');
  });

  it('D12 a reconnect from a seq whose log an undo cut back gets a fresh state, not entries taken back', async () => {
    const { svc, g } = await startedGame();
    const play = async (pick: (legal: ReturnType<typeof legalActions>) => ReturnType<typeof legalActions>[number]) => {
      const s = g.state!;
      const action = pick(legalActions(s, expectedSeats(s)[0]!, { undo: true }));
      await g.lock.run(() => svc.master.submit(g, action, { by: 'bot', seq: s.seq }));
    };
    for (let i = 0; i < 40 && g.state!.phase !== 'agentsTurn'; i++) await play((l) => l[0]!);
    await play((l) => l.find((a) => a.type === 'activate')!);
    const activated = g.state!.seq;
    await play((l) => l.find((a) => a.type === 'move')!);
    const moved = g.state!.seq;
    await play((l) => l.find((a) => a.type === 'undo')!);
    const seat = expectedSeats(g.state!)[0]!;
    expect(catchUpFrame(g, seat, moved, null)).toBeNull(); // its log held the move taken back
    const frame = JSON.parse(catchUpFrame(g, seat, activated, null)!); // its log is intact
    expect(frame.events).toEqual([]);
    expect(frame.view.seq).toBe(g.state!.seq);
  });
});
