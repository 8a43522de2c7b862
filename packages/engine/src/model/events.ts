// What happened, split at the source into what every seat may know (`pub`) and what only the
// recruiter may know (`secret`). Views and per-seat event lists are built from `pub` alone for
// every seat but the recruiter, so a hidden fact can only leak if someone puts it in `pub`.
import type { FeatureId, Loc } from '../board/board.js';
import type { NoteBody } from './actions.js';
import type { AgentId, GameResult, RecruiterCardId, Seat } from './pieces.js';

export type PublicEvent =
  | { readonly kind: 'mayhemPlaced'; readonly seat: Seat; readonly between: readonly [Loc, Loc] }
  | { readonly kind: 'recruiterCardChosen' }
  /** Training start (R31) is public: `at` is set only then. */
  | { readonly kind: 'startChosen'; readonly at: Loc | null }
  | { readonly kind: 'featureCardsDrawn'; readonly count: number }
  /** A recruiter step (setup or turn); where is secret. */
  | { readonly kind: 'recruiterStepped'; readonly time: number }
  /** R16/R18: a mind slip was used; which token is public, and the 2nd token's board spot. */
  | { readonly kind: 'mindSlipUsed'; readonly time: number; readonly token: 1 | 2; readonly tokenAt: Loc | null }
  /** R5: the recruits of locations 1..5, revealed as one number. */
  | { readonly kind: 'setupRecruitsRevealed'; readonly count: number }
  | { readonly kind: 'immortalPlaced'; readonly at: Loc }
  | { readonly kind: 'agentPlaced'; readonly agent: AgentId; readonly at: Loc }
  | { readonly kind: 'mindSlipTokenPlaced'; readonly at: Loc }
  | { readonly kind: 'immortalCardsDrawn'; readonly features: readonly FeatureId[] }
  | { readonly kind: 'recruiterTurnStarted'; readonly time: number }
  | {
      readonly kind: 'immortalMoved';
      readonly from: Loc;
      readonly to: Loc;
      /** The extra move (R15) puts a step token on a visited location first. */
      readonly stepToken: Loc | null;
    }
  | {
      readonly kind: 'immortalRecruited';
      readonly feature: FeatureId;
      readonly at: readonly Loc[];
      readonly time: number;
    }
  | { readonly kind: 'timeAdvanced'; readonly time: number; readonly alert: number | null }
  | { readonly kind: 'agentActivated'; readonly agent: AgentId }
  | { readonly kind: 'agentMoved'; readonly agent: AgentId; readonly from: Loc; readonly to: Loc; readonly by: AgentId }
  | {
      readonly kind: 'asked';
      readonly agent: AgentId;
      readonly feature: FeatureId;
      readonly dolphin: boolean;
      readonly time: number;
    }
  /** Step tokens placed in answer; empty means "cannot place" (R22). */
  | { readonly kind: 'askAnswered'; readonly feature: FeatureId; readonly at: readonly Loc[]; readonly time: number }
  | { readonly kind: 'revealed'; readonly at: Loc; readonly visitTime: number }
  | {
      readonly kind: 'shakedown';
      readonly agent: AgentId;
      readonly feature: FeatureId;
      readonly hit: boolean;
      readonly time: number;
    }
  | { readonly kind: 'immortalPushed'; readonly agent: AgentId; readonly from: Loc; readonly to: Loc }
  | {
      readonly kind: 'captureAttempted';
      readonly agent: AgentId;
      readonly at: Loc;
      readonly hit: boolean;
      readonly time: number;
    }
  | {
      readonly kind: 'scanned';
      readonly agent: AgentId;
      readonly at: Loc;
      readonly yes: boolean;
      readonly time: number;
    }
  | { readonly kind: 'activationEnded'; readonly agent: AgentId }
  | { readonly kind: 'roundEnded'; readonly time: number }
  | { readonly kind: 'noteChanged'; readonly seat: Seat; readonly at: Loc; readonly note: NoteBody | null }
  | { readonly kind: 'gameOver'; readonly result: GameResult };

/** Facts only the recruiter seat may see, attached to the public event they belong to. */
export interface SecretDetail {
  readonly card?: RecruiterCardId;
  readonly cards?: readonly FeatureId[];
  readonly to?: Loc;
  readonly contacts?: number;
  readonly acquiredMindSlip?: boolean;
}

export interface GameEvent {
  readonly pub: PublicEvent;
  readonly secret?: SecretDetail;
}

export type PublicEventKind = PublicEvent['kind'];
