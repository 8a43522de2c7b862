// What the agents can know about the recruiter: hidden worlds (path, recruiter card, feature-card
// weight) consistent with every PUBLIC fact in a view's log. Used by the agent bots (their
// belief) and by the recruiter bots (to search against what the agents can know). Reads only
// public fields of a View (never the recruiter-only secrets field).
import { FEATURES, type FeatureId, info, type Loc, type RecruiterCardId, rngFrom, type View } from '@mindmgmt/engine';
import { factsOf } from '../deduction/facts.js';
import type { TurnFacts } from '../deduction/turns.js';
import { cheb, type Geo, geoFor, N } from './geo.js';
import type { BotRng } from './types.js';

export interface World {
  /** path[i] = location at time i+1. */
  readonly path: readonly Loc[];
  /** Recruiter card implied by the path's slips, or null when no slip was used. */
  readonly card: RecruiterCardId | null;
  /** Relative likelihood (number of feature-card deals consistent with the revealed counts). */
  weight: number;
}

export interface Constraints {
  /** Number of recruiter locations publicly known to exist (path length). */
  readonly T: number;
  /** slip[t] true when the move that reached time t was a mind slip. */
  readonly slip: readonly boolean[];
  readonly fixed: Int8Array; // by time (index t), location or -1
  readonly notAt: readonly Set<Loc>[]; // by time
  readonly inSet: readonly (Set<Loc> | null)[]; // by time
  /** Location may not be visited at any time <= forbidUntil[l]. */
  readonly forbidUntil: Int8Array;
  /** Location must be visited at some time <= visitBy[l] (0 = no constraint). */
  readonly visitBy: Int8Array;
  /** 2nd mind slip token: its location was visited at a time in [6, to]. */
  readonly token2: { readonly at: Loc; readonly to: number } | null;
  /** Revealed recruiter-contact counts over time intervals (R5 setup number, R11 alerts). */
  readonly counts: readonly { readonly from: number; readonly to: number; readonly count: number }[];
  readonly exposedAt: ReadonlyMap<FeatureId, number>;
  readonly notCards: ReadonlySet<FeatureId>;
  readonly geo: Geo;
  readonly training: boolean;
  /** The opponent model's facts per finished recruiter turn (model.ts). */
  readonly turns: ReadonlyMap<number, TurnFacts>;
  /** Captures that missed on a location escorted in that recruiter turn (model.ts). */
  readonly escortMisses: number;
}

/**
 * The sampler's constraints, read from the one reader of the public log (deduction/facts.ts, the
 * facts the exact deduction filters by). Not used here: the R17 boxed-in checks (the exact
 * deduction re-weights the sampled worlds with them, exact.ts).
 */
export function constraintsOf(v: View): Constraints {
  const facts = factsOf(v);
  const T = facts.count;
  const slip: boolean[] = [false];
  const fixed = new Int8Array(20).fill(-1);
  const notAt: Set<Loc>[] = Array.from({ length: 20 }, () => new Set<Loc>());
  const inSet: (Set<Loc> | null)[] = Array.from({ length: 20 }, () => null);
  const forbidUntil = new Int8Array(N);
  const visitBy = new Int8Array(N);
  const counts: { from: number; to: number; count: number }[] = [];
  let token2: { at: Loc; to: number } | null = null;
  for (let t = 1; t <= T; t++) {
    const layer = facts.layers[t]!;
    slip[t] = layer.move.kind === 'slip';
    // R18: the 2nd mind slip token's location was visited after it was placed, before its use.
    if (layer.move.kind === 'slip' && layer.move.token === 2 && facts.slipTokenAt !== null)
      token2 = { at: facts.slipTokenAt, to: t - 1 };
    for (const f of layer.filters)
      switch (f.k) {
        case 'at':
          fixed[t] = f.at;
          break;
        case 'notAt':
          notAt[t]!.add(f.at);
          break;
        case 'notIn':
          for (const l of f.locs) notAt[t]!.add(l);
          break;
        case 'in':
          inSet[t] = new Set(f.locs);
          break;
        case 'visited':
          if (visitBy[f.at] === 0 || visitBy[f.at]! > t) visitBy[f.at] = t;
          break;
        case 'unvisited':
          forbidUntil[f.at] = Math.max(forbidUntil[f.at]!, t);
          break;
        case 'setupCount':
          counts.push({ from: 1, to: t, count: f.count });
          break;
        default:
          break;
      }
    if (layer.alert !== null) counts.push({ from: t - 1, to: t, count: layer.alert });
  }
  return {
    T,
    slip,
    fixed,
    notAt,
    inSet,
    forbidUntil,
    visitBy,
    token2,
    counts,
    exposedAt: facts.exposed,
    notCards: facts.excluded,
    geo: geoFor(v.mayhem),
    training: v.mode === 'training',
    turns: facts.turns,
    escortMisses: facts.escortMisses,
  };
}

/** Sample up to `count` distinct consistent paths by randomised depth-first search. */
export function samplePaths(
  c: Constraints,
  count: number,
  rng: BotRng,
  nodeBudget: number,
  deadline?: () => boolean,
): World[] {
  const T = c.T;
  if (T === 0) return [];
  const g = c.geo;
  const path: Loc[] = [];
  const visited = new Uint8Array(N);
  const seen = new Set<string>();
  const out: World[] = [];
  let nodes = 0;
  // capacity[t] = max chebyshev distance coverable by moves reaching times (t, u]
  const reach = (from: number, to: number): number => {
    let s = 0;
    for (let t = from + 1; t <= to; t++) s += c.slip[t] ? 2 : 1;
    return s;
  };
  const capTo = Array.from({ length: T + 2 }, (_, i) =>
    Array.from({ length: T + 2 }, (_, j) => (j > i ? reach(i, j) : 0)),
  );
  const visitReqs: { l: Loc; by: number }[] = [];
  for (let l = 0; l < N; l++) if (c.visitBy[l]! > 0) visitReqs.push({ l, by: Math.min(c.visitBy[l]!, T) });
  if (c.token2) visitReqs.push({ l: c.token2.at, by: Math.min(c.token2.to, T) });

  const okAt = (l: Loc, t: number): boolean => {
    if (visited[l]) return false;
    const f = c.fixed[t]!;
    if (f >= 0 && f !== l) return false;
    if (c.forbidUntil[l]! >= t) return false;
    if (c.notAt[t]!.has(l)) return false;
    const s = c.inSet[t];
    if (s && !s.has(l)) return false;
    if (c.token2 && l === c.token2.at && t < 6) return false;
    return true;
  };
  // nextFixed[t]: the first time after t with a fixed location (0: none); prune asks at every node
  const nextFixed = new Int32Array(T + 2);
  for (let t = T - 1; t >= 0; t--) nextFixed[t] = c.fixed[t + 1]! >= 0 ? t + 1 : nextFixed[t + 1]!;
  const prune = (t: number): boolean => {
    const here = path[t - 1]!;
    for (const r of visitReqs) {
      if (visited[r.l]) continue;
      if (r.by <= t) return true;
      if (cheb(here, r.l) > capTo[t]![r.by]!) return true;
    }
    // the next fixed location must be reachable
    const u = nextFixed[t]!;
    if (u > 0) {
      const f = c.fixed[u]!;
      if (visited[f]) return true;
      if (cheb(here, f) > capTo[t]![u]!) return true;
    }
    return false;
  };
  let card: RecruiterCardId | null = null;
  const rec = (t: number): boolean => {
    if (++nodes > nodeBudget) return false;
    if (t > T) return true;
    let cands: Loc[];
    let cardsTried: (RecruiterCardId | null)[] = [null];
    if (t === 1) cands = shuffleIdx(N, rng);
    else if (c.slip[t]) {
      cardsTried = card ? [card] : rng() < 0.5 ? ['carl', 'girl'] : ['girl', 'carl'];
      cands = [];
    } else cands = shuffle(g.step[path[t - 2]!]!.slice(), rng);
    for (const cd of cardsTried) {
      const prevCard = card;
      if (c.slip[t]) {
        card = cd;
        cands = shuffle((cd === 'carl' ? g.orthoTwo : g.diagTwo)[path[t - 2]!]!.slice(), rng);
      }
      for (const l of cands) {
        if (!okAt(l, t)) continue;
        path.push(l);
        visited[l] = 1;
        if (!prune(t) && rec(t + 1)) return true;
        path.pop();
        visited[l] = 0;
        if (nodes > nodeBudget) break;
      }
      card = prevCard;
      if (nodes > nodeBudget) break;
    }
    return false;
  };
  let tries = 0;
  while (out.length < count && nodes < nodeBudget && tries < count * 4) {
    tries++;
    if (deadline && tries % 8 === 0 && deadline()) break;
    path.length = 0;
    visited.fill(0);
    card = null;
    if (rec(1)) {
      const key = path.join(',');
      if (!seen.has(key)) {
        seen.add(key);
        out.push({ path: path.slice(), card, weight: 1 });
      }
    }
  }
  return out;
}

function shuffle<T>(xs: T[], rng: BotRng): T[] {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    const t = xs[i]!;
    xs[i] = xs[j]!;
    xs[j] = t;
  }
  return xs;
}
function shuffleIdx(n: number, rng: BotRng): number[] {
  const xs = new Array<number>(n);
  for (let i = 0; i < n; i++) xs[i] = i;
  return shuffle(xs, rng);
}

/**
 * Weights each world by how many 3-card deals fit the revealed recruit counts (R5, R11, R12),
 * with exposed cards forced in and known non-cards left out. Worlds with weight 0 are dropped
 * (unless all would be, then weights stay 1). Also returns P(feature is a recruiter card).
 */
export function weighByCards(c: Constraints, worlds: World[]): { worlds: World[]; cardProb: Map<FeatureId, number> } {
  const feats = FEATURES.filter((f) => !c.notCards.has(f));
  const forced = [...c.exposedAt.keys()];
  const K = c.counts.length;
  const cardMass = new Map<FeatureId, number>();
  let totalMass = 0;
  const kept: World[] = [];
  const F = feats.length;
  const vec = new Int8Array(F * K);
  const target = c.counts.map((x) => x.count);
  const fiOf = new Map<FeatureId, number>(feats.map((f, fi) => [f, fi]));
  const local = new Float64Array(F);
  for (const w of worlds) {
    // vec[fi * K + k]: locations of count k's interval that show feature fi (not after its
    // exposure); read from each location's few features rather than asking all sixteen
    vec.fill(0);
    for (let k = 0; k < K; k++) {
      const iv = c.counts[k]!;
      for (let t = iv.from; t <= iv.to && t <= w.path.length; t++)
        for (const f of info(w.path[t - 1]!).features) {
          const fi = fiOf.get(f);
          if (fi === undefined) continue;
          const ex = c.exposedAt.get(f);
          if (ex !== undefined && t > ex) continue;
          vec[fi * K + k]! += 1;
        }
    }
    let m = 0;
    local.fill(0);
    for (let a = 0; a < F; a++)
      for (let b = a + 1; b < F; b++)
        for (let d = b + 1; d < F; d++) {
          let ok = true;
          for (let k = 0; k < K; k++)
            if (vec[a * K + k]! + vec[b * K + k]! + vec[d * K + k]! !== target[k]) {
              ok = false;
              break;
            }
          if (!ok) continue;
          if (forced.length) {
            const tri = [feats[a], feats[b], feats[d]];
            if (!forced.every((f) => tri.includes(f))) continue;
          }
          m++;
          local[a]! += 1;
          local[b]! += 1;
          local[d]! += 1;
        }
    if (m > 0) {
      w.weight = m;
      kept.push(w);
      for (let i = 0; i < F; i++) if (local[i]) cardMass.set(feats[i]!, (cardMass.get(feats[i]!) ?? 0) + local[i]!);
      totalMass += m;
    }
  }
  const cardProb = new Map<FeatureId, number>();
  if (!kept.length) {
    for (const w of worlds) w.weight = 1;
    for (const f of feats) cardProb.set(f, forced.includes(f) ? 1 : 3 / Math.max(3, feats.length));
    return { worlds, cardProb };
  }
  for (const [f, m] of cardMass) cardProb.set(f, m / totalMass);
  return { worlds: kept, cardProb };
}

export interface Belief {
  readonly worlds: readonly World[];
  readonly total: number;
  /** P(recruiter's latest location = l). */
  readonly here: Float64Array;
  readonly cardProb: ReadonlyMap<FeatureId, number>;
  readonly c: Constraints;
}

export function beliefFrom(c: Constraints, worlds: World[], cardProb: ReadonlyMap<FeatureId, number>): Belief {
  const here = new Float64Array(N);
  let total = 0;
  for (const w of worlds) {
    total += w.weight;
    here[w.path[w.path.length - 1]!]! += w.weight;
  }
  if (total > 0) for (let l = 0; l < N; l++) here[l]! /= total;
  return { worlds, total, here, cardProb, c };
}

export interface BeliefOptions {
  readonly samples: number;
  readonly nodeBudget: number;
  readonly weighCards: boolean;
  readonly deadline?: () => boolean;
}

export function computeBelief(v: View, rng: BotRng, o: BeliefOptions, c: Constraints = constraintsOf(v)): Belief {
  let worlds = samplePaths(c, o.samples, rng, o.nodeBudget, o.deadline);
  let cardProb: Map<FeatureId, number> = new Map();
  if (o.weighCards && worlds.length) ({ worlds, cardProb } = weighByCards(c, worlds));
  return beliefFrom(c, worlds, cardProb);
}

/**
 * A cache key for a belief: the count of public facts that can change the belief of `side`'s
 * model (log entries `beliefIgnores` keeps) and the time. Callers append the work done (sample
 * counts, whether the exact deduction is used). Within one game, equal keys mean equal beliefs, so
 * a cached belief is exactly what a fresh bot would compute: the log only grows, and the ignored
 * entries feed neither the constraints, the exact deduction nor the opponent model. Not unique
 * across games: a cache keyed by it must belong to one (game, seat), which a bot session does.
 */
export function beliefKey(v: View, side: 'agents' | 'recruiter'): string {
  let n = 0;
  for (const e of v.log) if (!beliefIgnores(e.pub, side)) n++;
  return `${n}:${v.time}`;
}

/**
 * Log entries that cannot change a belief about the recruiter (see beliefKey): the agents' own
 * belief, or the recruiter's model of it. An immortal move that leaves a step token (R15) is a
 * fact about the path; 'asked' only matters with its answer.
 */
export function beliefIgnores(e: View['log'][number]['pub'], side: 'agents' | 'recruiter'): boolean {
  switch (e.kind) {
    case 'agentMoved':
    case 'noteChanged':
    case 'activationEnded':
    case 'agentActivated':
      return true;
    case 'asked':
      return side === 'agents';
    case 'immortalMoved':
      return side === 'recruiter' && e.stepToken === null;
    default:
      return false;
  }
}

/**
 * The random source a belief is sampled with: a function of its key, never of the decision's rng,
 * so that reusing a cached belief does not change which random numbers the decision draws.
 */
export function keyRng(key: string): BotRng {
  let h = 0x811c9dc5; // FNV-1a
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193) >>> 0;
  return rngFrom(h);
}
