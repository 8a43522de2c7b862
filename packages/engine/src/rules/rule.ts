// The shape every rule module fills in: when an action is legal, what it does, and which
// actions of its kind a seat could try now (filtered through `check` for legalActions).
import type { ActionOf, ActionType } from '../model/actions.js';
import { err, type GameError } from '../model/errors.js';
import type { GameEvent, PublicEvent, SecretDetail } from '../model/events.js';
import type { EndReason, Seat, Side } from '../model/pieces.js';
import type { GameState, Phase } from '../model/state.js';

export class Sink {
  readonly events: GameEvent[] = [];
  constructor(private readonly s: GameState) {}
  emit(pub: PublicEvent, secret?: SecretDetail): void {
    const e: GameEvent = secret ? { pub, secret } : { pub };
    this.events.push(e);
    this.s.history.push(e);
  }
}

export interface Rule<T extends ActionType> {
  /** null when legal; otherwise why not, in words safe for the seat that asked. */
  check(s: GameState, a: ActionOf<T>): GameError | null;
  /** Applies a checked action to a draft state. */
  run(s: GameState, a: ActionOf<T>, out: Sink): void;
  /** Every action of this kind the seat might take now (superset; `check` filters). */
  candidates(s: GameState, seat: Seat): ActionOf<T>[];
}

export function finish(s: GameState, winner: Side | null, reason: EndReason, out: Sink): void {
  if (s.result) return;
  s.result = { winner, reason, time: s.time };
  s.phase = 'over';
  s.turn = null;
  s.activation = null;
  s.pendingAsk = null;
  out.emit({ kind: 'gameOver', result: s.result });
}

const PHASE_WORDS: Record<Phase, string> = {
  mayhem: 'mayhem placement',
  recruiterCard: 'the choice of recruiter card',
  start: 'the choice of start location',
  setupSteps: "the recruiter's hidden setup steps",
  immortals: 'immortal placement',
  agents: 'agent placement',
  mindSlipToken: 'placement of the 2nd mind slip token',
  recruiterTurn: "the recruiter's turn",
  agentsTurn: "the agents' turn",
  answerAsk: "the recruiter's answer to an ask",
  over: 'the end of the game',
};

export function needPhase(s: GameState, ...phases: Phase[]): GameError | null {
  if (phases.includes(s.phase)) return null;
  return err('wrong_phase', `Not possible during ${PHASE_WORDS[s.phase]}.`);
}
