// FROZEN YARDSTICK: a verbatim copy of the hard bots as of 2026-11-30, kept so 'hard' may
// improve while this measuring stick may not. Do not tune or fix: change the live bots instead.

// Bridge to the deduction engine (../deduction): the exact belief over the recruiter's
// current location and cards, kept incrementally per bot. Sampled worlds (belief.ts) are then
// re-weighted so their location marginal matches the exact one, and the exact card shares replace
// the sampled ones. Falls back silently (returns null) if the deduction fails or is too slow.
import type { FeatureId, View } from '@mindmgmt/engine';
import { Deduction } from '../../deduction/index.js';
import { type Belief, beliefFrom } from './belief.js';
import { N } from './geo.js';

/** Below this per-decision budget the exact deduction (occasionally ~250 ms per update) is skipped. */
export const EXACT_MIN_BUDGET_MS = 400;

export interface ExactBelief {
  readonly weights: readonly number[];
  readonly cardShares: Readonly<Record<FeatureId, number>>;
}

export class ExactTracker {
  private d: Deduction | null = null;
  private disabled = false;

  update(v: View, maxMs: number): ExactBelief | null {
    if (this.disabled) return null;
    const t0 = performance.now();
    try {
      if (!this.d) this.d = new Deduction();
      const b = this.d.update(v);
      if (performance.now() - t0 > maxMs) this.disabled = true; // too slow for this budget: stop using it
      if (!(b.histories > 0)) return null;
      return { weights: b.weights, cardShares: b.cardShares };
    } catch {
      this.disabled = true;
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
