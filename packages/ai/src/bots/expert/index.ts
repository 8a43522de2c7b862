// Level "expert", both sides: determinised Monte Carlo search on the fast engine
// (search.ts), seeded with the (live) hard bot's move. One instance is one bot session for one
// (game, seat): the exact deduction, the agents' sampled belief and the hard bot's caches are kept
// between its decisions in that game and never shared with another game.
//
// Only the seat's View and legal actions are read. The agents' worlds come from public facts only
// (sampling.ts); the recruiter's worlds are its own secrets with a shuffled deck, and its playouts
// model the agents by what they can know (playout.ts), starting from the exact deduction of the
// public view. Before its search, the recruiter looks one agents' half-turn ahead with the real
// hard agents on its own rebuilt game (lookahead.ts): the playouts' agents neither ask nor read
// step tokens, the hard agents do.
import { type Action, FastCodes, fastFromAction, LOCATION_COUNT, type View } from '@mindmgmt/engine';
import type { Belief as ExactBelief } from '../../deduction/index.js';
import { factsOf } from '../../deduction/facts.js';
import { ExactTracker } from '../exact.js';
import { immortalWinMove } from '../immortal-win.js';
import type { Bot, BotRng } from '../types.js';
import { AgentBot } from '../agents.js';
import { BeliefMemo } from '../memo.js';
import { RecruiterBot } from '../recruiter.js';
import { geoFor } from '../geo.js';
import { Playout } from './playout.js';
import { AgentWorlds } from './sampling.js';
import { type Arm, SEARCH, search } from './search.js';
import { PublicFrame } from './world.js';
import { type PlanReport, planMove } from './plan.js';
import { setupChoice } from './setup.js';

export interface ExpertOptions {
  /**
   * Playouts per decision. When set, the search ignores the clock (deterministic for a fixed
   * view, seed and this number: tests use it); otherwise it runs `MAX_PLAYOUTS`, or fewer when
   * the budget runs out first.
   */
  readonly iterations?: number;
  /** Determinisations per decision. */
  readonly worlds?: number;
  /** Standard errors by which a searched move must beat the prior (the agents' search; default SEARCH.margin). */
  readonly margin?: number;
}

/** Share of the budget the whole decision may use (the rest is slack for the caller). */
const BUDGET_SHARE = 0.85;
/**
 * Share of the budget after which the start's and setup step's simulations stop (setup.ts): a
 * simulated decision under way runs on past it. At 0.6, with the machine's load average above 30,
 * one such decision took 1,012 ms of a 1,000 ms budget (6 games, seeds 11-16).
 */
const SETUP_SHARE = 0.4;
/**
 * Share of the budget handed to the hard bot for its move (the search's starting point). At the
 * production budget (600 of 1,000 ms) its work limits are those of 700 ms and more except the
 * sampler's node budget (90,000 instead of 105,000 nodes, sampleWork), so iteration mode (where
 * it gets a budget its deadlines never reach) differs from play by that much. 0.7 made the
 * whole decision overrun on a loaded machine (the prior's deduction update cannot be cut).
 */
const PRIOR_SHARE = 0.6;
/**
 * Playouts per decision in time mode: the count the win rates were measured at (docs/bots.md),
 * with the clock as the limit on a slow machine. More playouts are not better here: the margin
 * is counted in standard errors, which shrink with playouts, so the playouts' model errors pass
 * it more often (expert recruiter vs yardstick agents, seeds 100-159: 500 playouts 10.0%, 1,000
 * 36.7%, 3,000 23.3%). Until 2026-12-01 the cap was 20,000 and play was not what was measured.
 */
const MAX_PLAYOUTS = 1_000;
/** Sampled paths behind the agents' belief (both sides' searches start from it). */
const BELIEF_SAMPLES = 300;
const SEARCHED: ReadonlySet<string> = new Set(['recruiterTurn', 'agentsTurn']);
/**
 * Moves whose value the playouts cannot measure: the playout agents learn nothing from an ask's
 * answer but a marked location (not "the recruiter was here"), so playouts undervalue asking and
 * cannot tell one answer from another. The search neither plays nor leaves such a move: when the
 * prior is one, it is played; otherwise they are no challengers. (Answers are not searched: the
 * phase is left out above.)
 */
const UNVALUED: ReadonlySet<string> = new Set(['ask', 'answerAsk']);

export class ExpertBot implements Bot {
  readonly level = 'expert' as const;
  private prior: Bot;
  /** The exact deduction of the public view, shared with the prior (one per session). */
  private tracker = new ExactTracker();
  private agentWorlds = new AgentWorlds();
  /** The beliefs of the agents the recruiter's planner simulates (memo.ts; one per session). */
  private memo = new BeliefMemo();
  /** What identifies the game this session follows (a guard: sessions must not be shared). */
  private game = '';
  /** Playouts of the last decision (a figure for tests and tuning). */
  lastPlayouts = 0;
  /** The last search's root statistics (for tuning runs and the loss analysis), null if none ran. */
  lastSearch: { readonly prior: number; readonly chosen: number; readonly arms: readonly Arm[] } | null = null;

  private o: ExpertOptions;
  lastPlan: PlanReport | null = null;

  constructor(
    readonly side: 'recruiter' | 'agents',
    o: ExpertOptions = {},
  ) {
    this.o = o;
    // The live hard bot, not the frozen yardstick: it samples its cached beliefs with a random
    // source derived from the cache key, so a session decides as a fresh bot would (the
    // yardstick draws from the decision's rng and keeps that belief for later decisions).
    this.prior = this.newPrior();
  }

  private newPrior(): Bot {
    return this.side === 'recruiter'
      ? new RecruiterBot('hard', this.tracker)
      : new AgentBot('hard', { exact: this.tracker });
  }

  /** Switches between iteration mode (a number) and the clock (undefined) for later decisions. */
  setIterations(iterations: number | undefined): void {
    this.o = { ...this.o, iterations };
  }

  /** The prior shares this tracker: shedding it covers both; the planner's memo is dropped. */
  shed(): void {
    this.tracker.shed();
    this.memo.clear();
  }

  decide(v: View, legal: readonly Action[], rng: BotRng, budgetMs: number, onBest?: (a: Action) => void): Action {
    const t0 = performance.now();
    const end = t0 + budgetMs * BUDGET_SHARE;
    this.lastPlayouts = 0;
    this.lastSearch = null;
    this.lastPlan = null;
    this.followGame(v);
    if (legal.length === 1) {
      onBest?.(legal[0]!);
      return legal[0]!;
    }
    const fixed = this.o.iterations !== undefined;
    // R37: immortal moves that bring the winning recruit need no search (even when boxed in)
    const win = this.side === 'recruiter' ? immortalWinMove(v, legal) : null;
    if (win) {
      onBest?.(win);
      return win;
    }
    // The hard bot gets most of the budget: it stops by itself when its samples are done (a few
    // ms on an idle machine) and the search takes the rest; its own deadline (80% of what it gets)
    // leaves the search at least a third of the budget on a loaded machine. Measured: capping it
    // at 400 ms of 1000 starved it under load and made the expert agents weaker than the
    // yardstick. In iteration mode it gets a budget its deadlines never reach, so its move does
    // not depend on the clock.
    const priorBudget = fixed ? 600_000 : budgetMs * PRIOR_SHARE;
    let priorMove = pickLegal(this.prior.decide(v, legal, rng, priorBudget), legal);
    onBest?.(priorMove);
    let open = legal;
    if (this.side === 'recruiter')
      return this.recruiterMove(v, legal, rng, priorMove, fixed, t0 + budgetMs * SETUP_SHARE, end, onBest);
    if (!SEARCHED.has(v.phase) || v.result || UNVALUED.has(priorMove.type)) return priorMove;
    try {
      return this.searchFrom(v, open, rng, priorMove, fixed, end, onBest) ?? priorMove;
    } catch {
      return priorMove;
    }
  }

  /**
   * The recruiter: its start and last setup step by the simulated agents' placement (setup.ts),
   * its steps and slips by the planner (plan.ts); everything else (immortals, ask answers, the
   * other setup steps) is the hard bot's.
   */
  private recruiterMove(
    v: View,
    legal: readonly Action[],
    rng: BotRng,
    priorMove: Action,
    fixed: boolean,
    setupEnd: number,
    end: number,
    onBest?: (a: Action) => void,
  ): Action {
    try {
      if (v.phase === 'start' || v.phase === 'setupSteps') {
        // a simulated agents' decision may run past the check by its own budget: stop early
        const c = setupChoice(v, legal, rng, priorMove, fixed ? undefined : () => performance.now() >= setupEnd);
        if (c) {
          const a = pickLegal(c, legal);
          onBest?.(a);
          return a;
        }
        return priorMove;
      }
      const prior = this.prior as RecruiterBot;
      if (v.phase !== 'recruiterTurn' || !isMove(priorMove) || !prior.lastMoveScores) return priorMove;
      // in iteration mode the planner's work scales with the playouts asked for, as the agents' search does
      const work = fixed ? Math.min(1, this.o.iterations! / MAX_PLAYOUTS) : 1;
      const plan = planMove(
        v,
        prior.lastMoveScores,
        prior.lastMoveShares,
        rng,
        fixed ? undefined : end,
        this.memo,
        work,
      );
      this.lastPlan = plan;
      if (!plan) return priorMove;
      const a = pickLegal(plan.move, legal);
      onBest?.(a);
      return a;
    } catch {
      return priorMove;
    }
  }

  private searchFrom(
    v: View,
    legal: readonly Action[],
    rng: BotRng,
    priorMove: Action,
    fixed: boolean,
    end: number,
    onBest?: (a: Action) => void,
  ): Action | null {
    const timeUp = () => performance.now() >= end;
    // no early return when the prior used the time: the search still runs its first check's
    // worth of playouts (a few ms), so a loaded machine slows the expert but does not reduce it
    // to its prior
    const exact = this.exact(v);
    const count = this.o.worlds ?? 32;
    const beliefCut = () => !fixed && performance.now() >= end - 200;
    // What the agents believe of the recruiter's location now (public facts only): they chase it.
    const belief = this.agentWorlds.beliefFor(v, exact, BELIEF_SAMPLES, beliefCut);
    const worlds = this.agentWorlds.sample(v, rng, exact, count, BELIEF_SAMPLES, beliefCut);
    if (!worlds.length) return null;

    // root moves: distinct packed codes of the legal actions
    const arms: Arm[] = [];
    const actions: Action[] = [];
    let prior = -1;
    for (const a of legal) {
      if (UNVALUED.has(a.type) && a !== priorMove) continue;
      const code = fastFromAction(a);
      if (code < 0 || arms.some((x) => x.code === code)) continue;
      if (a === priorMove) prior = arms.length;
      arms.push({ code, visits: 0, wins: 0 });
      actions.push(a);
    }
    if (prior < 0) prior = arms.findIndex((x) => x.code === fastFromAction(priorMove));
    if (arms.length <= 1) return priorMove;

    const root = new Uint8Array(LOCATION_COUNT);
    if (exact && exact.histories > 0) exact.possible.forEach((p, l) => (root[l] = p ? 1 : 0));
    else root.fill(1);
    const rootWeight = belief && belief.worlds.length && belief.total > 0 ? Float64Array.from(belief.here) : undefined;
    const playout = new Playout(geoFor(v.mayhem));
    playout.rng.seed(Math.floor(rng() * 4294967296));
    const started = performance.now();
    const iterations = this.o.iterations ?? MAX_PLAYOUTS;
    const out = search(
      new PublicFrame(v),
      worlds,
      arms,
      prior,
      root,
      rootWeight,
      escortedThisTurn(v),
      FastCodes.W_AGENTS,
      this.o.margin ?? SEARCH.margin,
      playout,
      {
        iterations,
        timeUp: fixed ? undefined : timeUp,
        remaining: (done) => {
          if (fixed) return iterations - done;
          const rate = done / Math.max(1e-3, performance.now() - started);
          return Math.min(iterations - done, rate * Math.max(0, end - performance.now()));
        },
      },
      (i) => onBest?.(actions[i]!),
    );
    this.lastPlayouts = out.playouts;
    this.lastSearch = { prior, chosen: out.chosen, arms: out.arms };
    return actions[out.chosen] ?? null;
  }

  /**
   * One instance is one (game, seat) session. If it is ever handed another game's view anyway,
   * its caches start over instead of mixing two games (the mayhem placement and the seat's
   * options identify a game; the log never shrinks within one).
   */
  private followGame(v: View): void {
    const key = `${v.mode}|${v.agentSeats}|${JSON.stringify(v.mayhem)}`;
    if (key === this.game && v.log.length >= this.logLength) {
      this.logLength = v.log.length;
      return;
    }
    if (this.game !== '') {
      this.tracker = new ExactTracker();
      this.prior = this.newPrior();
      this.agentWorlds = new AgentWorlds();
      this.memo = new BeliefMemo();
    }
    this.game = key;
    this.logLength = v.log.length;
  }
  private logLength = 0;

  /** The exact deduction of the public view (what the agents can know); null if it fails. */
  private exact(v: View): ExactBelief | null {
    return this.tracker.full(v);
  }
}

/** Locations immortals were moved onto (and still hold) in the recruiter turn in progress (public). */
function escortedThisTurn(v: View): Uint8Array {
  const out = new Uint8Array(LOCATION_COUNT);
  if (!v.turn) return out;
  for (const l of factsOf(v).latestEscort(v.immortals)) out[l] = 1;
  return out;
}

function isMove(a: Action): boolean {
  return a.type === 'step' || a.type === 'mindSlip';
}

function pickLegal(a: Action, legal: readonly Action[]): Action {
  if (legal.includes(a)) return a;
  const key = JSON.stringify(a);
  return legal.find((l) => JSON.stringify(l) === key) ?? legal[0]!;
}
