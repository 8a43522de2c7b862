// R11: the red alert that ends the recruiter's turn, as the agents will read it.
//
// A red alert at odd hour a >= 7 reveals the recruiter's contacts at hours a-1 and a. When the
// recruiter's action this turn arrives at hour a, the destination fixes that number, and the agents
// keep only the paths that fit it. The hard recruiter's danger model therefore scores each
// destination against the agents' belief *after* its alert, not before. (Captures peak in the hour
// after an alert, but mostly through the escort tell, escort.ts; this reading adds a little:
// docs/bots.md, "Hard recruiter: the escort tell".)
import { type FeatureId, info, type Loc, type View } from '@mindmgmt/engine';
import type { Belief } from './belief.js';
import { type Geo, N } from './geo.js';

/** Contacts one alert can count: two arrivals of at most two recruits each (R11, R12). */
export const ALERT_COUNTS = 5;

/** Hour of the arrival the recruiter's action makes now, when a red alert will count it second. */
export function alertHour(v: View): number | null {
  const a = v.time + 1;
  return a >= 7 && a % 2 === 1 ? a : null;
}

/** R12 with R24: a card counts for an arrival at hour t unless it was exposed before t. */
function counts(f: FeatureId, t: number, exposedAt: ReadonlyMap<FeatureId, number>): boolean {
  const ex = exposedAt.get(f);
  return ex === undefined || t <= ex;
}

/** The number the alert will show when the recruiter (on `here` since hour a-1) arrives on `to`. */
export function alertCount(v: View, here: Loc, to: Loc, a: number): number {
  const sec = v.recruiter!;
  const exposed = new Map<FeatureId, number>();
  for (const c of sec.cards) if (c.exposedAt !== null) exposed.set(c.feature, c.exposedAt);
  let n = 0;
  for (const c of sec.cards) {
    if (info(here).features.includes(c.feature) && counts(c.feature, a - 1, exposed)) n++;
    if (info(to).features.includes(c.feature) && counts(c.feature, a, exposed)) n++;
  }
  return n;
}

/**
 * The agents' belief about the recruiter's location after its arrival at hour `a`, split by the
 * alert count each arrival would show: out[c][l] = P(on l and the alert shows c). Each world of
 * the agents' belief moves to an unvisited step (or a slip landing) evenly, as `agentsNext` does;
 * the count's chance uses the agents' card marginals (`cardProb`), the features of one arrival
 * taken as independent cards (a feature on both locations is one card counted twice).
 */
export function alertBeliefs(b: Belief, g: Geo, slip: boolean, a: number): Float64Array[] {
  const out = Array.from({ length: ALERT_COUNTS }, () => new Float64Array(N));
  if (!(b.total > 0)) return out;
  const dist = new Float64Array(ALERT_COUNTS);
  for (const w of b.worlds) {
    const here = w.path[w.path.length - 1]!;
    const vis = new Set(w.path);
    let dest: Loc[];
    if (slip) {
      const cards = w.card ? [w.card] : (['carl', 'girl'] as const);
      dest = [];
      for (const c of cards)
        for (const n of (c === 'carl' ? g.orthoTwo : g.diagTwo)[here]!) if (!vis.has(n)) dest.push(n);
    } else dest = g.step[here]!.filter((n) => !vis.has(n));
    if (!dest.length) continue;
    const share = w.weight / b.total / dest.length;
    for (const to of dest) {
      countChances(b, here, to, a, dist);
      for (let c = 0; c < ALERT_COUNTS; c++) if (dist[c]! > 0) out[c]![to]! += share * dist[c]!;
    }
  }
  return out;
}

/** dist[c] = chance the alert shows c for arrivals on `here` (hour a-1) and `to` (hour a). */
function countChances(b: Belief, here: Loc, to: Loc, a: number, dist: Float64Array): void {
  const feats: FeatureId[] = [];
  const times: number[] = [];
  for (const f of info(here).features)
    if (counts(f, a - 1, b.c.exposedAt)) {
      feats.push(f);
      times.push(1);
    }
  for (const f of info(to).features) {
    if (!counts(f, a, b.c.exposedAt)) continue;
    const i = feats.indexOf(f);
    if (i >= 0) times[i]!++;
    else {
      feats.push(f);
      times.push(1);
    }
  }
  dist.fill(0);
  dist[0] = 1;
  for (let i = 0; i < feats.length; i++) {
    const p = b.cardProb.get(feats[i]!) ?? 0;
    const m = times[i]!;
    for (let c = ALERT_COUNTS - 1; c >= 0; c--) dist[c] = dist[c]! * (1 - p) + (c >= m ? dist[c - m]! * p : 0);
  }
}
