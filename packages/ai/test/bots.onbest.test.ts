// Anytime reports: the easy and hard bots tell `onBest` each better move as they find it, so
// the server's BotPool can play the best move so far when a decision runs out of time. The hard
// recruiter reports its move without the agents' belief before it computes that belief (the slow
// part). Listening must not change the move.
import {
  type Action,
  apply,
  expectedSeats,
  type GameState,
  legalActions,
  newGame,
  rngFrom,
  view,
} from '@mindmgmt/engine';
import { describe, expect, it } from 'vitest';
import { makeBot, seatRng } from '../src/bots/index.js';
import { NO_CUTOFF_MS } from './work-limited.js';

/** A Full game played by the easy bots: the first `n` main-game decisions of `seat` with a choice. */
function positionsOf(seat: 0 | 1, seed: number, n: number): GameState[] {
  let s = newGame({ mode: 'full', agentSeats: 1, recruiterCard: 'choose' }, seed);
  const bots = [makeBot('easy', 'recruiter'), makeBot('easy', 'agents')];
  const rngs = [seatRng(seed, 0), seatRng(seed, 1)];
  const out: GameState[] = [];
  while (!s.result && out.length < n) {
    const who = expectedSeats(s).find((x) => legalActions(s, x).length > 0)!;
    const legal = legalActions(s, who);
    const main = s.phase === 'recruiterTurn' || s.phase === 'agentsTurn';
    if (who === seat && main && legal.length > 1) out.push(s);
    const r = apply(s, bots[who]!.decide(view(s, who), legal, rngs[who]!, NO_CUTOFF_MS));
    if (!r.ok) throw new Error(r.message);
    s = r.state;
  }
  return out;
}

describe('easy and hard bots report their best move so far (onBest)', () => {
  const positions = { recruiter: positionsOf(0, 11, 6), agents: positionsOf(1, 11, 6) };

  it.each([
    ['easy', 'recruiter'],
    ['hard', 'recruiter'],
    ['easy', 'agents'],
    ['hard', 'agents'],
  ] as const)(
    'the %s %s report legal moves, the last one is the move played, and listening changes nothing',
    (level, side) => {
      const seat = side === 'recruiter' ? 0 : 1;
      expect(positions[side].length).toBe(6);
      for (const [i, s] of positions[side].entries()) {
        const legal = legalActions(s, seat);
        const seen: Action[] = [];
        const a = makeBot(level, side).decide(view(s, seat), legal, rngFrom(i), NO_CUTOFF_MS, (x) => seen.push(x));
        expect(seen.length).toBeGreaterThan(0);
        for (const x of seen) expect(legal).toContainEqual(x);
        expect(seen[seen.length - 1]).toEqual(a);
        const quiet = makeBot(level, side).decide(view(s, seat), legal, rngFrom(i), NO_CUTOFF_MS);
        expect(quiet).toEqual(a);
      }
    },
  );
});
