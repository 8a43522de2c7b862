// Determinised root search: each iteration takes the next sampled world (all worlds share one set
// of root statistics, as in Nijssen-Winands' "determinisation in one tree" and Cowling et al.'s
// ISMCTS restricted to the root), picks a root move by UCB1 among the moves legal in that world,
// and plays the rest with the epsilon-greedy playout policy.
//
// The frozen hard bot's move (the prior) gets a fixed share of the playouts and is kept unless
// the search shows a move that is better by more than one standard error: the playout policies are
// crude, and a noisy win rate should not overrule a sound heuristic.
import { FAST_MAX_MOVES, FastState, fastGenerate } from '@mindmgmt/engine';
import type { Playout } from './playout.js';
import type { HiddenWorld, PublicFrame } from './world.js';

export interface Arm {
  readonly code: number;
  visits: number;
  wins: number;
}

export interface SearchLimits {
  /** Playouts at most (the only limit in iteration mode, which is deterministic). */
  readonly iterations: number;
  /** Wall clock: true once time is up (checked every few playouts); absent in iteration mode. */
  readonly timeUp?: () => boolean;
  /** Playouts that can still be run (for "the leader cannot be overtaken"). */
  readonly remaining: (done: number) => number;
}

export const SEARCH = {
  /** UCB1 exploration constant (rewards in [0, 1]). */
  explore: 0.7,
  /** Every k-th playout goes to the prior move. */
  priorEvery: 4,
  /**
   * Standard errors by which a searched move must beat the prior (the agents' search; the
   * recruiter plans its steps by simulated agents instead, plan.ts). Measured (
   * paired seeds, 1,000 playouts): deviating at 1 SE (recruiter) and 2.5 SE (agents) lost more
   * games than the prior alone (recruiter 1 of 13 against about 1 in 5; agents 4 of 9 lost against
   * about 1 in 7): the playouts' agents and recruiter are cruder than the yardstick bots, and the
   * best of many noisy arms beats the prior by chance. The search now leaves the prior only on
   * strong evidence. Agents 4 -> 8 (2026-12-01, 100 paired games, seeds 100-199, yardstick
   * recruiter): recruiter wins 14 at 4 SE, 7 at 8 SE, 5 with no departure at all, 6 for the hard
   * agents alone; the departures the agents' playouts propose (they never counter immortal
   * recruiting, R19) cost games. On 500 games (seeds 100-599) the expert agents at 8 SE won 91.0%,
   * the hard agents 91.4% (docs/bots.md): the search no longer costs games, nor wins any.
   */
  margin: 8,
  /** How often (in playouts) time, onBest and the stop rules are checked. */
  checkEvery: 16,
};

export interface SearchOutcome {
  readonly chosen: number;
  readonly playouts: number;
  readonly arms: readonly Arm[];
}

const mean = (a: Arm): number => (a.visits ? a.wins / a.visits : 0);

/**
 * The move the search would play now: the most visited move other than the prior (UCB1's robust
 * choice), if it beats the prior by `margin` standard errors; else the prior. The prior's own
 * visits are not compared: it gets a fixed share of the playouts, so it is always the most
 * visited and a "most visited" rule would never leave it.
 */
export function choice(arms: readonly Arm[], prior: number, margin: number): number {
  let best = -1;
  for (let i = 0; i < arms.length; i++) {
    if (i === prior) continue;
    const a = arms[i]!;
    const b = best < 0 ? null : arms[best]!;
    if (!b || a.visits > b.visits || (a.visits === b.visits && mean(a) > mean(b))) best = i;
  }
  if (prior < 0) return Math.max(0, best);
  if (best < 0) return prior;
  const p = arms[prior]!;
  const b = arms[best]!;
  if (p.visits < 4) return b.visits > 0 ? best : prior;
  if (b.visits < 4) return prior;
  const m1 = mean(b);
  const m0 = mean(p);
  const se = Math.sqrt((m1 * (1 - m1)) / b.visits + (m0 * (1 - m0)) / p.visits) + 1e-9;
  return m1 - m0 > margin * se ? best : prior;
}

export function search(
  frame: PublicFrame,
  worlds: readonly HiddenWorld[],
  arms: Arm[],
  prior: number,
  root: Uint8Array,
  rootWeight: Float64Array | undefined,
  escortTo: Uint8Array,
  me: number,
  margin: number,
  playout: Playout,
  limits: SearchLimits,
  onChange: (i: number) => void,
): SearchOutcome {
  const K = worlds.length;
  const s = new FastState();
  // which root moves are legal in each world (agents' moves can depend on nothing hidden, but a
  // world could still disagree; never play an illegal code)
  const buf = new Int32Array(FAST_MAX_MOVES);
  const legal = worlds.map((w) => {
    const n = fastGenerate(frame.fill(s, w), buf);
    const set = new Set<number>();
    for (let i = 0; i < n; i++) set.add(buf[i]!);
    return arms.map((a) => set.has(a.code));
  });
  let current = choice(arms, prior, margin);
  if (current !== prior) onChange(current);
  let total = 0;
  let it = 0;
  for (; it < limits.iterations; it++) {
    const k = it % K;
    const ok = legal[k]!;
    let pick = -1;
    if (prior >= 0 && ok[prior] && it % SEARCH.priorEvery === 0) pick = prior;
    else {
      let bestU = -Infinity;
      const lnT = Math.log(total + 1);
      for (let i = 0; i < arms.length; i++) {
        if (!ok[i]) continue;
        const a = arms[i]!;
        const u = a.visits === 0 ? 1e9 - i : a.wins / a.visits + SEARCH.explore * Math.sqrt(lnT / a.visits);
        if (u > bestU) {
          bestU = u;
          pick = i;
        }
      }
    }
    if (pick < 0) continue;
    frame.fill(s, worlds[k]!);
    playout.reset(root, rootWeight, escortTo);
    playout.play(s, arms[pick]!.code);
    const winner = playout.run(s);
    const a = arms[pick]!;
    a.visits++;
    if (winner === me) a.wins++;
    total++;
    if ((it + 1) % SEARCH.checkEvery === 0) {
      const c = choice(arms, prior, margin);
      if (c !== current) {
        current = c;
        onChange(c);
      }
      if (limits.timeUp?.()) {
        it++;
        break;
      }
      if (settled(arms, prior, limits.remaining(it + 1), total)) {
        it++;
        break;
      }
    }
  }
  const final = choice(arms, prior, margin);
  if (final !== current) onChange(final);
  return { chosen: final, playouts: total, arms };
}

/**
 * Nothing left to learn: the most visited challenger of the prior cannot be overtaken, or every
 * playout ends the same.
 */
function settled(arms: readonly Arm[], prior: number, remaining: number, total: number): boolean {
  let first = 0;
  let second = 0;
  let allWon = true;
  let allLost = true;
  for (let i = 0; i < arms.length; i++) {
    const a = arms[i]!;
    if (i === prior) {
      if (a.wins !== a.visits) allWon = false;
      if (a.wins !== 0) allLost = false;
      continue;
    }
    if (a.visits > first) {
      second = first;
      first = a.visits;
    } else if (a.visits > second) second = a.visits;
    if (a.wins !== a.visits) allWon = false;
    if (a.wins !== 0) allLost = false;
  }
  if (first - second > remaining) return true;
  return total >= 48 * Math.min(arms.length, 8) && (allWon || allLost);
}
