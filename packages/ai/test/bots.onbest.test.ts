// Anytime reports (issue 11): the recruiter bots tell `onBest` each better move as they find it, so
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

/** A Full game played by the easy bots until the recruiter's `n`-th main-game action decision. */
function recruiterPositions(seed: number, n: number): GameState[] {
  let s = newGame({ mode: 'full', agentSeats: 1, recruiterCard: 'choose' }, seed);
  const bots = [makeBot('easy', 'recruiter'), makeBot('easy', 'agents')];
  const rngs = [seatRng(seed, 0), seatRng(seed, 1)];
  const out: GameState[] = [];
  while (!s.result && out.length < n) {
    const seat = expectedSeats(s).find((x) => legalActions(s, x).length > 0)!;
    const legal = legalActions(s, seat);
    if (seat === 0 && s.phase === 'recruiterTurn' && legal.length > 1) out.push(s);
    const r = apply(s, bots[seat]!.decide(view(s, seat), legal, rngs[seat]!, 100));
    if (!r.ok) throw new Error(r.message);
    s = r.state;
  }
  return out;
}

describe('recruiter bots report their best move so far (onBest)', () => {
  const positions = recruiterPositions(11, 6);

  it.each(['easy', 'hard'] as const)(
    'the %s recruiter reports legal moves, the last one is the move it plays, and listening changes nothing',
    (level) => {
      expect(positions.length).toBe(6);
      for (const [i, s] of positions.entries()) {
        const legal = legalActions(s, 0);
        const seen: Action[] = [];
        const a = makeBot(level, 'recruiter').decide(view(s, 0), legal, rngFrom(i), 1000, (x) => seen.push(x));
        expect(seen.length).toBeGreaterThan(0);
        for (const x of seen) expect(legal).toContainEqual(x);
        expect(seen[seen.length - 1]).toEqual(a);
        const quiet = makeBot(level, 'recruiter').decide(view(s, 0), legal, rngFrom(i), 1000);
        expect(quiet).toEqual(a);
      }
    },
  );
});
