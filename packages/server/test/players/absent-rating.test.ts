// D13 (docs/players.md "Absent players"): a player whose seat a stand-in held at the end loses,
// on the record and in rating; the players who were there lose no rating to a stand-in.
import { describe, expect, it } from 'vitest';
import { historyRows, rateWithAbsent, recordGameOver } from '../../src/players/game-over.js';
import type { GameRow, SeatRow } from '../../src/store/types.js';

const seat = (s: number, standIn = false): SeatRow => ({
  seat: s,
  place: s + 1,
  name: `P${s}`,
  tokenHash: `h${s}`,
  bot: null,
  ...(standIn ? { standIn: { level: 'hard' as const, why: 'left' as const, seq: 3 } } : {}),
});

function game(winner: 'recruiter' | 'agents', seats: SeatRow[]): GameRow {
  return {
    id: 'g',
    title: 't',
    createdAt: 0,
    status: 'over',
    options: {
      mode: 'full',
      recruiterCard: 'random',
      recruiterChoice: 'random',
      players: seats.length,
      solo: null,
      turnTimerSec: null,
      assistant: 'off',
    },
    hostPlace: 1,
    places: [],
    start: {
      seed: 1,
      engineVersion: 'x',
      engineOptions: { mode: 'full', agentSeats: seats.length - 1, recruiterCard: 'random' },
      seats,
      startedAt: 0,
    },
    seq: 10,
    deadline: null,
    result: { winner, reason: 'capture', time: 5 } as GameRow['result'],
    updatedAt: 5,
  };
}

const input = (n: number) => ({
  seatPlayers: new Map(Array.from({ length: n }, (_, i) => [i, `p${i}`] as [number, string])),
  rated: true,
  campaignId: null,
  now: 9,
});

describe('absent players (D13)', () => {
  it('regression: a player who left and whose side then won was credited with the win', () => {
    // Seat 1 left; the stand-in and seat 2 won for the agents.
    const g = game('agents', [seat(0), seat(1, true), seat(2)]);
    const rows = historyRows(g, input(3));
    expect(rows.map((r) => [r.playerId, r.won])).toEqual([
      ['p0', false],
      ['p1', false],
      ['p2', true],
    ]);
    const out = rateWithAbsent(g, rows, input(3))(new Map());
    const by = new Map(out.map((r) => [r.playerId, r.rating]));
    // the absent agent is rated as a loss, the present winner as a win, the loser is left alone
    expect(by.get('p1')!).toBeLessThan(1500);
    expect(by.get('p2')!).toBeGreaterThan(1500);
    expect(by.has('p0')).toBe(false);
  });

  it('regression: a friend leaving on purpose cost the player who stayed rating points', () => {
    // The recruiter left; the stand-in beat the agent who stayed.
    const g = game('recruiter', [seat(0, true), seat(1)]);
    const out = rateWithAbsent(g, historyRows(g, input(2)), input(2))(new Map());
    expect(out.map((r) => r.playerId)).toEqual(['p0']);
    expect(out[0]!.rating).toBeLessThan(1500);
  });
});

describe('abandoned by agreement (D14)', () => {
  it('regression: a game the table agreed to abandon was rated, or recorded as a loss', async () => {
    const g = { ...game('agents', [seat(0), seat(1)]), result: { winner: null, reason: 'abandoned', time: 7 } };
    const rows = historyRows(g as GameRow, input(2));
    expect(rows.map((r) => [r.playerId, r.won, r.rated, r.abandoned])).toEqual([
      ['p0', false, false, true],
      ['p1', false, false, true],
    ]);
    let rate: unknown = 'not called';
    const store = {
      recordFinishedGame: async (_id: string, _rows: unknown, r: unknown) => ((rate = r), true),
    } as unknown as Parameters<typeof recordGameOver>[0];
    expect(await recordGameOver(store, g as GameRow, input(2))).toBe('recorded');
    expect(rate).toBeNull();
  });
});
