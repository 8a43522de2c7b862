// Ratings on the players' Glicko-2 scale fitted to a table of results: the ratings whose Glicko-2
// expected scores (its step 3, taken from the server's glicko2.ts so the scale is the players')
// best explain the games (maximum likelihood, as Bradley-Terry; with every opponent's rating known,
// Glicko-2's own update moves a rating until its expected score equals its score, the same point).
// One participant is anchored; every other starts as Glicko-2 starts a new player (1500 +- 350),
// a weak prior that keeps a rating finite if it won or lost every game (with 60 games a pairing it
// pulls a rating about 1% of its distance towards 1500). The interval is the fit's 95% (the
// curvature of the likelihood).
import { expectedScore, GLICKO2_SCALE, NEW_RATING } from '@mindmgmt/server';

/** `n` games between participants a and b, of which a won `aWins` (no draws in Mind MGMT). */
export interface Pairing {
  readonly a: number;
  readonly b: number;
  readonly n: number;
  readonly aWins: number;
}

export interface Fitted {
  readonly rating: number;
  readonly low: number;
  readonly high: number;
}

const Z95 = 1.959964;

/** Ratings of `count` participants; `anchor` keeps `anchorRating` (interval 0). */
export function fitRatings(count: number, games: readonly Pairing[], anchor: number, anchorRating: number): Fitted[] {
  const free = Array.from({ length: count }, (_, i) => i).filter((i) => i !== anchor);
  const col = new Map(free.map((p, k) => [p, k]));
  const r = new Array<number>(count).fill(NEW_RATING.rating);
  r[anchor] = anchorRating;
  // Internal scale: the derivative of E in a rating difference d is E(1-E)/SCALE.
  const priorInfo = (GLICKO2_SCALE / NEW_RATING.rd) ** 2;
  let info: number[][] = [];
  for (let iter = 0; iter < 100; iter++) {
    const grad = free.map((p) => -((r[p]! - NEW_RATING.rating) / GLICKO2_SCALE) * priorInfo);
    info = free.map((_, k) => free.map((__, j) => (k === j ? priorInfo : 0)));
    for (const g of games) {
      const e = expectedScore(r[g.a]!, r[g.b]!);
      const w = g.n * e * (1 - e);
      const ka = col.get(g.a);
      const kb = col.get(g.b);
      if (ka !== undefined) {
        grad[ka]! += g.aWins - g.n * e;
        info[ka]![ka]! += w;
      }
      if (kb !== undefined) {
        grad[kb]! -= g.aWins - g.n * e;
        info[kb]![kb]! += w;
      }
      if (ka !== undefined && kb !== undefined) {
        info[ka]![kb]! -= w;
        info[kb]![ka]! -= w;
      }
    }
    // Newton's step on the internal scale.
    const step = solve(info, grad);
    let largest = 0;
    for (const [k, p] of free.entries()) {
      r[p]! += step[k]! * GLICKO2_SCALE;
      largest = Math.max(largest, Math.abs(step[k]! * GLICKO2_SCALE));
    }
    if (largest < 1e-6) break;
  }
  const cov = inverse(info);
  return r.map((rating, p) => {
    const k = col.get(p);
    const half = k === undefined ? 0 : Z95 * Math.sqrt(cov[k]![k]!) * GLICKO2_SCALE;
    return { rating, low: rating - half, high: rating + half };
  });
}

/** x with m x = v (Gauss-Jordan with partial pivoting; m is small and positive definite). */
function solve(m: readonly (readonly number[])[], v: readonly number[]): number[] {
  const inv = inverse(m);
  return inv.map((row) => row.reduce((s, x, j) => s + x * v[j]!, 0));
}

function inverse(m: readonly (readonly number[])[]): number[][] {
  const n = m.length;
  const a = m.map((row, i) => [...row, ...Array.from({ length: n }, (_, j) => (i === j ? 1 : 0))]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let i = c + 1; i < n; i++) if (Math.abs(a[i]![c]!) > Math.abs(a[p]![c]!)) p = i;
    [a[c], a[p]] = [a[p]!, a[c]!];
    const d = a[c]![c]!;
    for (let j = 0; j < 2 * n; j++) a[c]![j]! /= d;
    for (let i = 0; i < n; i++) {
      if (i === c) continue;
      const f = a[i]![c]!;
      for (let j = 0; j < 2 * n; j++) a[i]![j]! -= f * a[c]![j]!;
    }
  }
  return a.map((row) => row.slice(n));
}
