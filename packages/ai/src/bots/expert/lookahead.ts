// The expert recruiter's lookahead: would strong agents capture it in their coming half-turn if it
// made this move? The recruiter knows the whole game but the deck order, so it rebuilds the game
// (own-state.ts), makes the move, ends its turn and lets a real agents' bot (the hard AgentBot)
// play the agents' half-turn on the readable engine. That bot sees only the agents' view, so the
// answer models what the agents can know, with everything the fast playouts leave out:
// asks and their answers (R22), reveals, scans, shakedowns and pushes (R24, R25), Dusty and the
// Dolphin. With it the expert recruiter won 43.0% against the yardstick agents, 41.2% without
// (500 paired games, docs/bots.md "Expert recruiter: the lookahead").
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
import { RecruiterBot } from '../recruiter.js';
import type { BotRng } from '../types.js';
import { ownState } from './own-state.js';

export const LOOKAHEAD = {
  /**
   * Budget the simulated agents decide with: under EXACT_MIN_BUDGET_MS, so they use their sampled
   * belief alone (no exact deduction to feed hypothetical views), at 300 samples.
   */
  agentsBudgetMs: 100,
  /** Prior moves the lookahead may veto in one decision (each costs one simulated half-turn). */
  vetoes: 4,
  /** Cap on simulated decisions per half-turn (a half-turn has a few dozen at most). */
  maxDecisions: 200,
  /** Whether the playout search still runs after the lookahead (recruiter side). */
  search: true,
};

/**
 * One decision's simulator. The agents' bot is kept across the candidate moves of the decision:
 * their first view is the same for every step (a step is public, its destination is not), so its
 * belief is computed once.
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
    /** Wall clock (absent in iteration mode): a half-turn cut short has no answer. */
    private readonly timeUp?: () => boolean,
  ) {
    this.start = ownState(v, deck);
  }

  /** True if the agents capture the recruiter before its next turn after `move` (null: no answer). */
  captured(move: Action): boolean | null {
    if (!this.start) return null;
    const first = apply(this.start, move);
    if (!first.ok) return null;
    let s: GameState = first.state;
    let agentsTurn = false;
    for (let d = 0; d < LOOKAHEAD.maxDecisions; d++) {
      if (s.result) return s.result.reason === 'capture';
      if (this.timeUp?.()) return null;
      if (s.phase === 'agentsTurn') agentsTurn = true;
      else if (agentsTurn && s.phase === 'recruiterTurn') return false;
      let seat: Seat | null = null;
      let legal: Action[] = [];
      for (const x of expectedSeats(s)) {
        legal = legalActions(s, x);
        if (legal.length) {
          seat = x;
          break;
        }
      }
      if (seat === null) return null;
      const a = this.pick(s, seat, legal);
      const r = apply(s, a);
      if (!r.ok) return null;
      s = r.state;
    }
    return null;
  }

  private pick(s: GameState, seat: Seat, legal: readonly Action[]): Action {
    if (seat === 0) {
      // the rest of its own turn: end it (the prior places immortals after the real move); an
      // ask is answered with the oldest location, as the easy recruiter does
      if (s.phase === 'recruiterTurn') return legal.find((a) => a.type === 'endTurn') ?? legal[0]!;
      return this.answers.decide(view(s, 0), legal, this.rng, 50);
    }
    let bot = this.agents.get(seat);
    if (!bot) {
      // iteration mode (no clock): the simulated agents' work is fixed by their budget's counts,
      // never cut by the wall clock, so a loaded machine simulates the same half-turn
      bot = new AgentBot('hard', undefined, this.timeUp ? undefined : Infinity);
      this.agents.set(seat, bot);
    }
    return bot.decide(view(s, seat), legal, this.rng, LOOKAHEAD.agentsBudgetMs);
  }
}
