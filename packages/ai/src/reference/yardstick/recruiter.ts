// FROZEN YARDSTICK: a verbatim copy of the hard bots as of 2026-11-30, kept so 'hard' may
// improve while this measuring stick may not. Do not tune or fix: change the live bots instead.

// Recruiter bots ("easy" and "hard").
//  - easy: sound heuristics. Only takes moves after which a self-avoiding walk to the final hour
//    still exists (counting held mind slips), walks toward circled features, keeps away from
//    agents that can reach it next half-turn, mind-slips out of danger or dead ends, parks
//    immortals on locations that block asks about the features of its unmarked visited locations,
//    escorts itself with an immortal when agents are close, recruits with the face-up immortal
//    cards (paying the extra move when it completes a recruit), and answers asks with the oldest
//    location (teaching least about where it is now).
//  - hard: the same move generator, scored against what the agents can know: it rebuilds the
//    agents' information set from the public log (belief.ts, exact.ts, and the same opponent
//    model strong agents use, model.ts), predicts where the agents will believe it is after the
//    move (step or slip, which is public), and treats a destination as dangerous in proportion to
//    how close it comes to the most likely cell the threatening agents can reach. Ask answers and
//    extra-move step tokens go where the agents' posterior on its true location stays lowest.
import { type Action, type FeatureId, hasFeature, info, type Loc, type View } from '@mindmgmt/engine';
import { type Belief, beliefKey, computeBelief } from './belief.js';

/** Log entries that cannot change what the agents believe (the recruiter's model of them). */
const RECRUITER_BELIEF_IGNORES: ReadonlySet<string> = new Set([
  'agentMoved',
  'noteChanged',
  'activationEnded',
  'agentActivated',
  'immortalMoved',
]);
import { EXACT_MIN_BUDGET_MS, ExactTracker, withExact } from './exact.js';
import { canSurvive, type Geo, geoFor, N, openArea } from './geo.js';
import { AGENT_WEIGHTS, fallback, same } from './agents.js';
import { applyModel } from './model.js';
import { type Bot, type BotRng, Deadline } from './deadline.js';

/** Scoring weights of the hard recruiter's danger model (exported for tuning runs). */
export const RECRUITER_WEIGHTS = Object.freeze({ relative: 1, relScale: 1.2, relPow: 1 });

export class YardstickRecruiterBot implements Bot {
  readonly level = 'yardstick' as const;
  /** Frozen at today's 'hard' tier; the easy branches are kept verbatim so the copy stays diffable. */
  private readonly tier: 'easy' | 'hard' = 'hard';
  private key = '';
  private belief: Belief | null = null;
  private readonly exact = new ExactTracker();

  decide(v: View, legal: readonly Action[], rng: BotRng, budgetMs: number): Action {
    const dl = new Deadline(budgetMs);
    try {
      const a = this.choose(v, legal, rng, budgetMs, dl);
      if (a) {
        const hit = legal.find((l) => same(l, a));
        if (hit) return hit;
      }
    } catch {
      // fall back below
    }
    return safeFallback(v, legal);
  }

  private agentsBelief(v: View, rng: BotRng, budgetMs: number, dl: Deadline): Belief {
    const key = beliefKey(v, RECRUITER_BELIEF_IGNORES);
    if (this.belief && this.key === key) return this.belief;
    const samples = Math.max(100, Math.min(600, Math.round(budgetMs * 3)));
    this.belief = computeBelief(v, rng, {
      samples,
      nodeBudget: samples * 400,
      weighCards: true,
      deadline: () => dl.left() < budgetMs * 0.4,
    });
    if (budgetMs >= EXACT_MIN_BUDGET_MS) this.belief = withExact(this.belief, this.exact.update(v, budgetMs * 0.3));
    // what strong agents would believe: the same opponent model the hard agents use
    this.belief = applyModel(this.belief, v, geoFor(v.mayhem), {
      unsafe: AGENT_WEIGHTS.unsafe,
      escort: AGENT_WEIGHTS.escort,
    });
    this.key = key;
    return this.belief;
  }

  private choose(v: View, legal: readonly Action[], rng: BotRng, budgetMs: number, dl: Deadline): Action | null {
    const g = geoFor(v.mayhem);
    const sec = v.recruiter;
    switch (v.phase) {
      case 'mayhem':
      case 'recruiterCard':
        return legal[Math.floor(rng() * legal.length)] ?? null;
      case 'start':
        return best(legal, (a) => {
          if (a.type !== 'chooseStart') return -Infinity;
          const i = info(a.at);
          return (i.edge ? 0 : 1) + (i.temple ? -0.5 : 0) + rng();
        });
      case 'setupSteps':
        return this.setupStep(v, legal, rng, g);
      case 'immortals':
        return this.placeImmortal(v, legal, rng, g);
      case 'answerAsk':
        return this.answer(v, legal, rng, budgetMs, dl, g);
      case 'recruiterTurn':
        if (!sec) return null;
        if (!v.turn?.actionDone) return this.action(v, legal, rng, budgetMs, dl, g);
        return this.immortals(v, legal, rng, budgetMs, dl, g) ?? legal.find((a) => a.type === 'endTurn') ?? null;
      default:
        return null;
    }
  }

  private live(v: View): Set<FeatureId> {
    return new Set(v.recruiter!.cards.filter((c) => c.exposedAt === null).map((c) => c.feature));
  }

  private setupStep(v: View, legal: readonly Action[], rng: BotRng, g: Geo): Action | null {
    const sec = v.recruiter!;
    const live = this.live(v);
    const visited = visitedOf(sec.path);
    const need = 4 - (sec.path.length - 1) - 1 + (v.finalTime - 5);
    return best(legal, (a) => {
      if (a.type !== 'step') return -Infinity;
      visited[a.to] = 1;
      const ok = canSurvive(g, a.to, visited, need, 0, null);
      const area = openArea(g, a.to, visited);
      visited[a.to] = 0;
      return (ok ? 0 : -100) + contacts(a.to, live) * 1.0 + Math.min(area, 20) * 0.02 + rng() * 0.3;
    });
  }

  private placeImmortal(v: View, legal: readonly Action[], rng: BotRng, g: Geo): Action | null {
    const sec = v.recruiter!;
    const here = sec.at!;
    const featCount = new Map<FeatureId, number>();
    for (const l of sec.path) for (const f of info(l).features) featCount.set(f, (featCount.get(f) ?? 0) + 1);
    const covered = new Set<FeatureId>();
    for (const l of v.immortals) for (const f of info(l).features) covered.add(f);
    const escortNear = v.immortals.some((l) => g.dist[here]![l]! <= 1 || l === here);
    return best(legal, (a) => {
      if (a.type !== 'placeImmortal') return -Infinity;
      let s = 0;
      for (const f of info(a.at).features) if (!covered.has(f)) s += featCount.get(f) ?? 0;
      if (!escortNear && kingDist(a.at, here) <= 1) s += 1.5;
      return s + rng() * 0.2;
    });
  }

  /** Danger of standing on `l` during the next agents' half-turn. */
  private danger(v: View, g: Geo, l: Loc, q: Float64Array | null, immOn: boolean): number {
    const next = availableNext(v);
    let reach = 0;
    for (const a of next) {
      const d = g.dist[a.at]![l]!;
      const r = a.id === 'dusty' && v.mode === 'full' ? 3 : 2;
      if (d <= r) reach += 1;
      else if (d <= r + 1) reach += 0.25;
    }
    let p: number;
    if (q && RECRUITER_WEIGHTS.relative) {
      // hard: agents capture where their belief is highest within reach; l is in danger in
      // proportion to how close it comes to the best cell the threatening agents can reach.
      let best = 0;
      for (const a of next) {
        const r = a.id === 'dusty' && v.mode === 'full' ? 3 : 2;
        const da = g.dist[a.at]!;
        if (da[l]! > r + 1) continue;
        for (let c = 0; c < N; c++) if (da[c]! <= r && q[c]! > best) best = q[c]!;
      }
      const rel = best > 0 ? Math.min(1, q[l]! / best) : 0;
      p =
        reach >= 1
          ? RECRUITER_WEIGHTS.relScale * rel ** RECRUITER_WEIGHTS.relPow * Math.min(1.3, 0.7 + 0.3 * reach)
          : rel * 0.1 * reach;
      p = Math.max(p, reach >= 1 ? 0.12 + 0.06 * reach : 0);
      if (next.some((a) => a.at === l)) p = Math.max(p, 0.4);
    } else if (q) {
      // hard: the agents' probability that the recruiter is on l
      const known = Math.min(1, 4 * q[l]!);
      p = reach >= 1 ? Math.min(1, known * (0.6 + 0.2 * reach)) : known * 0.1 * reach;
      // agents standing on or next to it may capture or stumble on it anyway
      p = Math.max(p, reach >= 1 ? 0.12 + 0.06 * reach : 0);
      if (next.some((a) => a.at === l)) p = Math.max(p, 0.4);
    } else {
      p = reach >= 1 ? 0.25 + 0.1 * reach : 0.05 * reach;
    }
    return immOn ? p * (q ? 0.5 : 0.25) : p;
  }

  private action(
    v: View,
    legal: readonly Action[],
    rng: BotRng,
    budgetMs: number,
    dl: Deadline,
    g: Geo,
  ): Action | null {
    const sec = v.recruiter!;
    const live = this.live(v);
    const visited = visitedOf(sec.path);
    const need = v.finalTime - (v.time + 1);
    const held = (v.mindSlips.firstUsedAt === null ? 1 : 0) + (sec.secondMindSlipHeld ? 1 : 0);
    const slipTable = sec.card === 'carl' ? g.orthoTwo : g.diagTwo;
    const hard = this.tier === 'hard';
    let qStep: Float64Array | null = null;
    let qSlip: Float64Array | null = null;
    if (hard) {
      const b = this.agentsBelief(v, rng, budgetMs, dl);
      [qStep, qSlip] = agentsNext(b, g, v);
    }
    const blocked = blockedFeatures(v.immortals);
    const circledLeft: Loc[] = [];
    for (let l = 0; l < N; l++) if (!visited[l] && contacts(l, live) > 0) circledLeft.push(l);
    const immNear = (l: Loc) => v.immortals.some((m) => m === l || (kingDist(m, l) === 1 && !orthBlocked(v, m, l)));
    const score = (to: Loc, slip: boolean): number => {
      visited[to] = 1;
      const slipsLeft = held - (slip ? 1 : 0);
      const ok = canSurvive(g, to, visited, need, slipsLeft, slipTable);
      const okNoSlip = ok && (slipsLeft === 0 || canSurvive(g, to, visited, need, 0, null));
      const area = openArea(g, to, visited);
      visited[to] = 0;
      let s = 0;
      if (!ok) s -= 50;
      else if (!okNoSlip) s -= 0.4;
      s += Math.min(area, need + 4) * 0.03;
      const rec = contacts(to, live);
      const total = v.recruits.total + sec.unrevealed;
      s += rec * (hard ? 0.3 : 0.35) * (total + rec >= v.recruitsToWin ? 2 : 1);
      let nearest = 99;
      for (const c of circledLeft) if (c !== to) nearest = Math.min(nearest, g.dist[to]![c]!);
      if (nearest < 99) s -= nearest * 0.03;
      const q = slip ? qSlip : qStep;
      s -= 1.5 * this.danger(v, g, to, q, immNear(to) && v.mode === 'full');
      // exposure to future asks: unblocked features of this location near agents
      for (const f of info(to).features) if (!blocked.has(f)) s -= 0.02 * agentsNearFeature(v, g, f);
      if (slip) s -= hard ? 0.25 : 0.4;
      return s + rng() * 0.01;
    };
    return best(legal, (a) => {
      if (a.type === 'step') return score(a.to, false);
      if (a.type === 'mindSlip') return score(a.to, true) - (a.token === 2 ? 0.01 : 0);
      return -Infinity;
    });
  }

  private immortals(
    v: View,
    legal: readonly Action[],
    rng: BotRng,
    budgetMs: number,
    dl: Deadline,
    g: Geo,
  ): Action | null {
    const sec = v.recruiter!;
    const here = sec.at!;
    const hard = this.tier === 'hard';
    let dangerHere: number;
    if (hard) {
      const b = this.agentsBelief(v, rng, budgetMs, dl);
      const lastSlip = v.log.some((e) => e.pub.kind === 'mindSlipUsed' && e.pub.time === v.time + 1);
      const [qs, ql] = agentsNext(b, g, v);
      dangerHere = this.danger(v, g, here, lastSlip ? ql : qs, false);
    } else dangerHere = this.danger(v, g, here, null, false);
    const marks = new Set<Loc>([...v.stepTokens.map((t) => t.at), ...v.confirmed.map((c) => c.at)]);
    const henry = v.agents.find((a) => a.id === 'henry')?.at ?? null;
    // Escort: an immortal on the recruiter's location blocks capture (R25). (Tried: skipping the
    // escort when two agents could shake it down and capture; it lost more games against easy
    // agents than it won against hard ones, so it is not used.)
    const S = (imm: readonly Loc[]): number => configScore(v, imm, here, sec.path, marks, henry, dangerHere);
    const base = S(v.immortals);
    let bestA: Action | null = null;
    let bestV = 0.02;
    for (const a of legal) {
      if (a.type === 'moveImmortal') {
        const imm = v.immortals.map((l) => (l === a.from ? a.to : l));
        const val = S(imm) - base + rng() * 1e-4;
        if (val > bestV) {
          bestV = val;
          bestA = a;
        }
      }
    }
    if (bestA) return bestA;
    // extra move: only for a recruit, or to hide under an immortal in real danger
    const extras = legal.filter((a) => a.type === 'extraImmortalMove');
    if (!extras.length) return null;
    let bestMove: { from: Loc; to: Loc } | null = null;
    let bestGain = hard ? 0.6 : 0.9;
    const moves = new Set<string>();
    for (const a of extras) {
      if (a.type !== 'extraImmortalMove') continue;
      const k = `${a.from}-${a.to}`;
      if (moves.has(k)) continue;
      moves.add(k);
      const imm = v.immortals.map((l) => (l === a.from ? a.to : l));
      const val = S(imm) - base;
      if (val > bestGain) {
        bestGain = val;
        bestMove = { from: a.from, to: a.to };
      }
    }
    if (!bestMove) return null;
    const tokenSpots = [...new Set(extras.map((a) => (a.type === 'extraImmortalMove' ? a.stepToken : -1)))];
    const spot = this.leastTelling(v, tokenSpots, rng, budgetMs, dl, g);
    return (
      extras.find(
        (a) =>
          a.type === 'extraImmortalMove' && a.from === bestMove!.from && a.to === bestMove!.to && a.stepToken === spot,
      ) ?? null
    );
  }

  /** The visited location whose step token teaches the agents least about where the recruiter is now. */
  private leastTelling(v: View, spots: readonly Loc[], rng: BotRng, budgetMs: number, dl: Deadline, g: Geo): Loc {
    const sec = v.recruiter!;
    const here = sec.at!;
    const time = (l: Loc) => sec.path.indexOf(l) + 1;
    if (this.tier === 'hard' && spots.length > 1) {
      const b = this.agentsBelief(v, rng, budgetMs, dl);
      let bestL = spots[0]!;
      let bestV = Infinity;
      for (const x of spots) {
        // posterior mass on the true location if the agents learn "x was visited"
        let tot = 0;
        let on = 0;
        for (const w of b.worlds) {
          if (!w.path.includes(x)) continue;
          tot += w.weight;
          if (w.path[w.path.length - 1] === here) on += w.weight;
        }
        const post = tot > 0 ? on / tot : 1;
        const val = post - 0.002 * g.dist[here]![x]! + (x === here ? 0.5 : 0);
        if (val < bestV) {
          bestV = val;
          bestL = x;
        }
      }
      return bestL;
    }
    let bestL = spots[0]!;
    let bestV = -Infinity;
    for (const x of spots) {
      const val = -time(x) + 0.1 * g.dist[here]![x]! + (x === here ? -20 : 0);
      if (val > bestV) {
        bestV = val;
        bestL = x;
      }
    }
    return bestL;
  }

  private answer(
    v: View,
    legal: readonly Action[],
    rng: BotRng,
    budgetMs: number,
    dl: Deadline,
    g: Geo,
  ): Action | null {
    const spots = legal.flatMap((a) => (a.type === 'answerAsk' && a.at !== null ? [a.at] : []));
    if (!spots.length) return legal[0] ?? null;
    const spot = this.leastTelling(v, spots, rng, budgetMs, dl, g);
    return legal.find((a) => a.type === 'answerAsk' && a.at === spot) ?? null;
  }
}

function best(legal: readonly Action[], f: (a: Action) => number): Action | null {
  let b: Action | null = null;
  let bv = -Infinity;
  for (const a of legal) {
    const v = f(a);
    if (v > bv) {
      bv = v;
      b = a;
    }
  }
  return b;
}

function visitedOf(path: readonly Loc[]): Uint8Array {
  const s = new Uint8Array(N);
  for (const l of path) s[l] = 1;
  return s;
}

function contacts(l: Loc, live: ReadonlySet<FeatureId>): number {
  let n = 0;
  for (const f of info(l).features) if (live.has(f)) n++;
  return n;
}

function kingDist(a: Loc, b: Loc): number {
  const x = info(a);
  const y = info(b);
  return Math.max(Math.abs(x.row - y.row), Math.abs(x.col - y.col));
}

function orthBlocked(v: View, a: Loc, b: Loc): boolean {
  const [x, y] = a < b ? [a, b] : [b, a];
  return v.mayhem.some((e) => e[0] === x && e[1] === y);
}

function blockedFeatures(imm: readonly Loc[]): Set<FeatureId> {
  const s = new Set<FeatureId>();
  for (const l of imm) for (const f of info(l).features) s.add(f);
  return s;
}

/** Agents that can act in the coming agents' half-turn. */
function availableNext(v: View): { id: string; at: Loc }[] {
  // After the turn reaching an even hour the agents' first half-round starts with everyone
  // ready; after an odd hour only the agents not yet activated this round act.
  const nextTime = v.phase === 'recruiterTurn' ? v.time + 1 : v.time;
  const all = nextTime % 2 === 0;
  return v.agents.filter((a) => a.at !== null && (all || !a.activated)).map((a) => ({ id: a.id, at: a.at! }));
}

function agentsNearFeature(v: View, g: Geo, f: FeatureId): number {
  let n = 0;
  for (const a of availableNext(v)) {
    for (let l = 0; l < N; l++)
      if (hasFeature(l, f) && g.dist[a.at]![l]! <= 2) {
        n++;
        break;
      }
  }
  return n;
}

/** The agents' belief about the recruiter's location after its coming move (step or slip). */
function agentsNext(b: Belief, g: Geo, v: View): [Float64Array, Float64Array] {
  const qs = new Float64Array(N);
  const ql = new Float64Array(N);
  const lastSlip = v.phase === 'recruiterTurn' && v.turn?.actionDone;
  for (const w of b.worlds) {
    // when the action is already taken the public log already contains it: use the worlds' last location
    if (lastSlip) {
      const l = w.path[w.path.length - 1]!;
      qs[l]! += w.weight / b.total;
      ql[l]! += w.weight / b.total;
      continue;
    }
    const here = w.path[w.path.length - 1]!;
    const vis = visitedOf(w.path);
    const steps = g.step[here]!.filter((n) => !vis[n]);
    for (const n of steps) qs[n]! += w.weight / b.total / steps.length;
    const cards = w.card ? [w.card] : ['carl', 'girl'];
    const slips: Loc[] = [];
    for (const c of cards) for (const n of (c === 'carl' ? g.orthoTwo : g.diagTwo)[here]!) if (!vis[n]) slips.push(n);
    for (const n of slips) ql[n]! += w.weight / b.total / slips.length;
  }
  return [qs, ql];
}

/** How good an immortal configuration is for the recruiter (R19 recruiting, R22 blocking, R25 escort). */
function configScore(
  v: View,
  imm: readonly Loc[],
  here: Loc,
  path: readonly Loc[],
  marks: ReadonlySet<Loc>,
  henry: Loc | null,
  dangerHere: number,
): number {
  let s = 0;
  const henryBlocks = (l: Loc) => henry !== null && v.mode === 'full' && (l === henry || isOrtho(l, henry));
  for (const f of v.immortalCards) {
    const n = imm.filter((l) => hasFeature(l, f) && !henryBlocks(l)).length;
    if (n >= 2) s += 2;
    else s += 0.15 * n;
  }
  const blocked = blockedFeatures(imm);
  const n = path.length;
  path.forEach((l, i) => {
    if (marks.has(l)) return;
    const recent = i >= n - 3 ? 2 : 1;
    for (const f of info(l).features) if (blocked.has(f)) s += 0.05 * recent;
  });
  if (imm.includes(here)) s += 1.2 * dangerHere;
  return s;
}

function isOrtho(a: Loc, b: Loc): boolean {
  const x = info(a);
  const y = info(b);
  return Math.abs(x.row - y.row) + Math.abs(x.col - y.col) === 1;
}

function safeFallback(v: View, legal: readonly Action[]): Action {
  void v;
  return legal.find((a) => a.type === 'step') ?? fallback(legal);
}
