// The expert recruiter's lookahead: would agents capture it in their coming half-turn if it made
// this move? The recruiter knows the whole game but the deck order, so it rebuilds the game
// (own-state.ts), makes the move, ends its turn and lets a real agents' bot (the hard AgentBot)
// play the agents' half-turn on the readable engine. That bot sees only the agents' view, so the
// answer models what the agents can know, with everything a cruder model leaves out: asks and
// their answers (R22), reveals, scans, shakedowns and pushes (R24, R25), Dusty and the Dolphin.
// The planner (plan.ts) asks it about every step and slip, and again from the game it returns.
import {
  type Action,
  apply,
  expectedSeats,
  type FeatureId,
  type GameState,
  legalActions,
  type Seat,
  view,
  type View,
} from '@mindmgmt/engine';
import { AgentBot } from '../agents.js';
import type { ExactTracker } from '../exact.js';
import type { BeliefMemo } from '../memo.js';
import { RecruiterBot } from '../recruiter.js';
import type { BotRng } from '../types.js';
import { ownState } from './own-state.js';

export const LOOKAHEAD = {
  /**
   * Default budget the simulated agents decide with: under EXACT_MIN_BUDGET_MS, so they use their
   * sampled belief alone, at 300 samples (the planner passes its own).
   */
  agentsBudgetMs: 100,
  /** Cap on simulated decisions per half-turn (a half-turn has a few dozen at most). */
  maxDecisions: 200,
};

/**
 * One decision's simulator, on one deck. The agents' bot is kept across the candidate moves of the
 * decision: their first view is the same for every step (a step is public, its destination is
 * not), so its sampled belief is computed once.
 */
export class Lookahead {
  private readonly agents = new Map<Seat, AgentBot>();
  private readonly answers = new RecruiterBot('easy');
  /** The rebuilt game, once per decision: `apply` leaves its input untouched, so every candidate starts from it. */
  private readonly start: GameState | null;

  constructor(
    v: View,
    deck: readonly FeatureId[],
    private readonly rng: BotRng,
    /**
     * When the decision's time is up (performance.now(); absent in iteration mode): a half-turn
     * cut short, or decided by an agents' bot its cutoff stopped, has no answer.
     */
    private readonly end?: number,
    /** Budget the simulated agents decide with (its work counts, sampleWork; exact from 400 ms). */
    private readonly agentsBudgetMs: number = LOOKAHEAD.agentsBudgetMs,
    /** The simulated agents' value of a bit (their style; AgentBot's default when absent). */
    private readonly infoPerBit?: number,
    /** The session's beliefs, shared by every agents' bot it simulates (memo.ts). */
    private readonly memo?: BeliefMemo,
    /** The decision's exact deduction, shared by every agents' bot it simulates (BranchingExact). */
    private readonly exact?: ExactTracker,
  ) {
    this.start = ownState(v, deck);
  }

  /** True if the agents capture the recruiter before its next turn after `move` (null: no answer). */
  captured(move: Action): boolean | null {
    return this.after(move).caught;
  }

  /** The rebuilt game this decision starts from (null if the view could not be rebuilt). */
  get root(): GameState | null {
    return this.start;
  }

  /** The game at the agents' first decision after `move` and the rest of the recruiter's turn (null: none). */
  handOver(move: Action, from: GameState | null = this.start): GameState | null {
    return from && this.play(from, move, (s) => s.phase === 'agentsTurn');
  }

  /**
   * `move` from `from` (the rebuilt game by default, or a game an earlier call returned), the end
   * of the recruiter's turn, then the agents' half-turn. `state` is the game at the recruiter's
   * next turn when it was not caught (null otherwise, or when there is no answer).
   */
  after(move: Action, from: GameState | null = this.start): { caught: boolean | null; state: GameState | null } {
    let agentsTurn = false;
    const s =
      from &&
      this.play(from, move, (x) => {
        if (x.phase === 'agentsTurn') agentsTurn = true;
        return agentsTurn && x.phase === 'recruiterTurn';
      });
    if (!s) return { caught: null, state: null };
    if (s.result) return { caught: s.result.reason === 'capture', state: null };
    return { caught: false, state: s };
  }

  /**
   * `move`, then every seat's choice until the game ends or `stop` says so: that game (null when
   * there is no answer: an illegal move, no decider, a bot cut short, or the decision's time up).
   */
  private play(from: GameState, move: Action, stop: (s: GameState) => boolean): GameState | null {
    const first = apply(from, move);
    if (!first.ok) return null;
    let s: GameState = first.state;
    for (let d = 0; d < LOOKAHEAD.maxDecisions; d++) {
      if (s.result) return s;
      if (this.end !== undefined && performance.now() >= this.end) return null;
      if (stop(s)) return s;
      const next = decider(s);
      if (!next) return null;
      const a = this.pick(s, next.seat, next.legal);
      if (!a) return null;
      const r = apply(s, a);
      if (!r.ok) return null;
      s = r.state;
    }
    return null;
  }

  /** The seat's choice; null when the agents' bot was stopped by its cutoff (a guess, not an answer). */
  private pick(s: GameState, seat: Seat, legal: readonly Action[]): Action | null {
    if (seat === 0) {
      // the rest of its own turn: end it (the prior places immortals after the real move); an
      // ask is answered with the oldest location, as the easy recruiter does
      if (s.phase === 'recruiterTurn') return legal.find((a) => a.type === 'endTurn') ?? legal[0]!;
      return this.answers.decide(view(s, 0), legal, this.rng, 50);
    }
    let bot = this.agents.get(seat);
    if (!bot) {
      // iteration mode (no clock): the simulated agents' work is fixed by their budget's counts,
      // never cut by the wall clock, so a loaded machine simulates the same half-turn; on the
      // clock they stop with what is left of the decision's time
      const end = this.end;
      bot = new AgentBot('hard', {
        cutoffMs: end === undefined ? Infinity : () => Math.max(1, end - performance.now()),
        infoPerBit: this.infoPerBit,
        learnsFromMisses: false,
        memo: this.memo,
        exact: this.exact,
      });
      this.agents.set(seat, bot);
    }
    const a = bot.decide(view(s, seat), legal, this.rng, this.agentsBudgetMs);
    return bot.lastCutoff ? null : a;
  }
}

/** In a rebuilt game: the first expected seat with a legal action, and its actions (null: none). */
export function decider(s: GameState): { seat: Seat; legal: Action[] } | null {
  for (const seat of expectedSeats(s)) {
    const legal = legalActions(s, seat);
    if (legal.length) return { seat, legal };
  }
  return null;
}
