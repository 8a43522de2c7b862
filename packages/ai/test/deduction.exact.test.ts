// Exactness of the deduction engine (issue 5): on thousands of short random games the fast DP
// (Deduction / deduce) gives exactly the same world count, location weights, card shares,
// recruiter-card shares and 2nd-mind-slip share as the brute-force enumerator (brute.ts),
// which checks every hidden world (card x 3 cards x path) against the public log one by one.
// Equal counts both ways = sound (the true world is never excluded, checked separately in
// deduction.sound.test.ts) and complete (nothing inconsistent is kept).
import { type GameState, view } from '@mindmgmt/engine';
import { describe, expect, it } from 'vitest';
import {
  type Belief,
  bruteForce,
  type BruteBelief,
  Deduction,
  deduce,
  randomGame,
  agentsDecide,
} from '../src/index.js';

function expectSame(fast: Belief, slow: BruteBelief, what: string): void {
  expect(fast.histories, what).toBe(slow.histories);
  expect(fast.weights, what).toEqual(slow.weights);
  for (const [f, share] of Object.entries(slow.cardShares))
    expect(fast.cardShares[f as keyof typeof fast.cardShares], `${what} ${f}`).toBeCloseTo(share, 12);
  expect(fast.recruiterCardShares.carl, what).toBeCloseTo(slow.recruiterCardShares.carl, 12);
  expect(fast.recruiterCardShares.girl, what).toBeCloseTo(slow.recruiterCardShares.girl, 12);
  expect(fast.secondMindSlipHeldShare, what).toBeCloseTo(slow.secondMindSlipHeldShare, 12);
}

function pubLog(s: GameState): { pub: import('@mindmgmt/engine').PublicEvent }[] {
  // The agents' view (seat 1); after the game ends, keep only the public part.
  return view(s, 1).log.map((e) => ({ pub: e.pub }));
}

/** Plays a short game, keeping the agents' decision points; checks the cut and one earlier point. */
function checkGame(
  mode: 'training' | 'full',
  seed: number,
  cut: { maxTime?: number; stop?: (s: GameState) => boolean },
  stats: Record<string, number>,
): void {
  const points: GameState[] = [];
  const inc = new Deduction();
  const last = randomGame({
    mode,
    seed,
    ...cut,
    onState: (s) => {
      if (s.path.length === 0) return;
      if (agentsDecide(s)) points.push(s);
      inc.update(view(s, 'spectator')); // incremental, at every state
    },
  });
  const targets = [last];
  if (points.length > 1 && seed % 4 === 0) targets.push(points[seed % points.length]!);
  for (const s of targets) {
    const log = pubLog(s);
    const slow = bruteForce(log);
    const fast = deduce(view(s, 1));
    expectSame(fast, slow, `${mode} seed ${seed} time ${s.time}`);
    const truth = s.path[s.path.length - 1]!;
    expect(fast.possible[truth], `true location, seed ${seed}`).toBe(true);
    stats.points! += 1;
    stats.worlds! += slow.worldsChecked;
  }
  // The incremental engine, fed every state, ends where the one-shot one does.
  expect(inc.belief().weights).toEqual(deduce(view(last, 1)).weights);
  for (const e of pubLog(last)) stats[e.pub.kind] = (stats[e.pub.kind] ?? 0) + 1;
  if (last.result) stats[`over:${last.result.reason}`] = (stats[`over:${last.result.reason}`] ?? 0) + 1;
}

// Game counts: DEDUCTION_SCALE=4 multiplies them (defaults keep this file around 40 s).
const tick = (): Promise<void> => new Promise((r) => setImmediate(r));
const SCALE = Number(process.env.DEDUCTION_SCALE ?? 1);
const TRAINING_GAMES = Math.round(600 * SCALE);
const FULL_GAMES = Math.round(25 * SCALE);

describe('deduction is exact (fast DP == brute-force enumeration)', () => {
  it('Training games cut 1-3 turns after setup', async () => {
    const stats: Record<string, number> = { points: 0, worlds: 0 };
    for (let seed = 1; seed <= TRAINING_GAMES; seed++) {
      checkGame('training', seed, { maxTime: 6 + (seed % 3) }, stats);
      if (seed % 20 === 0) await tick(); // keep the worker responsive (vitest RPC)
    }
    // The biased agents really exercise the facts.
    expect(stats.askAnswered).toBeGreaterThan(TRAINING_GAMES / 2);
    expect(stats.revealed).toBeGreaterThan(TRAINING_GAMES / 40);
    expect(stats.captureAttempted).toBeGreaterThan(TRAINING_GAMES / 20);
    expect(stats.mindSlipUsed).toBeGreaterThan(TRAINING_GAMES / 20);
    console.log('training exact:', JSON.stringify(stats));
  });

  it('Full games cut during the first agents turn (time 6)', async () => {
    const stats: Record<string, number> = { points: 0, worlds: 0 };
    for (let seed = 1; seed <= FULL_GAMES; seed++) {
      let agentActs = 0;
      const budget = 2 + (seed % 7);
      checkGame(
        'full',
        5000 + seed,
        {
          stop: (s) => {
            if (s.time === 6 && s.phase !== 'recruiterTurn' && agentsDecide(s)) agentActs++;
            return s.time >= 7 || (s.time === 6 && agentActs > budget);
          },
        },
        stats,
      );
      await tick();
    }
    expect(stats.askAnswered).toBeGreaterThan(10);
    console.log('full exact:', JSON.stringify(stats));
  });
});
