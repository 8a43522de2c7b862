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
  protected d: Deduction | null = null;

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

/**
 * One exact deduction for many games that begin alike: the expert recruiter's planner plays the
 * agents' half-turn after each candidate move, by two styles of agents, and their views share
 * most of their public logs. The deduction is a function of the public log alone, so each log's
 * belief is computed once and kept for the planner's decision. Without it each simulated agents'
 * bot kept its own engine, and a view from another branch than the engine's last made it start
 * again from the first event: 102 rebuilds in two games, 47% of the deduction's time.
 */
export class BranchingExact extends ExactTracker {
  private readonly seen = new Map<string, DeductionBelief | null>();
  /** The log the engine has processed, as a key (logKey). */
  private at = '';

  override full(v: View): DeductionBelief | null {
    const key = logKey(v);
    const hit = this.seen.get(key);
    return hit !== undefined ? hit : this.advance(v, key);
  }

  /** The engine itself is brought to `v` (a kept belief says nothing of its layers). */
  override possibleAt(v: View, t: number): boolean[] | null {
    const key = logKey(v);
    if (key !== this.at && !this.advance(v, key)) return null;
    return this.d ? this.d.possibleAt(t) : null;
  }

  private advance(v: View, key: string): DeductionBelief | null {
    // The engine goes on from its last log only when this log continues it: its own test for a
    // view of another game reads a few of the events, and sibling branches may differ in one
    if (key !== this.at && !key.startsWith(`${this.at}\n`)) this.d = null;
    const b = super.full(v);
    this.at = b ? key : '';
    this.seen.set(key, b);
    return b;
  }
}

/** A view's public log, whole, as a string (the mode first). */
function logKey(v: View): string {
  let key = v.mode;
  for (const e of v.log) key += `\n${JSON.stringify(e.pub)}`;
  return key;
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
