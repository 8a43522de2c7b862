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
import { TRIPLE_COUNT, TripleSets, WORDS } from '../src/deduction/triples.js';

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
  for (const e of pubLog(last)) {
    stats[e.pub.kind] = (stats[e.pub.kind] ?? 0) + 1;
    if (e.pub.kind === 'timeAdvanced' && e.pub.alert !== null) stats.alerts = (stats.alerts ?? 0) + 1;
  }
  if (last.result) stats[`over:${last.result.reason}`] = (stats[`over:${last.result.reason}`] ?? 0) + 1;
}

// Game counts: DEDUCTION_SCALE=4 multiplies them (defaults keep this file around 25 s; the
// brute force dominates). The seeds are fixed, so the same games run every time.
const tick = (): Promise<void> => new Promise((r) => setImmediate(r));
const SCALE = Number(process.env.DEDUCTION_SCALE ?? 1);
const TRAINING_GAMES = Math.round(150 * SCALE);
const LONG_TRAINING_GAMES = Math.round(16 * SCALE);
const FULL_GAMES = Math.round(10 * SCALE);

describe('interned triple sets (typed-array tables)', () => {
  it('intersections and interning agree with plain bitsets, across table growth', () => {
    const sets = new TripleSets();
    let seed = 12345;
    const rnd = (): number => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed / 2 ** 32;
    };
    const plain: Uint32Array[] = [sets.words(0).slice(), sets.words(1).slice()];
    const ids = [0, 1];
    // Random sets of varied density (some tiny, some near full), enough to grow every table.
    for (let k = 0; k < 6000; k++) {
      const bits = new Uint32Array(WORDS);
      const p = [0.01, 0.05, 0.3, 0.9][k % 4]!;
      for (let i = 0; i < TRIPLE_COUNT; i++) if (rnd() < p) bits[i >>> 5]! |= 1 << (i & 31);
      const id = sets.intern(bits);
      expect(sets.intern(bits.slice())).toBe(id);
      ids.push(id);
      plain[id] = bits;
    }
    const sizeOf = (b: Uint32Array): number => {
      let n = 0;
      for (let i = 0; i < TRIPLE_COUNT; i++) if ((b[i >>> 5]! >>> (i & 31)) & 1) n++;
      return n;
    };
    for (let k = 0; k < 20000; k++) {
      const a = ids[Math.floor(rnd() * ids.length)]!;
      const b = k % 5 === 0 ? a : ids[Math.floor(rnd() * ids.length)]!;
      const m = sets.and(a, b);
      expect(sets.and(b, a)).toBe(m);
      const want = plain[a]!.map((x, w) => x & plain[b]![w]!);
      expect(Array.from(sets.words(m)), `${a} & ${b}`).toEqual(Array.from(want));
      expect(sets.size(m)).toBe(sizeOf(want));
      if (plain[m] === undefined) {
        plain[m] = want;
        ids.push(m);
      }
      // Subsets are answered without interning, and still by the canonical id.
      expect(sets.and(m, a)).toBe(m);
    }
    expect(sets.count).toBeGreaterThan(8192);
  });
});

describe('deduction is exact (fast DP == brute-force enumeration)', () => {
  it('Training games cut 1-3 turns after setup', async () => {
    const stats: Record<string, number> = { points: 0, worlds: 0 };
    for (let seed = 1; seed <= TRAINING_GAMES; seed++) {
      checkGame('training', seed, { maxTime: 6 + (seed % 4) }, stats);
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
    expect(stats.askAnswered).toBeGreaterThan(FULL_GAMES / 2);
    console.log('full exact:', JSON.stringify(stats));
  });

  it('Training games cut at time 10: two red alerts, reveals rebuilding alert layers', async () => {
    const stats: Record<string, number> = { points: 0, worlds: 0 };
    // Well-chosen games: only those with a reveal (cheap to find: the games are replayed).
    let picked = 0;
    for (let seed = 7001; picked < LONG_TRAINING_GAMES && seed < 7001 + 40 * LONG_TRAINING_GAMES; seed++) {
      const probe = randomGame({ mode: 'training', seed, maxTime: 10 });
      if (!probe.history.some((e) => e.pub.kind === 'revealed')) continue;
      checkGame('training', seed, { maxTime: 10 }, stats);
      picked++;
      await tick();
    }
    expect(picked).toBe(LONG_TRAINING_GAMES);
    expect(stats.alerts).toBeGreaterThan(LONG_TRAINING_GAMES);
    expect(stats.revealed).toBeGreaterThanOrEqual(LONG_TRAINING_GAMES);
    console.log('long training exact:', JSON.stringify(stats));
  });
});
