// Names of the game's pieces and the fixed numbers of both modes.
import type { FeatureId } from '../board/board.js';

export type Mode = 'training' | 'full';

/** Agent cards in rulebook order; D9 shares them out over seats in this order. */
export const AGENTS = ['meru', 'henry', 'bill', 'dusty'] as const;
export type AgentId = (typeof AGENTS)[number];
export const AGENT_NAMES: Readonly<Record<AgentId, string>> = {
  meru: 'Meru',
  henry: 'Henry Lyme',
  bill: 'Bill Falls',
  dusty: 'Dusty',
};

/** The two recruiter cards (R16): Carl Box slips orthogonally, the Girl with the Pipe diagonally. */
export const RECRUITER_CARDS = ['carl', 'girl'] as const;
export type RecruiterCardId = (typeof RECRUITER_CARDS)[number];

/** Seat 0 is the recruiter; seats 1..agentSeats play the agents (R32). */
export type Seat = number;
export const RECRUITER_SEAT: Seat = 0;
export type Viewer = Seat | 'spectator';

export const MAYHEM_TOKENS = 5;
export const SETUP_STEPS = 4;
export const IMMORTAL_COUNT = 4;
export const RECRUITER_FEATURE_CARDS = 3;
export const IMMORTAL_CARD_SLOTS = 2;
/** Time on the track once setup's steps 1..5 are written (R10). */
export const SETUP_TIME = 5;

export interface ModeRules {
  /** R13 */ readonly recruitsToWin: number;
  /** R14 */ readonly finalTime: number;
}
export const MODE_RULES: Readonly<Record<Mode, ModeRules>> = {
  full: { recruitsToWin: 12, finalTime: 16 },
  training: { recruitsToWin: 9, finalTime: 14 },
};

/** R10: odd hours after setup are red alert spaces. */
export function isAlertTime(time: number): boolean {
  return time > SETUP_TIME && time % 2 === 1;
}

export type Side = 'recruiter' | 'agents';
export type EndReason = 'capture' | 'boxedIn' | 'recruits' | 'time' | 'resign' | 'timeout' | 'abandoned';
export interface GameResult {
  /** null only when the table abandoned the game by agreement (reason 'abandoned', D14). */
  readonly winner: Side | null;
  readonly reason: EndReason;
  /** Time on the track when the game ended. */
  readonly time: number;
}

export type { FeatureId };
