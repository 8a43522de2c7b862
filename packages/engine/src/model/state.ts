// The whole game as the server holds it. Plain JSON (snapshots store it as is); never sent to a
// client: seats get `view(state, seat)`.
import type { Edge, FeatureId, Loc } from '../board/board.js';
import type { GameEvent } from './events.js';
import type { AgentId, GameResult, Mode, RecruiterCardId, Seat } from './pieces.js';

export type RecruiterCardRule = RecruiterCardId | 'random' | 'choose';

export interface GameOptions {
  readonly mode: Mode;
  /** Agent players, 1..4 (R32: players - 1; a solo game against bot agents has 1). */
  readonly agentSeats: number;
  /** D10: fixed, drawn at random from the seed, or chosen by the recruiter in setup. */
  readonly recruiterCard?: RecruiterCardRule;
  /** Explicit deck order (all 16 features, top first), as game records carry it. */
  readonly deck?: readonly FeatureId[];
}

export type Phase =
  | 'mayhem'
  | 'recruiterCard'
  | 'start'
  | 'setupSteps'
  | 'immortals'
  | 'agents'
  | 'mindSlipToken'
  | 'recruiterTurn'
  | 'agentsTurn'
  | 'answerAsk'
  | 'over';

export interface StepToken {
  readonly at: Loc;
  /** Time on the track when it was placed. */
  readonly time: number;
  readonly source: 'ask' | 'dolphin' | 'extraMove';
}

export interface Confirmed {
  readonly at: Loc;
  readonly visitTime: number;
}

export interface RecruiterTurn {
  actionDone: boolean;
  immortalMoves: number;
  extraDone: boolean;
}

export interface Activation {
  readonly agent: AgentId;
  moved: boolean;
  actionDone: boolean;
  freeUsed: boolean;
  /** D5: after a shakedown, the immortal that may be pushed, until the agent does anything else. */
  pushFrom: Loc | null;
}

export interface PendingAsk {
  readonly agent: AgentId;
  readonly feature: FeatureId;
}

/**
 * D12: where `undo` goes back to: the state before the seat's last undoable action, and below it
 * the points of the ones before (`prev`), down to the last thing revealed (or the start of the
 * activation or turn). Any other action clears them. They are part of the state, so replaying
 * the log rebuilds them and `undo` needs nothing from outside the state.
 */
export interface UndoPoint {
  /** The one seat that may undo: the seat that took the undoable actions. */
  readonly seat: Seat;
  /** The log length then: `undo` cuts the log back to it. */
  readonly logLength: number;
  /** The state then, without its log and without its own undo points. */
  readonly state: Omit<GameState, 'history' | 'undo'>;
  /** The point of the seat's undoable action before, if any. */
  readonly prev: UndoPoint | null;
}

export interface GameState {
  readonly rulesVersion: 1;
  readonly mode: Mode;
  readonly agentSeats: number;
  readonly recruiterCardRule: RecruiterCardRule;
  readonly seed: number;
  /** The deck order drawn from at setup (top first); the live deck is `deck`. */
  readonly initialDeck: readonly FeatureId[];
  phase: Phase;
  /** Number of actions applied so far. */
  seq: number;
  time: number;

  mayhem: Edge[];
  recruiterCard: RecruiterCardId | null;
  /** Undrawn feature cards, top first: known to no seat. */
  deck: FeatureId[];
  /** The recruiter's 3 secret feature cards. */
  cards: FeatureId[];
  /** Time each card was exposed by a shakedown (R24), or null; parallel to `cards`. */
  exposedAt: (number | null)[];
  /** path[i] is where the recruiter was at time i+1. */
  path: Loc[];
  /** Recruits contacted by the recruiter at each time (index = time). */
  contacts: number[];
  /** The 01:00-05:00 number (R5), then each alert number (R11), by time. */
  revealed: { readonly time: number; readonly count: number }[];
  immortalRecruits: { readonly feature: FeatureId; readonly time: number }[];
  /** 1st token: held until used. */
  firstMindSlipUsedAt: number | null;
  /** 2nd token (Full Game): on the board at `secondMindSlipAt` until acquired (R18). */
  secondMindSlipAt: Loc | null;
  secondMindSlipHeld: boolean;
  secondMindSlipUsedAt: number | null;

  immortals: Loc[];
  /** Agent locations, in AGENTS order; null before placement. */
  agents: (Loc | null)[];
  activated: boolean[];
  immortalCards: FeatureId[];
  immortalDiscards: FeatureId[];
  stepTokens: StepToken[];
  confirmed: Confirmed[];
  allyUsed: boolean;

  turn: RecruiterTurn | null;
  activation: Activation | null;
  activationsThisHalf: number;
  pendingAsk: PendingAsk | null;

  /** Everything that happened, in order; projected per seat by views. */
  history: GameEvent[];
  result: GameResult | null;
  /** D12: the point `undo` goes back to, or null/absent when nothing can be undone. */
  undo?: UndoPoint | null;
  /**
   * D12: actions the agent seats and spectators never saw: the recruiter's undone actions and
   * the undos that took them back. Their views count seq without them (views/view.ts), so not
   * even the number of actions tells that the recruiter took something back.
   */
  hiddenSeqs?: number;
}
