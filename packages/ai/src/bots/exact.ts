// Bridge to the deduction engine (../deduction): the exact belief over the recruiter's
// current location and cards, kept incrementally per bot session (one game, one seat). Sampled
// worlds (belief.ts) are then re-weighted so their location marginal matches the exact one, and the
// exact card shares replace the sampled ones. Returns null if the deduction fails on a view.
import type { FeatureId, View } from '@mindmgmt/engine';
import { type Belief as DeductionBelief, Deduction } from '../deduction/index.js';
import { type Belief, beliefFrom } from './belief.js';
import { N } from './geo.js';

/**
 * Below this per-decision budget the exact deduction (occasionally a few hundred ms per update) is
 * skipped. A rule on the budget, an input of the decision, never on measured time: whether a
 * decision uses the exact belief must not depend on how busy the machine is, so a decision replays the same anywhere.
 */
export const EXACT_MIN_BUDGET_MS = 400;

export interface ExactBelief {
  readonly weights: readonly number[];
  readonly cardShares: Readonly<Record<FeatureId, number>>;
}

export class ExactTracker {
  private d: Deduction | null = null;

  update(v: View): ExactBelief | null {
    const b = this.full(v);
    if (!b || !(b.histories > 0)) return null;
    return { weights: b.weights, cardShares: b.cardShares };
  }

  /** Between decisions: frees the deduction's scratch tables and caches (Deduction `shed`). */
  shed(): void {
    this.d?.shed();
  }

  /**
   * Where the agents can know the recruiter could have stood at time t of `v` (the deduction's
   * forward layer; null if the deduction fails on the view).
   */
  possibleAt(v: View, t: number): boolean[] | null {
    return this.full(v) && this.d ? this.d.possibleAt(t) : null;
  }

  /** The deduction's whole belief for `v` (an update on a view already seen is a cache hit). */
  full(v: View): DeductionBelief | null {
    try {
      if (!this.d) this.d = new Deduction();
      return this.d.update(v);
    } catch {
      // Not sticky: a fresh bot would try again on the next view, so this one does too.
      this.d = null;
      return null;
    }
  }
}

/** Re-weights sampled worlds to the exact location marginal; `here` becomes the exact marginal. */
export function withExact(b: Belief, e: ExactBelief | null): Belief {
  if (!e) return b;
  let tot = 0;
  for (let l = 0; l < N; l++) tot += e.weights[l]!;
  if (!(tot > 0)) return b;
  const exact = new Float64Array(N);
  for (let l = 0; l < N; l++) exact[l] = e.weights[l]! / tot;
  const sampled = new Float64Array(N);
  for (const w of b.worlds) sampled[w.path[w.path.length - 1]!]! += w.weight;
  const worlds = [];
  for (const w of b.worlds) {
    const l = w.path[w.path.length - 1]!;
    if (exact[l]! <= 0) continue;
    worlds.push({ ...w, weight: (exact[l]! / sampled[l]!) * 1e6 });
  }
  const cardProb = new Map<FeatureId, number>();
  for (const [f, s] of Object.entries(e.cardShares)) cardProb.set(f as FeatureId, s);
  const out = beliefFrom(b.c, worlds, cardProb);
  // location probabilities from the exact set (including locations no sample reached)
  return { ...out, here: exact };
}
