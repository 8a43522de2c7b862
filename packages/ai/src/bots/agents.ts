// Agent bots ("easy" and "hard"). Both reason over hidden worlds consistent with the public log
// (belief.ts), and score each possible activation (move destination x action) by its expected
// value over those worlds:
//  - easy: myopic. Capture probability now, information gain (entropy of the recruiter's
//    location) of asks/reveals/scans, shakedown for the likeliest card, coverage of where the
//    recruiter is now, Meru's scan, Dusty/Bill after their action. Few samples, no card weighting.
//  - hard: determinized expectimax over sampled worlds: an ask/reveal/scan/missed capture is valued
//    by the capture chance it gives the *next* activation of the half-turn (value of information);
//    worlds weighted by the feature-card deals that fit the revealed recruit counts, re-weighted to
//    the deduction engine's exact location marginal when the budget allows (exact.ts), and by an
//    opponent model (model.ts: a recruiter avoids agents' reach and hides under the immortal it
//    moved, less so after each capture that missed under one); coverage of the recruiter's likely
//    NEXT locations, weighted towards likely recruit features (heading it off), with
//    coalition-aware marginal coverage; the immortal-recruiting threat (R19) countered with Henry
//    Lyme's block, shakedown pushes and Bill's nudge; shakedown+push then capture by the next agent; Dusty's extended reach; the Dolphin.
import {
  type Action,
  type AgentId,
  crossOf,
  FEATURES,
  type FeatureId,
  hasFeature,
  info,
  type Loc,
  LOCATIONS,
  type View,
} from '@mindmgmt/engine';
import { factsOf } from '../deduction/facts.js';
import { type Belief, beliefKey, computeBelief, constraintsOf, keyRng, type World } from './belief.js';
import { EXACT_MIN_BUDGET_MS, ExactTracker, withExact } from './exact.js';
import { type BeliefMemo, samplingKey } from './memo.js';
import { applyModel, type ModelWeights } from './model.js';
import { CHEB, type Geo, geoFor, N, within } from './geo.js';
import { type Bot, type BotRng, Deadline } from './types.js';

interface Params {
  readonly samples: number;
  readonly nodeBudget: number;
  readonly weighCards: boolean;
  readonly lookahead: boolean;
  readonly headOff: boolean;
  /** Value of one bit of information about the recruiter's location (capture-probability units). */
  readonly infoPerBit: number;
}

type Outcome = string | number;

interface Option {
  value: number;
  dest: Loc;
  pre: Action | null;
  act: Action | null;
}

/**
 * A capture-minded team's value of a bit: the easy agents' (kept where it was when the hard bot's
 * rose, so the easy level keeps its strength), the hard level's (make.ts), and the second style of
 * agents the expert recruiter simulates (expert/plan.ts).
 */
export const CAPTURE_MINDED_INFO_PER_BIT = 0.04;

/** Scoring weights (units: probability of capturing the recruiter). Exported for tuning runs. */
export const AGENT_WEIGHTS = {
  /**
   * The hard agents' value of a bit about the recruiter's location (halved when a follower can
   * still capture this half-turn). At 0.04 a second activation with no follower often moved for
   * position instead of asking or revealing; against the yardstick recruiter, 500 paired games:
   * 0.04 91.4%, 0.08 95.2%, 0.16 95.8%, 0.24 96.8%, 0.32 96.4%, 0.64 93.2% (docs/bots.md).
   */
  infoPerBit: 0.24,
  shakedown: 0.12,
  posNext: 0.2,
  posLater: 0.08,
  dolphinCost: 0.03,
  /** Opponent model: probability mass put on "the recruiter hides under the immortal it just moved". */
  escortMass: 0.35,
  /** Use the opponent model (model.ts) instead of the escort prior. */
  model: 1,
  unsafe: 0.3,
  escort: 6,
  /**
   * The escort ratio's excess over 1 is multiplied by this after each capture that missed on an
   * escorted location (model.ts). The hard recruiter moves an immortal every turn, almost never
   * onto itself (a decoy where the agents look): 41 captures there missed of 41 in 30 games against
   * the hard bot, against 2 of 25 for the yardstick recruiter and 1 of 20 for the easy one, which
   * hide under theirs. Against the hard recruiter (120 games, seeds 7000-7119) the recruiter won
   * 38 with a fixed ratio, 33 at 0.5, 23 at 0.2, 19 at 0.1, 18 at 0.01 (a fixed ratio of 2: 14,
   * but the yardstick recruiter then won 41 of 500 instead of 14). Against the yardstick recruiter
   * (500 games, seeds 100-599) 0.2 gave 15 and 0.1 16; against the easy recruiter 3 of 120, 1 before.
   */
  escortMiss: 0.2,
  /**
   * Per immortal recruit the recruiter could make next turn (hard only; R19). With the value of a
   * bit at 0.24, yardstick recruiter vs hard agents, 1,000 paired games (seeds 100-1099): 0.1
   * 95.8%, 0.3 97.2% (28 / 14, p = 0.044; seeds 600-1099 alone 17 / 5, p = 0.017), 0.6 no
   * better than 0.1 on seeds 100-599 (docs/bots.md).
   */
  immortalThreat: 0.3,
};

/**
 * R19: how many face-up immortal cards the recruiter could recruit with next turn (one free and
 * one paid immortal move), given immortal locations and Henry Lyme's Mental Block.
 */
export function immortalThreat(v: View, imm: readonly Loc[], henry: Loc | null): number {
  if (v.mode !== 'full') return 0;
  let threat = 0;
  const blockedByHenry = (l: Loc) => henry !== null && (l === henry || isOrthoAdj(l, henry));
  for (const f of v.immortalCards) {
    const locs = LOC_WITH[f]!.filter((l) => !blockedByHenry(l));
    // the fewest king moves taking two different immortals to two different locations of the card:
    // for immortal j, its nearest location and the next; immortal i on j's nearest leaves j the next
    let best = 99;
    for (let j = 0; j < imm.length; j++) {
      const rj = imm[j]! * N;
      let m1 = 99;
      let m2 = 99;
      let at1 = -1;
      for (const b of locs) {
        const d = CHEB[rj + b]!;
        if (d < m1) {
          m2 = m1;
          m1 = d;
          at1 = b;
        } else if (d < m2) m2 = d;
      }
      for (let i = 0; i < imm.length; i++) {
        if (i === j) continue;
        const ri = imm[i]! * N;
        for (const a of locs) {
          const c = CHEB[ri + a]! + (a === at1 ? m2 : m1);
          if (c < best) best = c;
        }
      }
    }
    threat += best <= 1 ? 1 : best === 2 ? 0.7 : best === 3 ? 0.15 : 0;
  }
  return threat;
}

function isOrthoAdj(a: Loc, b: Loc): boolean {
  const x = info(a);
  const y = info(b);
  return Math.abs(x.row - y.row) + Math.abs(x.col - y.col) === 1;
}

export interface AgentBotOptions {
  /**
   * The session's exact deduction, shared with the expert that asks this bot for its prior move
   * (one incremental deduction per session instead of two).
   */
  readonly exact?: ExactTracker;
  /**
   * The wall-clock safety cutoff, when not the decision's budget: Infinity for a bot whose
   * decisions must not depend on the machine's speed (the expert's lookahead in iteration mode;
   * its work is bounded by the budget's counts, sampleWork); a function is asked at each decision
   * (the lookahead on the clock: what is left of the expert's own budget).
   */
  readonly cutoffMs?: number | (() => number);
  /**
   * The hard bot's value of a bit, when not AGENT_WEIGHTS.infoPerBit: the hard level plays a
   * capture-minded team (make.ts), and the expert recruiter simulates agents of both styles.
   */
  readonly infoPerBit?: number;
  /**
   * Whether the hard bot's escort ratio learns from captures that missed on escorted locations
   * (AGENT_WEIGHTS.escortMiss; default true). The agents the expert recruiter simulates keep it
   * fixed: its measured rows were made against agents that do not learn, and simulating agents
   * that learn did not win it more games (docs/bots.md, "agents that learn, predicted").
   */
  readonly learnsFromMisses?: boolean;
  /**
   * Beliefs shared with the other agents' bots of one expert session (memo.ts: the same beliefs,
   * computed once).
   */
  readonly memo?: BeliefMemo;
}

export class AgentBot implements Bot {
  private key = '';
  private belief: Belief | null = null;
  private prep: Prepared | null = null;
  private readonly exact: ExactTracker;
  lastCutoff = false;

  constructor(
    readonly level: 'easy' | 'hard',
    private readonly o: AgentBotOptions = {},
  ) {
    this.exact = o.exact ?? new ExactTracker();
  }

  private params(budgetMs: number): Params {
    // Work limits, not time: the same budget gives the same belief on any machine (see sampleWork).
    if (this.level === 'easy')
      return {
        ...sampleWork(budgetMs, 80),
        weighCards: false,
        lookahead: false,
        headOff: false,
        infoPerBit: CAPTURE_MINDED_INFO_PER_BIT,
      };
    return {
      ...sampleWork(budgetMs, 700),
      weighCards: true,
      lookahead: true,
      headOff: true,
      infoPerBit: this.o.infoPerBit ?? AGENT_WEIGHTS.infoPerBit,
    };
  }

  private beliefFor(v: View, budgetMs: number, dl: Deadline): Belief {
    const p = this.params(budgetMs);
    const exact = this.level === 'hard' && budgetMs >= EXACT_MIN_BUDGET_MS;
    const key = `${beliefKey(v, 'agents')}:${p.samples}:${p.nodeBudget}:${exact}`;
    if (this.belief && this.key === key) return this.belief;
    // Sample counts are the work limit; the deadline is only the safety cutoff (reported).
    const o = { samples: p.samples, nodeBudget: p.nodeBudget, weighCards: p.weighCards, deadline: () => dl.passed() };
    const memo = this.o.memo;
    const c = constraintsOf(v);
    const mk = memo ? samplingKey(c, key, o) : '';
    const hit = memo?.get(mk);
    this.belief = hit ? { ...hit, c } : computeBelief(v, keyRng(key), o, c);
    if (memo && !hit && !dl.hit) {
      const { c: _c, ...sampled } = this.belief;
      memo.set(mk, sampled);
    }
    if (exact) this.belief = withExact(this.belief, this.exact.update(v));
    if (this.level === 'hard' && AGENT_WEIGHTS.model)
      this.belief = applyModel(this.belief, geoFor(v.mayhem), agentsModel(this.o.learnsFromMisses !== false));
    else if (this.level === 'hard') this.belief = escortPrior(this.belief, v, AGENT_WEIGHTS.escortMass);
    // A belief cut short by the safety cutoff is not what a fresh bot would compute: not cached.
    this.key = dl.hit ? '' : key;
    this.prep = null;
    return this.belief;
  }

  shed(): void {
    this.exact.shed();
  }

  /** The belief its last decision used (a figure for tests and tuning). */
  get lastBelief(): Belief | null {
    return this.belief;
  }

  decide(v: View, legal: readonly Action[], rng: BotRng, budgetMs: number, onBest?: (a: Action) => void): Action {
    const c = this.o.cutoffMs;
    const dl = new Deadline(typeof c === 'function' ? c() : (c ?? budgetMs));
    let reported: Action | null = null;
    this.onBest = onBest
      ? (a) => {
          reported = a;
          onBest(a);
        }
      : undefined;
    try {
      const a = this.choose(v, legal, rng, budgetMs, dl);
      const hit = a ? legal.find((l) => same(l, a)) : undefined;
      if (hit) {
        // a choice made outside the activation loop (moves, actions, placements) is told too
        if (reported !== hit) this.onBest?.(hit);
        return hit;
      }
    } catch {
      // fall through to a safe legal action
    } finally {
      this.lastCutoff = dl.hit;
      this.onBest = undefined;
    }
    return fallback(legal);
  }

  private onBest: ((a: Action) => void) | undefined;

  private choose(v: View, legal: readonly Action[], rng: BotRng, budgetMs: number, dl: Deadline): Action | null {
    const g = geoFor(v.mayhem);
    switch (v.phase) {
      case 'mayhem':
        return pickMayhem(legal, rng);
      case 'agents':
        return this.placeAgent(v, legal, rng, budgetMs, dl, g);
      case 'mindSlipToken':
        return this.placeToken(v, legal, rng, budgetMs, dl);
      case 'agentsTurn':
        return this.turn(v, legal, rng, budgetMs, dl, g);
      default:
        return null;
    }
  }

  private placeAgent(
    v: View,
    legal: readonly Action[],
    rng: BotRng,
    budgetMs: number,
    dl: Deadline,
    g: Geo,
  ): Action | null {
    const b = this.beliefFor(v, budgetMs, dl);
    const placed = v.agents.filter((a) => a.at !== null).map((a) => a.at!);
    const mass = new Float64Array(N);
    for (let l = 0; l < N; l++) mass[l] = 0.02 + b.here[l]!;
    let best: Action | null = null;
    let bestV = -Infinity;
    for (const a of legal) {
      if (a.type !== 'placeAgent') continue;
      let val = 0;
      for (let l = 0; l < N; l++) {
        const mine = g.dist[a.at]![l]!;
        const other = placed.reduce((m, p) => Math.min(m, g.dist[p]![l]!), 99);
        if (mine < other) val += mass[l]! * (other - mine);
      }
      val += rng() * 1e-6;
      if (val > bestV) {
        bestV = val;
        best = a;
      }
    }
    return best;
  }

  private placeToken(v: View, legal: readonly Action[], rng: BotRng, budgetMs: number, dl: Deadline): Action | null {
    // R18: a token on a location visited during setup can never be acquired.
    const b = this.beliefFor(v, budgetMs, dl);
    const pv = new Float64Array(N);
    for (const w of b.worlds) for (const l of w.path) pv[l]! += w.weight / b.total;
    let best: Action | null = null;
    let bestV = -Infinity;
    for (const a of legal) {
      if (a.type !== 'placeMindSlip') continue;
      const val = pv[a.at]! + rng() * 1e-6;
      if (val > bestV) {
        bestV = val;
        best = a;
      }
    }
    return best;
  }

  private turn(v: View, legal: readonly Action[], rng: BotRng, budgetMs: number, dl: Deadline, g: Geo): Action | null {
    const b = this.beliefFor(v, budgetMs, dl);
    if (!this.prep) this.prep = prepare(v, b, g, this.params(budgetMs));
    const ctx: Ctx = { v, b, g, p: this.params(budgetMs), prep: this.prep, legal, dl };
    const act = v.activation;
    if (!act) {
      let best: Action | null = null;
      let bestV = -Infinity;
      for (const a of legal) {
        if (a.type !== 'activate') continue;
        const o = bestOption(ctx, a.agent, true);
        const val = o.value + rng() * 1e-9;
        if (val > bestV) {
          bestV = val;
          best = a;
          this.onBest?.(a);
        }
      }
      return best;
    }
    const agent = act.agent;
    if (act.pushFrom !== null) {
      const pushes = legal.filter((a) => a.type === 'push');
      const henry = v.agents.find((x) => x.id === 'henry')!.at;
      const th = (to: Loc) =>
        this.level === 'hard'
          ? immortalThreat(
              v,
              v.immortals.map((l) => (l === act.pushFrom ? to : l)),
              henry,
            )
          : 0;
      if (pushes.length) return minBy(pushes, (a) => (a.type === 'push' ? th(a.to) * 10 + b.here[a.to]! : 0));
    }
    if (act.actionDone) return afterAction(ctx, agent) ?? find(legal, 'endActivation');
    const o = bestOption(ctx, agent, false);
    if (o.pre) return o.pre;
    const here = agentAt(v, agent);
    if (o.dest !== here && !act.moved) return legal.find((a) => a.type === 'move' && a.to === o.dest) ?? o.act;
    return o.act ?? find(legal, 'endActivation');
  }
}

/** Locations an immortal was moved onto during the latest recruiter turn (and still holds). */
export function escortSpots(v: View): Set<Loc> {
  return factsOf(v).latestEscort(v.immortals);
}

/** Opponent model: a recruiter tends to hide under the immortal it just moved. */
function escortPrior(b: Belief, v: View, mass: number): Belief {
  const spots = escortSpots(v);
  if (!spots.size || mass <= 0 || !b.worlds.length) return b;
  let inSpots = 0;
  for (const l of spots) inSpots += b.here[l]!;
  if (inSpots <= 0 || inSpots >= mass) return b;
  const up = mass / inSpots;
  const down = (1 - mass) / (1 - inSpots);
  const f = (l: Loc) => (spots.has(l) ? up : down);
  const worlds = b.worlds.map((w) => ({ ...w, weight: w.weight * f(w.path[w.path.length - 1]!) }));
  const here = new Float64Array(N);
  for (let l = 0; l < N; l++) here[l] = b.here[l]! * f(l);
  const total = worlds.reduce((x, w) => x + w.weight, 0);
  return { ...b, worlds, total, here };
}

function agentAt(v: View, a: AgentId): Loc {
  return v.agents.find((x) => x.id === a)!.at!;
}

interface Prepared {
  /** visit time of l in world i (0 = not visited): vt[i*N + l] */
  readonly vt: Int8Array;
  readonly cur: Int16Array;
  readonly w: Float64Array;
  readonly next: Float64Array;
  readonly marked: Uint8Array;
  readonly H: number;
}

interface Ctx {
  readonly v: View;
  readonly b: Belief;
  readonly g: Geo;
  readonly p: Params;
  readonly prep: Prepared;
  readonly legal: readonly Action[];
  readonly dl: Deadline;
}

function prepare(v: View, b: Belief, g: Geo, p: Params): Prepared {
  const W = b.worlds.length;
  const vt = new Int8Array(W * N);
  const cur = new Int16Array(W);
  const w = new Float64Array(W);
  b.worlds.forEach((x, i) => {
    x.path.forEach((l, t) => (vt[i * N + l] = t + 1));
    cur[i] = x.path[x.path.length - 1]!;
    w[i] = x.weight / b.total;
  });
  const marked = new Uint8Array(N);
  for (const t of v.stepTokens) marked[t.at] = 1;
  for (const c of v.confirmed) marked[c.at] = 1;
  const next = nextDistribution(v, b, g, p);
  return { vt, cur, w, next, marked, H: entropy(b.here) };
}

/** Where the recruiter is likely to be after its next move (hard: toward likely recruits, away from dead ends). */
function nextDistribution(v: View, b: Belief, g: Geo, p: Params): Float64Array {
  const out = new Float64Array(N);
  const t1 = v.mindSlips.firstUsedAt === null;
  const tok2 = v.mindSlips.secondOnBoard;
  for (const w of b.worlds) {
    const here = w.path[w.path.length - 1]!;
    const vis = new Uint8Array(N);
    for (const l of w.path) vis[l] = 1;
    const moves: { l: Loc; wt: number }[] = [];
    for (const n of g.step[here]!) if (!vis[n]) moves.push({ l: n, wt: 1 });
    const held = (t1 ? 1 : 0) + (tok2 !== null && w.path.indexOf(tok2) >= 5 ? 1 : 0);
    if (held) {
      const cards = w.card ? [w.card] : ['carl', 'girl'];
      for (const cd of cards)
        for (const n of (cd === 'carl' ? g.orthoTwo : g.diagTwo)[here]!)
          if (!vis[n]) moves.push({ l: n, wt: 0.15 / cards.length });
    }
    if (!moves.length) continue;
    if (p.headOff) {
      for (const m of moves) {
        let r = 0;
        for (const f of info(m.l).features) r += b.cardProb.get(f) ?? 0;
        let free = 0;
        for (const n of g.step[m.l]!) if (!vis[n] && n !== here) free++;
        m.wt *= (1 + 2 * r) * (free === 0 ? 0.2 : 1);
      }
    }
    const tot = moves.reduce((s, m) => s + m.wt, 0);
    for (const m of moves) out[m.l]! += ((w.weight / b.total) * m.wt) / tot;
  }
  return out;
}

function entropy(p: ArrayLike<number>): number {
  let tot = 0;
  for (let i = 0; i < p.length; i++) tot += p[i]!;
  if (tot <= 0) return 0;
  let h = 0;
  for (let i = 0; i < p.length; i++) {
    const q = p[i]! / tot;
    if (q > 0) h -= q * Math.log2(q);
  }
  return h;
}

function immortalSet(v: View): Uint8Array {
  const s = new Uint8Array(N);
  for (const l of v.immortals) s[l] = 1;
  return s;
}

/** Remaining activations this half-turn after the current one, by agents other than `self`. */
function followers(v: View, self: AgentId): AgentId[] {
  if (v.activationsThisHalf + 1 >= 2) return [];
  return v.agents.filter((a) => !a.activated && a.id !== self).map((a) => a.id);
}

/** Best single-activation capture chance for any of `who` given a location distribution. */
function captureChance(ctx: Ctx, who: AgentId[], post: Float64Array, imm: Uint8Array): number {
  let best = 0;
  for (const a of who) {
    const from = agentAt(ctx.v, a);
    const reach = a === 'dusty' && ctx.v.mode === 'full' ? 3 : 2;
    const d = ctx.g.dist[from]!;
    for (let l = 0; l < N; l++) if (d[l]! <= reach && !imm[l] && post[l]! > best) best = post[l]!;
  }
  return best;
}

function option(value: number, dest: Loc, pre: Action | null, act: Action | null): Option {
  return { value, dest, pre, act };
}

/** Value of a partition of the worlds into outcomes (expected follow-up value). */
function valueOfOutcomes(
  ctx: Ctx,
  outcome: (i: number) => Outcome | Outcome[],
  who: AgentId[],
  imm: Uint8Array,
  exclude?: (i: number) => boolean,
): number {
  const { prep } = ctx;
  const W = prep.w.length;
  const groups = new Map<Outcome, Float64Array>();
  const mass = new Map<Outcome, number>();
  for (let i = 0; i < W; i++) {
    if (exclude?.(i)) continue;
    const o = outcome(i);
    const os = Array.isArray(o) ? o : [o];
    const share = prep.w[i]! / os.length;
    for (const k of os) {
      let h = groups.get(k);
      if (!h) {
        h = new Float64Array(N);
        groups.set(k, h);
        mass.set(k, 0);
      }
      h[prep.cur[i]!]! += share;
      mass.set(k, mass.get(k)! + share);
    }
  }
  let total = 0;
  for (const m of mass.values()) total += m;
  if (total <= 0) return 0;
  let val = 0;
  let eh = 0;
  for (const [k, h] of groups) {
    const m = mass.get(k)!;
    const post = h.map((x) => x / m);
    if (who.length && ctx.p.lookahead) val += (m / total) * captureChance(ctx, who, post, imm);
    eh += (m / total) * entropy(post);
  }
  return val + ctx.p.infoPerBit * Math.max(0, prep.H - eh) * (who.length && ctx.p.lookahead ? 0.5 : 1);
}

function positional(ctx: Ctx, agent: AgentId, d: Loc): number {
  const { v, g, prep, p } = ctx;
  // Agents activated in the first half of a round (even time) cannot act in the next half.
  const availableNext = v.time % 2 === 1;
  const dist = g.dist[d]!;
  const src = p.headOff ? prep.next : ctx.b.here;
  let cov = 0;
  let marginal = 0;
  const others = v.agents.filter((a) => a.id !== agent && (v.time % 2 === 1 || !a.activated)).map((a) => a.at!);
  for (let l = 0; l < N; l++) {
    const q = src[l]!;
    if (!q) continue;
    const c = dist[l]! <= 2 ? 1 : dist[l]! <= 4 ? 0.3 : 0;
    cov += q * c;
    if (c > 0 && !others.some((o) => g.dist[o]![l]! <= 2)) marginal += q * c;
  }
  const base = p.headOff ? 0.5 * cov + 0.5 * marginal : cov;
  return (availableNext ? AGENT_WEIGHTS.posNext : AGENT_WEIGHTS.posLater) * base;
}

function bestOption(ctx: Ctx, agent: AgentId, forActivation: boolean): Option {
  const { v, g, prep, b } = ctx;
  const act = v.activation;
  const here = agentAt(v, agent);
  const moved = !forActivation && act !== null && act.moved;
  const freeUsed = !forActivation && act !== null && act.freeUsed;
  const full = v.mode === 'full';
  const imm = immortalSet(v);
  const who = ctx.p.lookahead ? followers(v, agent) : [];
  const blocked = new Set<FeatureId>();
  for (const l of v.immortals) for (const f of info(l).features) blocked.add(f);
  const tokenAt = new Uint8Array(N);
  for (const t of v.stepTokens) tokenAt[t.at] = 1;

  // destinations (Dusty: a pre-move of himself extends his reach)
  const dests = new Map<Loc, Action | null>();
  dests.set(here, null);
  if (!moved) for (const l of within(g, here, 2)) dests.set(l, null);
  if (full && agent === 'dusty' && !freeUsed && !moved && ctx.p.lookahead) {
    const range = 1 + v.exposed.length;
    for (const mid of within(g, here, range))
      if (mid !== here)
        for (const l of within(g, mid, 2))
          if (!dests.has(l)) dests.set(l, { type: 'dustyMove', seat: v.viewer as number, agent: 'dusty', to: mid });
  }
  const seat = v.viewer as number;
  // Bill: nudge an orthogonally adjacent immortal off a likely location, then capture there
  const nudged = new Map<Loc, Action>();
  if (full && agent === 'bill' && !freeUsed && !moved && ctx.p.lookahead) {
    for (const from of v.immortals) {
      if (!isOrthoAdj(here, from)) continue;
      for (const to of g.step[from]!) {
        if (!isOrthoAdj(from, to) || imm[to]) continue;
        const a: Action = { type: 'nudge', seat, from, to };
        const prev = nudged.get(from);
        if (!prev || (prev.type === 'nudge' && b.here[to]! < b.here[prev.to]!)) nudged.set(from, a);
      }
    }
  }
  let best: Option = option(-Infinity, here, null, null);
  const consider = (o: Option) => {
    if (o.value > best.value) best = o;
  };
  const dolphinOk = full && v.allyAvailable && (ctx.p.lookahead || v.time >= 10);
  const useThreat = ctx.p.lookahead && full;
  const henryAt = v.agents.find((a) => a.id === 'henry')!.at;
  const threatFor = (henry: Loc | null, immList: readonly Loc[]) =>
    useThreat ? -AGENT_WEIGHTS.immortalThreat * immortalThreat(v, immList, henry) : 0;
  for (const [d, pre] of dests) {
    if (best.value > -Infinity && ctx.dl.passed()) break;
    const pos = positional(ctx, agent, d);
    const base = pos + threatFor(agent === 'henry' ? d : henryAt, v.immortals);
    // no action
    consider(option(base + (who.length ? captureChance(ctx, who, b.here, imm) : 0), d, pre, null));
    if (!imm[d]) {
      // capture
      const pc = b.here[d]!;
      const rest = who.length
        ? valueOfOutcomes(
            ctx,
            () => 0,
            who,
            imm,
            (i) => prep.cur[i] === d,
          )
        : 0;
      consider(option(pc + (1 - pc) * rest + base + 1e-4, d, pre, { type: 'capture', seat }));
      // ask
      for (const f of info(d).features) {
        if (blocked.has(f)) continue;
        const cands = (i: number): Loc[] => {
          const out: Loc[] = [];
          for (const l of LOC_WITH[f]!) if (prep.vt[i * N + l] && !prep.marked[l]) out.push(l);
          return out;
        };
        const val = valueOfOutcomes(
          ctx,
          (i) => {
            const c = cands(i);
            return c.length ? c : -1;
          },
          who,
          imm,
        );
        consider(option(val + base, d, pre, { type: 'ask', seat, feature: f, dolphin: false }));
        if (dolphinOk) {
          const vd = valueOfOutcomes(ctx, (i) => cands(i).join(',') || 'none', who, imm);
          consider(
            option(vd + base - AGENT_WEIGHTS.dolphinCost, d, pre, { type: 'ask', seat, feature: f, dolphin: true }),
          );
        }
      }
      // reveal
      if (tokenAt[d]) {
        const val = valueOfOutcomes(ctx, (i) => prep.vt[i * N + d]!, who, imm);
        consider(option(val + base + 0.005, d, pre, { type: 'reveal', seat }));
      }
      // Meru's scan
      if (full && agent === 'meru') {
        const cross = new Set(crossOf(d));
        const val = valueOfOutcomes(ctx, (i) => (cross.has(prep.cur[i]!) ? 1 : 0), who, imm);
        consider(option(val + base, d, pre, { type: 'scan', seat }));
      }
    } else if (full && nudged.has(d) && within(g, here, 2).concat(here).includes(d)) {
      const pc = b.here[d]!;
      consider(option(pc + base, d, nudged.get(d)!, null));
    }
    if (imm[d] && full) {
      // shakedown: name the likeliest recruiter card; the push then frees this location
      let bf: FeatureId | null = null;
      let bp = -1;
      const exposed = new Set(v.exposed.map((e) => e.feature));
      for (const f of FEATURES) {
        if (exposed.has(f)) continue;
        const q = b.cardProb.get(f) ?? (ctx.p.weighCards ? 0 : 3 / 14);
        if (q > bp) {
          bp = q;
          bf = f;
        }
      }
      if (bf) {
        const freed = imm.slice();
        freed[d] = 0;
        const follow = who.length ? captureChance(ctx, who, b.here, freed) : 0;
        let pushGain = 0;
        if (useThreat) {
          const hen = agent === 'henry' ? d : henryAt;
          const now = threatFor(hen, v.immortals);
          for (const to of ctx.g.step[d]!) {
            if (!isOrthoAdj(d, to) || imm[to]) continue;
            const after = threatFor(
              hen,
              v.immortals.map((l) => (l === d ? to : l)),
            );
            pushGain = Math.max(pushGain, after - now);
          }
        }
        const val = AGENT_WEIGHTS.shakedown * Math.max(0, bp) + follow + base + pushGain;
        consider(option(val, d, pre, { type: 'shakedown', seat, feature: bf }));
      }
    }
  }
  return best;
}

const LOC_WITH: Record<FeatureId, Loc[]> = Object.fromEntries(
  FEATURES.map((f) => [f, LOCATIONS.filter((l) => hasFeature(l.id, f)).map((l) => l.id)]),
) as Record<FeatureId, Loc[]>;

/** Free actions after the action: Dusty repositions a ready agent; Bill nudges an immortal off a likely spot. */
function afterAction(ctx: Ctx, agent: AgentId): Action | null {
  const { v, legal, b } = ctx;
  if (agent === 'dusty') {
    let best: Action | null = null;
    let bestV = 0.002;
    for (const a of legal) {
      if (a.type !== 'dustyMove') continue;
      const st = v.agents.find((x) => x.id === a.agent)!;
      let val =
        positional(ctx, a.agent, a.to) - positional(ctx, a.agent, st.at!) + (st.activated && v.time % 2 === 0 ? -1 : 0);
      if (a.agent === 'henry' && ctx.p.lookahead)
        val +=
          AGENT_WEIGHTS.immortalThreat * (immortalThreat(v, v.immortals, st.at) - immortalThreat(v, v.immortals, a.to));
      if (val > bestV) {
        bestV = val;
        best = a;
      }
    }
    return best;
  }
  if (agent === 'bill') {
    let best: Action | null = null;
    let bestV = 0.05;
    for (const a of legal) {
      if (a.type !== 'nudge') continue;
      const henry = v.agents.find((x) => x.id === 'henry')!.at;
      let val = b.here[a.from]! - b.here[a.to]!;
      if (ctx.p.lookahead)
        val +=
          AGENT_WEIGHTS.immortalThreat *
          (immortalThreat(v, v.immortals, henry) -
            immortalThreat(
              v,
              v.immortals.map((l) => (l === a.from ? a.to : l)),
              henry,
            ));
      if (val > bestV) {
        bestV = val;
        best = a;
      }
    }
    return best;
  }
  return null;
}

function pickMayhem(legal: readonly Action[], rng: BotRng): Action | null {
  return legal[Math.floor(rng() * legal.length)] ?? null;
}

/**
 * The hard agents' opponent model (model.ts). `learns`: the escort ratio shrinks with each capture
 * that missed under an escort (R25); without it the ratio is the one the agents start from, which
 * the recruiter bots predict and the expert recruiter simulates.
 */
export function agentsModel(learns: boolean): ModelWeights {
  return {
    unsafe: AGENT_WEIGHTS.unsafe,
    escort: AGENT_WEIGHTS.escort,
    missFactor: learns ? AGENT_WEIGHTS.escortMiss : undefined,
  };
}

/**
 * How many hidden worlds a bot samples for a per-decision budget: about 3 per ms up to `max`, with
 * 150 search nodes per sample and at most 150 per ms of budget. A cold belief then costs well under
 * half the budget on an idle machine; the wall clock is only the safety cutoff. From a budget of
 * `max` ms on (700 for the hard agents, 600 for the hard recruiter) the work no longer grows.
 */
export function sampleWork(budgetMs: number, max: number): { samples: number; nodeBudget: number } {
  const samples = Math.max(20, Math.min(max, Math.round(budgetMs * 3)));
  return { samples, nodeBudget: Math.min(samples * 150, Math.max(2000, Math.round(budgetMs * 150))) };
}

export function same(a: Action, b: Action): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function find(legal: readonly Action[], type: Action['type']): Action | null {
  return legal.find((a) => a.type === type) ?? null;
}

function minBy<T>(xs: readonly T[], f: (x: T) => number): T {
  let best: T = xs[0]!;
  let bv = f(best);
  for (const x of xs) {
    const v = f(x);
    if (v < bv) {
      bv = v;
      best = x;
    }
  }
  return best;
}

export function fallback(legal: readonly Action[]): Action {
  return legal.find((a) => a.type === 'endActivation') ?? legal.find((a) => a.type === 'endTurn') ?? legal[0]!;
}

export type { World };
