// Opponent model for the hard agents: re-weights hidden worlds by how plausible each past
// recruiter move is for a sensible recruiter (public facts only). A recruiter rarely steps within
// reach of agents that act next when it had a safe alternative, and it tends to hide under the
// immortal it moves during its turn (escort). Likelihood ratios, not hard constraints. The agents
// also learn within a game: a capture that missed on a location the recruiter had just moved an
// immortal onto says this recruiter leaves decoys there, and each such miss shrinks the escort
// ratio towards 1.
import type { Loc } from '@mindmgmt/engine';
import type { TurnFacts } from '../deduction/turns.js';
import type { Belief, World } from './belief.js';
import { type Geo, N } from './geo.js';

export interface ModelWeights {
  /** Relative chance of stepping into a location agents can reach next, when a safe one exists. */
  readonly unsafe: number;
  /** Likelihood ratio for "the recruiter is where an immortal was moved this turn". */
  readonly escort: number;
  /**
   * Each capture that missed on an escorted location multiplies the ratio's excess over 1 by this
   * (the agents' own model). Absent: the ratio is fixed (what the recruiter bots predict of them).
   */
  readonly missFactor?: number;
}

/** The escort ratio after the captures that missed on escorted locations so far. */
export function escortRatio(m: ModelWeights, escortMisses: number): number {
  return m.missFactor === undefined ? m.escort : 1 + (m.escort - 1) * m.missFactor ** escortMisses;
}

function likelihood(
  w: World,
  g: Geo,
  facts: ReadonlyMap<number, TurnFacts>,
  m: ModelWeights,
  slip: readonly boolean[],
): number {
  let lik = 1;
  const vis = new Uint8Array(N);
  for (let t = 1; t <= w.path.length; t++) {
    const l = w.path[t - 1]!;
    const f = t >= 6 ? facts.get(t) : undefined;
    if (f && t >= 2 && !slip[t]) {
      const prev = w.path[t - 2]!;
      const unsafe = (c: Loc) => f.threats.some((a) => g.dist[a.at]![c]! <= a.reach);
      let tot = 0;
      for (const c of g.step[prev]!) if (!vis[c]) tot += unsafe(c) ? m.unsafe : 1;
      if (tot > 0) lik *= (unsafe(l) ? m.unsafe : 1) / tot;
    }
    if (f && f.escort.size) lik *= f.escort.has(l) ? m.escort : 1;
    vis[l] = 1;
  }
  return lik;
}

/** Re-weights `b`'s worlds by the opponent model, from the turn facts its constraints were read with. */
export function applyModel(b: Belief, g: Geo, m: ModelWeights): Belief {
  if (!b.worlds.length) return b;
  const facts = b.c.turns;
  const learnt = { ...m, escort: escortRatio(m, b.c.escortMisses) };
  const worlds = b.worlds.map((w) => ({ ...w, weight: w.weight * likelihood(w, g, facts, learnt, b.c.slip) }));
  let total = 0;
  for (const w of worlds) total += w.weight;
  if (!(total > 0)) return b;
  const here = new Float64Array(N);
  for (const w of worlds) here[w.path[w.path.length - 1]!]! += w.weight / total;
  return { ...b, worlds, total, here };
}
