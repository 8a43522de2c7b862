// The readable-engine playout (fast/reference.ts, used by the benchmark) and the fast playout
// follow the same definition of a random playout; both reach an end on every game, and their
// decisions per game are alike in distribution.
import { describe, expect, it } from 'vitest';
import { FastPlayer, fastRandomGame, readablePlayout, sideActions } from '../src/fast/index.js';
import { newGame } from '../src/index.js';

describe('random playouts, readable and fast', () => {
  it('both end every game; average decisions per game within 15%', () => {
    const p = new FastPlayer();
    let readableDecisions = 0;
    let fastDecisions = 0;
    const N = 60;
    const FN = 3000;
    for (let i = 0; i < N; i++) {
      const r = readablePlayout({ mode: 'full', agentSeats: 1 + (i % 4), recruiterCard: 'choose' }, i + 1, i + 77);
      expect(r.state.result).not.toBeNull();
      readableDecisions += r.decisions;
    }
    for (let i = 0; i < FN; i++) {
      fastRandomGame(p, { mode: 'full', agentSeats: 1 + (i % 4), recruiterCard: 'choose' }, i + 1, i + 77);
      expect(p.decisions).toBeGreaterThan(0);
      fastDecisions += p.decisions;
    }
    const a = readableDecisions / N;
    const b = fastDecisions / FN;
    expect(Math.abs(a - b) / b).toBeLessThan(0.15);
  });

  it('sideActions merges the agent seats (seat stripped, each action once)', () => {
    // 3 agent seats: during agent placement each seat places its own agents; Dusty is shared (D9)
    let g = newGame({ mode: 'training', agentSeats: 3, recruiterCard: 'carl' }, 5);
    expect(g.phase).toBe('start');
    const list = sideActions(g);
    expect(list.every((a) => a.type === 'chooseStart')).toBe(true);
    expect(list).toHaveLength(42);
    g = newGame({ mode: 'full', agentSeats: 3, recruiterCard: 'carl' }, 5);
    expect(sideActions(g).length).toBe(71); // R4: every orthogonal edge is free at first
  });
});
