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
//    how close it comes to the most likely cell the threatening agents can reach. An arrival a red
//    alert will count is scored against the agents' belief after that alert (alert.ts, R11). Ask
//    answers and extra-move step tokens go where the agents' posterior on its true location stays
//    lowest. It does not escort itself: an immortal moved onto its location points strong agents
//    at it (they push it off with a shakedown and capture, R24, R25); it moves immortals to
//    recruit, to block asks, and as decoys where the agents look for it (never paying a step
//    token for a decoy). Against agents that leave those immortals standing within their reach
//    and never push one off or capture under one (escort.ts, immortalReading), it plays its
//    immortals as the easy recruiter does: escorts, no decoys. It avoids stepping onto a feature
//    no older unmarked visit shows while agents could ask about it (ask-exposure.ts, R22).
import { type Action, type FeatureId, info, type Loc, type View } from '@mindmgmt/engine';
import { type Belief, beliefKey, computeBelief, keyRng } from './belief.js';
import { EXACT_MIN_BUDGET_MS, ExactTracker, withExact } from './exact.js';
import { canSurvive, cheb, type Geo, geoFor, N, openArea } from './geo.js';
import { agentsModel, fallback, same, sampleWork } from './agents.js';
import { factsOf } from '../deduction/facts.js';
import { applyModel } from './model.js';
import { immortalWinMove } from './immortal-win.js';
import { alertBeliefs, alertCount, alertHour } from './alert.js';
import { immortalCardCounts, immortalReading, isEscortTell } from './escort.js';
import { AskOutlook, availableNext, blockedFeatures } from './ask-exposure.js';
import { type Bot, type BotRng, Deadline } from './types.js';

/**
 * Scoring weights of the hard recruiter's danger model (exported for tuning runs). The 2026-12-02
 * settings (alert, alertShare, escort 0, decoy, tell) are measured in docs/bots.md ("Hard
 * recruiter: the escort tell").
 */
export const RECRUITER_WEIGHTS = {
  relative: 1,
  relScale: 1.2,
  relPow: 1,
  /** Score an arrival that a red alert will count against the agents' belief after the alert (alert.ts). */
  alert: 1,
  /**
   * Penalty per unit of the agents' belief, after the alert, that the recruiter is where it is:
   * the alert shows a number, and a number only this path fits tells the agents where to go.
   */
  alertShare: 1,
  /**
   * Value of an immortal on the recruiter's location (R25 escort), per unit of danger there (the
   * easy recruiter's is 1.2: it escorts, and the agents read it).
   */
  escort: 0,
  /**
   * Value of moving an immortal onto a location the agents believe the recruiter may be on, away
   * from it: strong agents read an immortal moved during the recruiter's turn as an escort (the
   * opponent model, model.ts), so it draws them there (per unit of their belief there).
   */
  decoy: 1,
  /**
   * Cost of moving an immortal onto the recruiter's own location without recruiting with it: the
   * same tell as an escort (it points at the recruiter), for blocking an ask or half a card.
   */
  tell: 10,
  /**
   * Cost, per agent that could Ask next half-turn, of stepping onto a location with an unblocked
   * feature that no older unmarked visit shows (R22): an ask about it must be answered with the
   * recruiter's own location. 0.02 for the other features. Measured in docs/bots.md ("Hard
   * recruiter: fresh features", 2026-12-02).
   */
  askExposure: 1,
  /**
   * Escort itself as the easy recruiter does (escort 1.2, no tell, no decoy) once the agents have
   * left this many of its moved immortals standing within their reach, and never answered one
   * with a push or a capture there (escort.ts, immortalReading). 0: never.
   */
  escortAfterIgnored: 3,
};

/** The easy recruiter escorts itself (see RECRUITER_WEIGHTS.escort). */
const EASY_ESCORT = 1.2;

/**
 * These agents do not read an immortal moved in the recruiter's turn as its location (R25), so an
 * escort blocks their capture without telling them anything: they have left enough of them
 * standing within reach and answered none (RECRUITER_WEIGHTS.escortAfterIgnored).
 */
export function agentsIgnoreImmortals(v: View, g: Geo, exact: ExactTracker): boolean {
  const k = RECRUITER_WEIGHTS.escortAfterIgnored;
  if (k <= 0 || v.mode !== 'full') return false;
  const answers = factsOf(v).escortAnswers;
  const r = immortalReading(answers, g);
  if (r.read > 0 || r.ignored < k) return false;
  // agents that read immortals rightly leave one where their deduction says the recruiter cannot
  // have been (by the facts known now, a superset of what they knew then): no evidence either way
  const at = new Map<number, boolean[] | null>();
  const plausible = (t: number, l: Loc) => {
    if (!at.has(t)) at.set(t, exact.possibleAt(v, t));
    return at.get(t)?.[l] ?? true;
  };
  const p = immortalReading(answers, g, plausible);
  return p.read === 0 && p.ignored >= k;
}

/** The immortal weights of this decision: the hard recruiter's, or the easy one's against agents that do not read an immortal. */
function immortalWeights(
  v: View,
  g: Geo,
  hard: boolean,
  exact: ExactTracker,
): { escort: number; tell: number; decoy: number } {
  if (!hard || agentsIgnoreImmortals(v, g, exact)) return { escort: EASY_ESCORT, tell: 0, decoy: 0 };
  return { escort: RECRUITER_WEIGHTS.escort, tell: RECRUITER_WEIGHTS.tell, decoy: RECRUITER_WEIGHTS.decoy };
}

export class RecruiterBot implements Bot {
  private key = '';
  private belief: Belief | null = null;
  lastCutoff = false;
  /**
   * The scores of the last main-action decision (steps and slips; -Infinity for other actions),
   * read by the expert recruiter's planner. Null until a main action was scored.
   */
  lastMoveScores: ReadonlyMap<Action, number> | null = null;
  /** Per step or slip of the last main action: the agents' belief, after it, that the recruiter is where it leads. */
  lastMoveShares: ReadonlyMap<Action, number> | null = null;
  /**
   * `exact`: the session's exact deduction, shared with the expert that asks this bot for its
   * prior move (one incremental deduction per session instead of two).
   */
  constructor(
    readonly level: 'easy' | 'hard',
    private readonly exact: ExactTracker = new ExactTracker(),
  ) {}

  shed(): void {
    this.exact.shed();
  }

  decide(v: View, legal: readonly Action[], rng: BotRng, budgetMs: number, onBest?: (a: Action) => void): Action {
    const dl = new Deadline(budgetMs);
    this.lastMoveScores = null;
    let reported: Action | null = null;
    this.onBest = onBest
      ? (a) => {
          reported = a;
          onBest(a);
        }
      : undefined;
    try {
      const a = this.choose(v, legal, rng, budgetMs, dl);
      if (a) {
        const hit = legal.find((l) => same(l, a));
        if (hit) {
          // a choice made outside a scoring loop (a default, the end of the turn) is told too
          if (reported !== hit) this.onBest?.(hit);
          return hit;
        }
      }
    } catch {
      // fall back below
    } finally {
      this.lastCutoff = dl.hit;
      this.onBest = undefined;
    }
    return safeFallback(v, legal);
  }

  /** Anytime: told each better move as the scoring finds it (the server plays the last one on a timeout). */
  private onBest: ((a: Action) => void) | undefined;

  /** The best-scoring legal action, reporting each improvement to `onBest`. */
  private best(legal: readonly Action[], f: (a: Action) => number): Action | null {
    let b: Action | null = null;
    let bv = -Infinity;
    for (const a of legal) {
      const v = f(a);
      if (v > bv) {
        bv = v;
        b = a;
        if (v > -Infinity) this.onBest?.(a);
      }
    }
    return b;
  }

  private agentsBelief(v: View, budgetMs: number, dl: Deadline): Belief {
    // Work limits, not time (see AgentBot.params); the deadline is only the safety cutoff.
    const { samples, nodeBudget } = sampleWork(budgetMs, 600);
    const exact = budgetMs >= EXACT_MIN_BUDGET_MS;
    const key = `${beliefKey(v, 'recruiter')}:${samples}:${nodeBudget}:${exact}`;
    if (this.belief && this.key === key) return this.belief;
    this.belief = computeBelief(v, keyRng(key), {
      samples,
      nodeBudget,
      weighCards: true,
      deadline: () => dl.passed(),
    });
    if (exact) this.belief = withExact(this.belief, this.exact.update(v));
    // what strong agents would believe: the same opponent model the hard agents use, with the
    // escort ratio they start from (not what they learn from missed captures during a game: the
    // recruiter bots' measured rows were made with the fixed ratio, and predicting the learning
    // did not win more; docs/bots.md, "agents that learn, predicted")
    this.belief = applyModel(this.belief, geoFor(v.mayhem), agentsModel(false));
    // A belief cut short by the safety cutoff is not what a fresh bot would compute: not cached.
    this.key = dl.hit ? '' : key;
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
        return this.best(legal, (a) => {
          if (a.type !== 'chooseStart') return -Infinity;
          const i = info(a.at);
          return (i.edge ? 0 : 1) + (i.temple ? -0.5 : 0) + rng();
        });
      case 'setupSteps':
        return this.setupStep(v, legal, rng, g);
      case 'immortals':
        return this.placeImmortal(v, legal, rng, g);
      case 'answerAsk':
        return this.answer(v, legal, budgetMs, dl, g);
      case 'recruiterTurn': {
        if (!sec) return null;
        // R37: immortal moves that bring the winning recruit come first (even when boxed in)
        const win = immortalWinMove(v, legal);
        if (win) return win;
        if (!v.turn?.actionDone) return this.action(v, legal, rng, budgetMs, dl, g);
        return this.immortals(v, legal, rng, budgetMs, dl, g) ?? legal.find((a) => a.type === 'endTurn') ?? null;
      }
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
    return this.best(legal, (a) => {
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
    return this.best(legal, (a) => {
      if (a.type !== 'placeImmortal') return -Infinity;
      let s = 0;
      for (const f of info(a.at).features) if (!covered.has(f)) s += featCount.get(f) ?? 0;
      if (!escortNear && cheb(a.at, here) <= 1) s += 1.5;
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
    const here = sec.at!;
    const live = this.live(v);
    const visited = visitedOf(sec.path);
    const need = v.finalTime - (v.time + 1);
    const held = (v.mindSlips.firstUsedAt === null ? 1 : 0) + (sec.secondMindSlipHeld ? 1 : 0);
    const slipTable = sec.card === 'carl' ? g.orthoTwo : g.diagTwo;
    const hard = this.level === 'hard';
    let qStep: Float64Array | null = null;
    let qSlip: Float64Array | null = null;
    // R11: when this arrival ends an alert window, the agents' belief after the alert, by count
    const alertAt = hard && RECRUITER_WEIGHTS.alert ? alertHour(v) : null;
    let qStepBy: Float64Array[] | null = null;
    let qSlipBy: Float64Array[] | null = null;
    let lastShare = 0;
    const stepScore = (a: Action): number => {
      if (a.type === 'step') return score(a.to, false);
      if (a.type === 'mindSlip') return score(a.to, true) - (a.token === 2 ? 0.01 : 0);
      return -Infinity;
    };
    // R22: a feature only the destination would show tells an ask where the recruiter is
    const asks = new AskOutlook(v, g);
    const iw = immortalWeights(v, g, hard, this.exact);
    const circledLeft: Loc[] = [];
    for (let l = 0; l < N; l++) if (!visited[l] && contacts(l, live) > 0) circledLeft.push(l);
    const immNear = (l: Loc) => v.immortals.some((m) => m === l || (cheb(m, l) === 1 && !orthBlocked(v, m, l)));
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
      const by = slip ? qSlipBy : qStepBy;
      const q = by && alertAt !== null ? by[alertCount(v, here, to, alertAt)]! : slip ? qSlip : qStep;
      lastShare = q ? q[to]! : 0;
      // an immortal near the destination halves its danger only for a recruiter that escorts (R25)
      const escorts = iw.escort > 0;
      s -= 1.5 * this.danger(v, g, to, q, immNear(to) && v.mode === 'full' && escorts);
      if (by && q) s -= RECRUITER_WEIGHTS.alertShare * q[to]!;
      // exposure to future asks: unblocked features of this location near agents; the hard
      // recruiter pays again for a fresh one (its ask would be answered with `to`)
      for (const f of info(to).features) {
        if (asks.blocked.has(f)) continue;
        const near = asks.near(f);
        s -= 0.02 * near;
        if (hard && !asks.covered.has(f)) s -= RECRUITER_WEIGHTS.askExposure * near;
      }
      if (slip) s -= hard ? 0.25 : 0.4;
      return s + rng() * 0.01;
    };
    if (hard) {
      // anytime: the move without the agents' belief (the easy danger model) is reported first,
      // then the belief (the slow part) refines it (always run, so the rng draws and the move do
      // not depend on whether anyone listens)
      this.best(legal, stepScore);
      const b = this.agentsBelief(v, budgetMs, dl);
      [qStep, qSlip] = agentsNext(b, g, v);
      if (alertAt !== null) {
        qStepBy = alertBeliefs(b, g, false, alertAt).map(normalised);
        if (held > 0) qSlipBy = alertBeliefs(b, g, true, alertAt).map(normalised);
      }
    }
    // the last scoring pass, kept for the expert (it weighs its own risk estimate against it);
    // recorded as it is made, so no random number is drawn twice
    const scores = new Map<Action, number>();
    const shares = new Map<Action, number>();
    const chosen = this.best(legal, (a) => {
      lastShare = 0;
      const x = stepScore(a);
      scores.set(a, x);
      shares.set(a, lastShare);
      return x;
    });
    this.lastMoveScores = scores;
    this.lastMoveShares = shares;
    return chosen;
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
    const hard = this.level === 'hard';
    let dangerHere: number;
    let qNow: Float64Array | null = null;
    if (hard) {
      const b = this.agentsBelief(v, budgetMs, dl);
      const lastSlip = v.log.some((e) => e.pub.kind === 'mindSlipUsed' && e.pub.time === v.time + 1);
      const [qs, ql] = agentsNext(b, g, v);
      qNow = lastSlip ? ql : qs;
      dangerHere = this.danger(v, g, here, qNow, false);
    } else dangerHere = this.danger(v, g, here, null, false);
    let qTop = 0;
    if (qNow) for (let l = 0; l < N; l++) qTop = Math.max(qTop, qNow[l]!);
    // a decoy: an immortal moved where the agents look for the recruiter, not next to it
    const iw = immortalWeights(v, g, hard, this.exact);
    const decoy = (to: Loc): number =>
      qNow && qTop > 0 && iw.decoy && to !== here && g.dist[here]![to]! >= 2 ? (iw.decoy * qNow[to]!) / qTop : 0;
    const marks = new Set<Loc>([...v.stepTokens.map((t) => t.at), ...v.confirmed.map((c) => c.at)]);
    // Escort: an immortal on the recruiter's location blocks capture (R25), but only the easy
    // recruiter escorts. The hard one did until 2026-12-02: 62 of 90 captures in 100 games came the
    // turn after an escort, as strong agents read an immortal moved during the recruiter's turn as
    // its location and push it off (docs/bots.md, "Hard recruiter: the escort tell").
    const S = (imm: readonly Loc[]): number => configScore(v, imm, here, sec.path, marks, dangerHere, iw.escort);
    const base = S(v.immortals);
    const tell = (a: Action): number => (iw.tell && isEscortTell(v, a) ? iw.tell : 0);
    let bestA: Action | null = null;
    let bestV = 0.02;
    for (const a of legal) {
      if (a.type === 'moveImmortal') {
        const imm = v.immortals.map((l) => (l === a.from ? a.to : l));
        const val = S(imm) - base + decoy(a.to) - tell(a) + rng() * 1e-4;
        if (val > bestV) {
          bestV = val;
          bestA = a;
          this.onBest?.(a);
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
      // a decoy never pays for the extra move: its step token is a sure clue (R15), the decoy a
      // guess (with decoys here the hard recruiter won 33.2% against 43.8% without)
      const val = S(imm) - base - tell(a);
      if (val > bestGain) {
        bestGain = val;
        bestMove = { from: a.from, to: a.to };
      }
    }
    if (!bestMove) return null;
    const tokenSpots = [...new Set(extras.map((a) => (a.type === 'extraImmortalMove' ? a.stepToken : -1)))];
    const spot = this.leastTelling(v, tokenSpots, budgetMs, dl, g);
    return (
      extras.find(
        (a) =>
          a.type === 'extraImmortalMove' && a.from === bestMove!.from && a.to === bestMove!.to && a.stepToken === spot,
      ) ?? null
    );
  }

  /** The visited location whose step token teaches the agents least about where the recruiter is now. */
  private leastTelling(v: View, spots: readonly Loc[], budgetMs: number, dl: Deadline, g: Geo): Loc {
    const sec = v.recruiter!;
    const here = sec.at!;
    const time = (l: Loc) => sec.path.indexOf(l) + 1;
    if (this.level === 'hard' && spots.length > 1) {
      const b = this.agentsBelief(v, budgetMs, dl);
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

  private answer(v: View, legal: readonly Action[], budgetMs: number, dl: Deadline, g: Geo): Action | null {
    const spots = legal.flatMap((a) => (a.type === 'answerAsk' && a.at !== null ? [a.at] : []));
    if (!spots.length) return legal[0] ?? null;
    const spot = this.leastTelling(v, spots, budgetMs, dl, g);
    return legal.find((a) => a.type === 'answerAsk' && a.at === spot) ?? null;
  }
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

function orthBlocked(v: View, a: Loc, b: Loc): boolean {
  const [x, y] = a < b ? [a, b] : [b, a];
  return v.mayhem.some((e) => e[0] === x && e[1] === y);
}

/** q scaled to sum 1 (all zero stays all zero: the agents would lose track). */
function normalised(q: Float64Array): Float64Array {
  let t = 0;
  for (let l = 0; l < N; l++) t += q[l]!;
  if (t > 0) for (let l = 0; l < N; l++) q[l]! /= t;
  return q;
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
  dangerHere: number,
  escort: number,
): number {
  let s = 0;
  for (const n of immortalCardCounts(v, imm)) s += n >= 2 ? 2 : 0.15 * n;
  const blocked = blockedFeatures(imm);
  const n = path.length;
  path.forEach((l, i) => {
    if (marks.has(l)) return;
    const recent = i >= n - 3 ? 2 : 1;
    for (const f of info(l).features) if (blocked.has(f)) s += 0.05 * recent;
  });
  if (imm.includes(here)) s += escort * dangerHere;
  return s;
}

export function safeFallback(v: View, legal: readonly Action[]): Action {
  void v;
  return legal.find((a) => a.type === 'step') ?? fallback(legal);
}
