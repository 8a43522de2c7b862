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
import { type Action, FastCodes, fastFromAction, info, LOCATION_COUNT, type View } from '@mindmgmt/engine';
import type { Belief as ExactBelief } from '../../deduction/index.js';
import { factsOf } from '../../deduction/facts.js';
import { ExactTracker } from '../exact.js';
import { immortalWinMove } from '../immortal-win.js';
import type { Bot, BotRng } from '../types.js';
import { AgentBot } from '../agents.js';
import { RecruiterBot } from '../recruiter.js';
import { canSurvive, geoFor } from '../geo.js';
import { Playout } from './playout.js';
import { AgentWorlds } from './sampling.js';
import { type Arm, SEARCH, search } from './search.js';
import { deckPool, PublicFrame, recruiterWorlds, shuffle } from './world.js';
import { LOOKAHEAD, Lookahead } from './lookahead.js';
import { AskOutlook } from '../ask-exposure.js';

export interface ExpertOptions {
  /**
   * Playouts per decision. When set, the search ignores the clock (deterministic for a fixed
   * view, seed and this number: tests use it); otherwise it runs `MAX_PLAYOUTS`, or fewer when
   * the budget runs out first.
   */
  readonly iterations?: number;
  /** Determinisations per decision. */
  readonly worlds?: number;
  /** Standard errors by which a searched move must beat the prior (default SEARCH.margin[side]). */
  readonly margin?: number;
}

/** Share of the budget the whole decision may use (the rest is slack for the caller). */
const BUDGET_SHARE = 0.85;
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
  /** What identifies the game this session follows (a guard: sessions must not be shared). */
  private game = '';
  /** Playouts of the last decision (a figure for tests and tuning). */
  lastPlayouts = 0;
  /** The last search's root statistics (for tuning runs and the loss analysis), null if none ran. */
  lastSearch: { readonly prior: number; readonly chosen: number; readonly arms: readonly Arm[] } | null = null;
  /**
   * The last decision's lookahead (recruiter steps): the hard bot's move, the move the search
   * then started from, and the moves vetoed on the way; null if none ran.
   */
  lastLookahead: { readonly prior: Action; readonly chosen: Action; readonly vetoed: readonly Action[] } | null = null;

  private o: ExpertOptions;

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
    return this.side === 'recruiter' ? new RecruiterBot('hard', this.tracker) : new AgentBot('hard', this.tracker);
  }

  /** Switches between iteration mode (a number) and the clock (undefined) for later decisions. */
  setIterations(iterations: number | undefined): void {
    this.o = { ...this.o, iterations };
  }

  /** The prior shares this tracker: shedding it covers both. */
  shed(): void {
    this.tracker.shed();
  }

  decide(v: View, legal: readonly Action[], rng: BotRng, budgetMs: number, onBest?: (a: Action) => void): Action {
    const t0 = performance.now();
    const end = t0 + budgetMs * BUDGET_SHARE;
    this.lastPlayouts = 0;
    this.lastSearch = null;
    this.lastLookahead = null;
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
    if (this.side === 'recruiter' && LOOKAHEAD.vetoes > 0 && v.phase === 'recruiterTurn' && isMove(priorMove)) {
      try {
        ({ move: priorMove, open } = this.lookahead(v, legal, rng, priorBudget, priorMove, fixed, end));
        onBest?.(priorMove);
      } catch {
        open = legal;
      }
    }
    if (!LOOKAHEAD.search && this.side === 'recruiter') return priorMove;
    if (!SEARCHED.has(v.phase) || v.result || UNVALUED.has(priorMove.type)) return priorMove;
    try {
      return this.searchFrom(v, open, rng, priorMove, fixed, end, onBest) ?? priorMove;
    } catch {
      return priorMove;
    }
  }

  /**
   * The prior's step or slip, unless the simulated agents capture the recruiter after it: then the
   * prior's next choice without it, up to LOOKAHEAD.vetoes times. `open` is what the search may
   * still choose from (the vetoed moves are out). If every candidate is caught, the prior's own.
   */
  private lookahead(
    v: View,
    legal: readonly Action[],
    rng: BotRng,
    priorBudget: number,
    priorMove: Action,
    fixed: boolean,
    end: number,
  ): { move: Action; open: readonly Action[] } {
    const own = v.recruiter!.cards.map((c) => c.feature);
    const deck = shuffle(deckPool(v, own), rng).slice(0, v.deckCount);
    const sim = new Lookahead(v, deck, rng, fixed ? undefined : () => performance.now() >= end);
    let open = legal;
    let cand = priorMove;
    const vetoed: Action[] = [];
    for (let k = 0; k < LOOKAHEAD.vetoes; k++) {
      if (!fixed && performance.now() >= end) break;
      if (sim.captured(cand) !== true) {
        this.lastLookahead = { prior: priorMove, chosen: cand, vetoed };
        return { move: cand, open };
      }
      vetoed.push(cand);
      open = open.filter((a) => a !== cand);
      if (!open.some(isMove)) break;
      const next = pickLegal(this.prior.decide(v, open, rng, priorBudget), open);
      // R17: never trade a capture next half-turn for being boxed in later
      if (!isMove(next) || !survives(v, next)) break;
      cand = next;
    }
    this.lastLookahead = { prior: priorMove, chosen: priorMove, vetoed };
    return { move: priorMove, open: legal };
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
    // What the agents believe of the recruiter's location now (both sides: the recruiter models
    // the agents by it, the agents chase it); public facts only.
    // (The recruiter's playouts can start from the exact set alone: when the clock is short it
    // skips the belief rather than overrun its budget.)
    const belief =
      this.side === 'agents' || fixed || !beliefCut()
        ? this.agentWorlds.beliefFor(v, exact, BELIEF_SAMPLES, beliefCut)
        : null;
    const worlds =
      this.side === 'recruiter'
        ? recruiterWorlds(v, count, rng)
        : this.agentWorlds.sample(v, rng, exact, count, BELIEF_SAMPLES, beliefCut);
    if (!worlds.length) return null;

    // root moves: distinct packed codes of the legal actions
    const arms: Arm[] = [];
    const actions: Action[] = [];
    let prior = -1;
    const unseen = this.side === 'recruiter' ? unseenCosts(v, priorMove) : () => false;
    for (const a of legal) {
      if (UNVALUED.has(a.type) && a !== priorMove) continue;
      if (a !== priorMove && unseen(a)) continue;
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
    const me = this.side === 'recruiter' ? FastCodes.W_RECRUITER : FastCodes.W_AGENTS;
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
      me,
      this.o.margin ?? SEARCH.margin[this.side],
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

/**
 * Recruiter moves whose worth the playouts cannot see, so the search would misjudge them; only the
 * prior plays them. The playouts' agents neither ask nor read step tokens, so:
 * - a step or mind slip onto more features only it would answer an ask with than the prior's
 *   destination (R22, ask-exposure.ts) looks free;
 * - an immortal move is worth what it blocks (R22) and where it draws the agents (a decoy); an
 *   extra one costs a step token (R15); an escort looks safe to them, as they rarely push an
 *   immortal off to capture, though strong agents read it as the recruiter's location (escort.ts).
 * Measured (expert recruiter vs yardstick agents, seeds 100-349, against its prior alone, 106 wins;
 * won only here / only by the prior): immortal moves searched too, 85 wins (41 / 62); steps and
 * slips only, 97 (33 / 42). docs/bots.md, "Expert recruiter on the ask-exposure prior".
 */
function unseenCosts(v: View, priorMove: Action): (a: Action) => boolean {
  const g = geoFor(v.mayhem);
  const asks = new AskOutlook(v, g);
  const moves = (a: Action): a is Extract<Action, { type: 'step' | 'mindSlip' }> =>
    a.type === 'step' || a.type === 'mindSlip';
  const limit = moves(priorMove) ? asks.exposure(priorMove.to) : Infinity;
  const live = new Set(v.recruiter?.cards.filter((c) => c.exposedAt === null).map((c) => c.feature) ?? []);
  const contacts = (l: number) => info(l).features.filter((f) => live.has(f)).length;
  const least = SEARCH.recruiterKeepsContacts && moves(priorMove) ? contacts(priorMove.to) : 0;
  return (a) => !moves(a) || asks.exposure(a.to) > limit || contacts(a.to) < least;
}

/** Locations immortals were moved onto (and still hold) in the recruiter turn in progress (public). */
function escortedThisTurn(v: View): Uint8Array {
  const out = new Uint8Array(LOCATION_COUNT);
  if (!v.turn) return out;
  for (const l of factsOf(v).latestEscort(v.immortals)) out[l] = 1;
  return out;
}

/** A walk to the final hour still exists after this step or slip (the prior's own test, recruiter.ts). */
function survives(v: View, a: Action): boolean {
  if (a.type !== 'step' && a.type !== 'mindSlip') return true;
  const sec = v.recruiter!;
  const g = geoFor(v.mayhem);
  const visited = new Uint8Array(LOCATION_COUNT);
  for (const l of sec.path) visited[l] = 1;
  visited[a.to] = 1;
  const held =
    (v.mindSlips.firstUsedAt === null ? 1 : 0) + (sec.secondMindSlipHeld ? 1 : 0) - (a.type === 'mindSlip' ? 1 : 0);
  const slipTable = sec.card === 'carl' ? g.orthoTwo : g.diagTwo;
  return canSurvive(g, a.to, visited, v.finalTime - (v.time + 1), held, slipTable);
}

function isMove(a: Action): boolean {
  return a.type === 'step' || a.type === 'mindSlip';
}

function pickLegal(a: Action, legal: readonly Action[]): Action {
  if (legal.includes(a)) return a;
  const key = JSON.stringify(a);
  return legal.find((l) => JSON.stringify(l) === key) ?? legal[0]!;
}
