// Abandoning a game by agreement (docs/rules.md D14) over real WebSockets, on any store: a player
// proposes, every other person at the table must accept; one refusal, or no answer within the
// proposal's window, and the game goes on. The sweep runs on a clock the test moves.
import { afterEach, expect, it } from 'vitest';
import type { RunningServer } from '../src/app/server.js';
import type { GameStore } from '../src/store/types.js';
import { Client, closeTable, openTable, type Table, testServer } from './helpers.js';

export function abandonSuite(name: string, makeStore: () => GameStore | Promise<GameStore>): void {
  let srv: RunningServer | null = null;
  let t: Table | null = null;
  let now = 1_000_000_000_000;
  afterEach(async () => {
    if (t) closeTable(t);
    t = null;
    await srv?.close();
    srv = null;
  });

  async function table(players: number): Promise<Table> {
    now = 1_000_000_000_000;
    srv = await testServer(await makeStore(), { service: { wallClock: () => now, sweepMs: 3_600_000 } as never });
    t = await openTable(srv.url, {
      mode: 'training',
      players,
      recruiterChoice: 'host',
      ...({ standInLevel: 'random' } as object),
    } as never);
    return t;
  }

  const lobbyOf = (c: Client, pred: (l: any) => boolean) =>
    c.wait((m) => m.t === 'lobby' && pred(m.lobby), undefined, false);

  it(`regression (${name}): players who all agreed to stop a game could only resign (someone lost)`, async () => {
    const tb = await table(3);
    const [host, a1, a2] = [0, 1, 2].map((x) => tb.bySeat.get(x)!);
    const proposed = lobbyOf(host, (x) => x.proposal?.kind === 'abandon');
    a1.send({ t: 'abandon', gameId: tb.gameId });
    expect((await proposed).lobby.proposal).toMatchObject({ kind: 'abandon', seat: 1, accepted: [] });
    // The recruiter accepts: the game still waits on seat 2.
    const half = lobbyOf(host, (x) => x.proposal?.accepted?.includes(0));
    host.send({ t: 'accept', gameId: tb.gameId });
    await half;
    expect(host.view.result).toBeNull();
    const over = host.wait((m) => m.t === 'events' && m.view.result);
    a2.send({ t: 'accept', gameId: tb.gameId });
    expect((await over).view.result).toMatchObject({ winner: null, reason: 'abandoned' });
    const row = await srv!.service.store.getGame(tb.gameId);
    expect(row!.status).toBe('over');
    expect(row!.result).toMatchObject({ winner: null, reason: 'abandoned' });
  });

  it(`regression (${name}): one player refusing to abandon, or not answering, ended the game anyway`, async () => {
    const tb = await table(2);
    const [host, guest] = [0, 1].map((x) => tb.bySeat.get(x)!);
    const proposed = lobbyOf(guest, (x) => x.proposal?.kind === 'abandon');
    host.send({ t: 'abandon', gameId: tb.gameId });
    await proposed;
    // The proposer cannot answer their own proposal.
    const self = await host.request({ t: 'accept', gameId: tb.gameId, id: 's' }, (m) => m.id === 's');
    expect(self.code).toBe('forbidden');
    const refused = lobbyOf(host, (x) => !x.proposal);
    guest.send({ t: 'refuse', gameId: tb.gameId });
    await refused;
    expect(host.view.result).toBeNull();
    // The refusal leaves both seats to their players (no stand-in, unlike a refused resignation).
    const row = await srv!.service.store.getGame(tb.gameId);
    expect(row!.start!.seats.some((s) => s.standIn)).toBe(false);
    // Proposed again and left unanswered past the window: it lapses, the game goes on.
    const again = lobbyOf(host, (x) => x.proposal?.kind === 'abandon');
    guest.send({ t: 'abandon', gameId: tb.gameId });
    await again;
    now += 61_000;
    const lapsed = lobbyOf(host, (x) => !x.proposal);
    await srv!.service.sweep();
    await lapsed;
    expect(host.view.result).toBeNull();
    expect((await srv!.service.store.getGame(tb.gameId))!.status).toBe('active');
  });

  it(`regression (${name}): a player whose seat a stand-in held proposed to abandon, or was asked`, async () => {
    const tb = await table(3);
    const [host, a1, a2] = [0, 1, 2].map((x) => tb.bySeat.get(x)!);
    await a1.request({ t: 'leave', gameId: tb.gameId }, (m) => m.t === 'lobby' && m.lobby.seats[1].standIn);
    const refused = await a1.request({ t: 'abandon', gameId: tb.gameId, id: 'p' }, (m) => m.id === 'p');
    expect(refused.code).toBe('stood_in');
    // The two who still play decide alone: one accepting ends it.
    const proposed = lobbyOf(host, (x) => x.proposal?.kind === 'abandon');
    a2.send({ t: 'abandon', gameId: tb.gameId });
    await proposed;
    const asked = await a1.request({ t: 'accept', gameId: tb.gameId, id: 'a' }, (m) => m.id === 'a');
    expect(asked.code).toBe('forbidden');
    const over = host.wait((m) => m.t === 'events' && m.view.result);
    host.send({ t: 'accept', gameId: tb.gameId });
    expect((await over).view.result).toMatchObject({ winner: null, reason: 'abandoned' });
  });

  it(`regression (${name}): a lone player against bots abandoned instead of resigning`, async () => {
    srv = await testServer(await makeStore(), { service: { wallClock: () => now, sweepMs: 3_600_000 } as never });
    t = await openTable(srv.url, {
      mode: 'training',
      players: 2,
      recruiterChoice: 'host',
      bots: { '2': 'random' },
    } as never);
    const host = t.bySeat.get(0)!;
    const r = await host.request({ t: 'abandon', gameId: t.gameId, id: 'p' }, (m) => m.id === 'p');
    expect(r.code).toBe('no_one_to_ask');
    expect(host.view.result).toBeNull();
  });
}
