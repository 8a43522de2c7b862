// Board geometry helpers for bots (pure functions of public facts: board, mayhem).
import {
  ALL_NEIGHBOURS,
  DIAG_TWO,
  type Edge,
  info,
  LOCATION_COUNT,
  type Loc,
  ORTHO_TWO,
  stepNeighbours,
} from '@mindmgmt/engine';

export const N = LOCATION_COUNT;
export const LOCS: readonly Loc[] = Array.from({ length: N }, (_, i) => i);

export interface Geo {
  readonly key: string;
  /** Recruiter steps / agent single moves (R1, R2). */
  readonly step: readonly (readonly Loc[])[];
  /** Agent-move distances (all pairs, BFS on `step`). */
  readonly dist: readonly Int8Array[];
  readonly orthoTwo: readonly (readonly Loc[])[];
  readonly diagTwo: readonly (readonly Loc[])[];
}

const cache = new Map<string, Geo>();

export function geoFor(mayhem: readonly Edge[]): Geo {
  const key = mayhem
    .map((e) => `${e[0]}-${e[1]}`)
    .sort()
    .join(',');
  const hit = cache.get(key);
  if (hit) return hit;
  const step = LOCS.map((l) => stepNeighbours(l, mayhem));
  const dist = LOCS.map((from) => {
    const d = new Int8Array(N).fill(99);
    d[from] = 0;
    let frontier = [from];
    let k = 0;
    while (frontier.length) {
      k++;
      const next: Loc[] = [];
      for (const l of frontier)
        for (const n of step[l]!)
          if (d[n]! > k) {
            d[n] = k;
            next.push(n);
          }
      frontier = next;
    }
    return d;
  });
  const g: Geo = { key, step, dist, orthoTwo: ORTHO_TWO, diagTwo: DIAG_TWO };
  if (cache.size > 200) cache.clear();
  cache.set(key, g);
  return g;
}

/** King-move (Chebyshev) distances between locations, row-major by the first: a table, as the
 * samplers and the agents' immortal threat read it in their innermost loops. */
export const CHEB: Uint8Array = (() => {
  const t = new Uint8Array(N * N);
  for (let a = 0; a < N; a++) {
    const x = info(a);
    for (let b = 0; b < N; b++) {
      const y = info(b);
      t[a * N + b] = Math.max(Math.abs(x.row - y.row), Math.abs(x.col - y.col));
    }
  }
  return t;
})();

export function cheb(a: Loc, b: Loc): number {
  return CHEB[a * N + b]!;
}

/** Cells within `k` agent moves of `from` (including `from`). */
export function within(g: Geo, from: Loc, k: number): Loc[] {
  const d = g.dist[from]!;
  const out: Loc[] = [];
  for (let l = 0; l < N; l++) if (d[l]! <= k) out.push(l);
  return out;
}

export function kingNeighbours(l: Loc): readonly Loc[] {
  return ALL_NEIGHBOURS[l]!;
}

/**
 * Whether a self-avoiding walk of `need` more recruiter moves exists from `from` (already in
 * `visited`). `slips` mind slips may replace steps (`slipTable` landings). Node-capped: when the
 * cap is hit the answer is optimistic (true).
 */
export function canSurvive(
  g: Geo,
  from: Loc,
  visited: Uint8Array,
  need: number,
  slips: number,
  slipTable: readonly (readonly Loc[])[] | null,
  cap = 4000,
): boolean {
  let nodes = 0;
  const rec = (l: Loc, k: number, s: number): boolean => {
    if (k <= 0) return true;
    if (++nodes > cap) return true;
    for (const n of g.step[l]!) {
      if (visited[n]) continue;
      visited[n] = 1;
      const ok = rec(n, k - 1, s);
      visited[n] = 0;
      if (ok) return true;
    }
    if (s > 0 && slipTable) {
      for (const n of slipTable[l]!) {
        if (visited[n]) continue;
        visited[n] = 1;
        const ok = rec(n, k - 1, s - 1);
        visited[n] = 0;
        if (ok) return true;
      }
    }
    return false;
  };
  return rec(from, need, slips);
}

/** Unvisited cells reachable by steps from `from` (flood fill), a cheap mobility measure. */
export function openArea(g: Geo, from: Loc, visited: Uint8Array): number {
  const seen = new Uint8Array(N);
  seen[from] = 1;
  const stack = [from];
  let n = 0;
  while (stack.length) {
    const l = stack.pop()!;
    for (const m of g.step[l]!)
      if (!seen[m] && !visited[m]) {
        seen[m] = 1;
        n++;
        stack.push(m);
      }
  }
  return n;
}

export function pick<T>(rng: () => number, xs: readonly T[]): T {
  return xs[Math.floor(rng() * xs.length)]!;
}
