// Time controls and stand-ins (D13) over real WebSockets, on any store: a seat that runs out of
// time, or whose player leaves, is played by a stand-in while another person still plays; the
// player takes it back at its next turn. The sweep and the clocks run on a clock the test moves.
import { afterEach, expect, it } from 'vitest';
import type { RunningServer } from '../src/app/server.js';
import type { GameStore } from '../src/store/types.js';
import { api, Client, closeTable, openTable, type Table, testServer } from './helpers.js';

const BANK = 300;
const INC = 20;

export function standInSuite(name: string, makeStore: () => GameStore | Promise<GameStore>): void {
  let srv: RunningServer | null = null;
  let t: Table | null = null;
  let now = 1_000_000_000_000;
  afterEach(async () => {
    if (t) closeTable(t);
    t = null;
    await srv?.close();
    srv = null;
  });

  async function table(extra: Record<string, unknown> = {}): Promise<Table> {
    now = 1_000_000_000_000;
    srv = await testServer(await makeStore(), { service: { wallClock: () => now, sweepMs: 3_600_000 } as never });
    t = await openTable(srv.url, {
      mode: 'training',
      players: 2,
      recruiterChoice: 'host',
      ...({
        timeControl: { kind: 'realtime', bankSec: BANK, incSec: INC },
        standInLevel: 'random',
        ...extra,
      } as object),
    } as never);
    return t;
  }

  /** The host (recruiter, seat 0) moves until the game waits on seat 1. */
  async function hostUntilSeat1(tb: Table): Promise<void> {
    const host = tb.bySeat.get(0)!;
    for (let i = 0; i < 40 && !host.view.expected.includes(1); i++) {
      const seq = host.view.seq;
      const a = host.legal.find((x: any) => x.type !== 'undo' && x.type !== 'resign');
      const { seat: _s, ...rest } = a;
      now += 1000;
      const r = await host.request(
        { t: 'act', gameId: tb.gameId, seq, action: rest, id: `h${seq}` },
        (m) => m.id === `h${seq}`,
      );
      expect(r.t).toBe('events');
    }
    expect(host.view.expected).toContain(1);
  }

  const lobbyOf = (c: Client, pred: (l: any) => boolean) =>
    c.wait((m) => m.t === 'lobby' && pred(m.lobby), undefined, false);

  it(`regression (${name}): a guest who stopped playing a timed table ended the game for the host`, async () => {
    const tb = await table();
    const host = tb.bySeat.get(0)!;
    await hostUntilSeat1(tb);
    // The host's bank: the seconds its moves took, and the increment once the turn passed.
    const l = (await api(srv!.url, 'GET', `/api/games/${tb.gameId}`)).body;
    expect(l.clock.running).toEqual([1]);
    expect(l.clock.banks[0]).toBeLessThan(BANK * 1000 + INC * 1000);
    expect(l.clock.banks[0]).toBeGreaterThan(BANK * 1000 - 60_000);
    expect(l.clock.banks[1]).toBe(BANK * 1000);
    tb.bySeat.get(1)!.close();
    now += 60_000;
    expect(await srv!.service.sweep()).toBe(0); // not yet
    now += BANK * 1000;
    const seated = lobbyOf(host, (x) => !!x.seats?.[1]?.standIn);
    expect(await srv!.service.sweep()).toBe(1);
    const lobby = (await seated).lobby;
    expect(lobby.status).toBe('active');
    expect(lobby.seats[1].standIn).toEqual({ level: 'random', why: 'time', back: false });
    // The stand-in plays seat 1: the game goes on and waits on the host again.
    await host.wait((m) => m.t === 'events' && m.view.expected.includes(0) && !m.view.result);
    expect(host.view.result).toBeNull();
  });

  it(`regression (${name}): leaving ended the game, or left the seat empty, for the others`, async () => {
    const tb = await table();
    const guest = tb.bySeat.get(1)!;
    const host = tb.bySeat.get(0)!;
    // Acting out of a stood-in seat is refused; leaving hands the seat over at once.
    const left = lobbyOf(host, (x) => x.seats?.[1]?.standIn?.why === 'left');
    await guest.request({ t: 'leave', gameId: tb.gameId, id: 'l' }, (m) => m.t === 'lobby' && m.lobby.seats[1].standIn);
    await left;
    const seq = guest.view.seq;
    const refused = await guest.request(
      { t: 'act', gameId: tb.gameId, seq, action: { type: 'endTurn' }, id: 'x' },
      (m) => m.id === 'x',
    );
    expect(refused.code).toBe('stood_in');
    // Coming back while the game does not wait on the seat: it is the player's at once.
    expect(guest.view.expected).not.toContain(1);
    const back = lobbyOf(host, (x) => x.seats?.[1] && !x.seats[1].standIn);
    guest.send({ t: 'back', gameId: tb.gameId });
    await back;
    await hostUntilSeat1(tb);
    // The seat is the player's own again: the server plays nothing for it.
    await guest.waitSeq(host.view.seq);
    const s = guest.view.seq;
    const a = guest.legal.find((x: any) => x.type !== 'undo' && x.type !== 'resign');
    const { seat: _s, ...rest } = a;
    const r = await guest.request({ t: 'act', gameId: tb.gameId, seq: s, action: rest, id: 'g' }, (m) => m.id === 'g');
    expect(r.t).toBe('events');
  });

  it(`regression (${name}): one agent player's resignation ended the game for every agent player`, async () => {
    const tb = await table({ players: 3 });
    const [host, a1, a2] = [0, 1, 2].map((x) => tb.bySeat.get(x)!);
    const resign = (c: Client, id: string) =>
      c.send({ t: 'act', gameId: tb.gameId, seq: c.view.seq, action: { type: 'resign' }, id });
    // Seat 1 resigns: a proposal to seat 2, not the end.
    const proposed = lobbyOf(host, (x) => x.proposal?.seat === 1);
    resign(a1, 'r1');
    expect((await proposed).lobby.proposal).toMatchObject({ kind: 'resign', seat: 1, accepted: [] });
    expect(host.view.result).toBeNull();
    // Seat 2 refuses: seat 1's player leaves, a stand-in plays on for them.
    const refused = lobbyOf(host, (x) => !x.proposal && x.seats[1].standIn?.why === 'left');
    a2.send({ t: 'refuse', gameId: tb.gameId });
    await refused;
    expect(host.view.result).toBeNull();
    // Seat 2 proposes in turn, with nobody left to ask: the agents resign at once.
    const over = host.wait((m) => m.t === 'events' && m.view.result);
    resign(a2, 'r2');
    expect((await over).view.result).toMatchObject({ winner: 'recruiter', reason: 'resign' });
  });

  it(`regression (${name}): a resignation proposal nobody answered held the team forever`, async () => {
    const tb = await table({ players: 3 });
    const [host, , a2] = [0, 1, 2].map((x) => tb.bySeat.get(x)!);
    const proposed = lobbyOf(host, (x) => x.proposal?.seat === 2);
    a2.send({ t: 'act', gameId: tb.gameId, seq: a2.view.seq, action: { type: 'resign' } });
    await proposed;
    now += 30_000;
    await srv!.service.sweep();
    now += 31_000;
    const lapsed = lobbyOf(host, (x) => !x.proposal && x.seats[2].standIn?.why === 'left');
    await srv!.service.sweep();
    await lapsed;
    expect(host.view.result).toBeNull();
    // Gone from the seat, the player still cannot end the game for the teammate who plays on.
    const again = lobbyOf(host, (x) => x.proposal?.seat === 2);
    a2.send({ t: 'act', gameId: tb.gameId, seq: a2.view.seq, action: { type: 'resign' } });
    await again;
    expect(host.view.result).toBeNull();
  });

  it(`regression (${name}): agent players who all agreed to resign could not`, async () => {
    const tb = await table({ players: 3 });
    const [host, a1, a2] = [0, 1, 2].map((x) => tb.bySeat.get(x)!);
    const proposed = lobbyOf(host, (x) => x.proposal?.seat === 1);
    a1.send({ t: 'act', gameId: tb.gameId, seq: a1.view.seq, action: { type: 'resign' } });
    await proposed;
    const over = host.wait((m) => m.t === 'events' && m.view.result);
    a2.send({ t: 'accept', gameId: tb.gameId });
    expect((await over).view.result).toMatchObject({ winner: 'recruiter', reason: 'resign' });
  });

  it(`regression (${name}): the last person leaving a table of bots leaves nobody to play: the game ends`, async () => {
    const tb = await table({ standInLevel: 'random' });
    const guest = tb.bySeat.get(1)!;
    const host = tb.bySeat.get(0)!;
    await guest.request({ t: 'leave', gameId: tb.gameId }, (m) => m.t === 'lobby' && m.lobby.seats[1].standIn);
    const over = host.wait((m) => m.t === 'events' && m.view.result);
    host.send({ t: 'leave', gameId: tb.gameId });
    const end = await over;
    expect(end.view.result).toMatchObject({ winner: 'agents', reason: 'resign' });
  });
}
