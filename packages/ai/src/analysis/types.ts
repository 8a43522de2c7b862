// The analysis of a finished game as JSON: what the server stores and sends, and
// what the browser computes for offline games. Locations are labels, as in game records.
import type { AgentId, GameResult, Mode, RecordAction } from '@mindmgmt/engine';

export const ANALYSIS_VERSION = 1;

/**
 * Work caps (the analysis is deterministic: only counts limit it, never the clock).
 * - `playouts`: the expert's playouts per decision (the live expert uses 1,000; an analysis asks
 *   it up to `expertDecisions` times, so it gets a fifth, and the recruiter's planner a fifth of
 *   its simulated agents' work);
 * - `expertDecisions`: expert decisions per game (activations and recruiter turns in game order;
 *   later rows keep the deduction's counts but have no expert line, and `capped` says so);
 * - `worlds`: determinisations per decision.
 */
export const ANALYSIS_LIMITS = {
  playouts: 200,
  maxPlayouts: 1_000,
  expertDecisions: 80,
  worlds: 16,
} as const;

export interface AnalysisOptions {
  /** Seeds the expert's decisions (the same game, the same analysis). */
  readonly gameId: string;
  readonly playouts?: number;
  readonly maxExpertDecisions?: number;
}

export type RecordedAction = RecordAction;

/** What the expert agents would have done right after this agent was activated. */
export interface ExpertAgents {
  readonly action: RecordedAction;
  /** Share of the hidden worlds consistent with the public facts (the exact deduction) in which
   * the recruiter stands where the expert's move goes (or where the agent stands, for a capture):
   * the chance a capture there would succeed. Null for other actions. */
  readonly captureChance: number | null;
  /** The expert's search estimate of the agents' winning chance after its choice (null: no search). */
  readonly winEstimate: number | null;
}

export interface ActivationRow {
  readonly index: number;
  /** Index in the record's actions where it began (orders activations and turns together). */
  readonly at: number;
  readonly time: number;
  readonly agent: AgentId;
  readonly seat: number;
  /** Locations possible for the recruiter (exact deduction) before and after the activation. */
  readonly before: number;
  after: number;
  /** What the agent did (activate and endActivation left out). */
  readonly actions: readonly RecordedAction[];
  /** The chance its capture had (same measure as the expert's), null if it did not capture. */
  captureChance: number | null;
  expert: ExpertAgents | null;
}

/** What the expert recruiter would have played where the recruiter stepped or slipped. */
export interface ExpertRecruiter {
  readonly action: RecordedAction;
  /**
   * The expert's estimate of the recruiter's winning chance (null: none; the recruiter plans its
   * steps by simulated agents' half-turns, not by a search of whole games).
   */
  readonly winEstimate: number | null;
  /**
   * For its step or slip: the share of the agents' half-turns it simulated after that move that
   * did not capture it (null: no plan ran, one candidate or not a step).
   */
  readonly escapes: number | null;
}

export interface RecruiterTurnRow {
  readonly index: number;
  /** Index in the record's actions where it began. */
  readonly at: number;
  readonly time: number;
  /** Possible locations when the turn began. */
  readonly before: number;
  /** Exposure: the locations still possible to the agents when the turn ended. */
  exposure: number;
  /** Where it moved (label), revealed now that the game is over. */
  moved: string | null;
  readonly actions: readonly RecordedAction[];
  expert: ExpertRecruiter | null;
}

/**
 * One of the moments that changed the game most. `score` (the measure, documented in
 * ./README.md): |log2(after / before)| of the possible-location count, the bits the agents gained
 * (a drop) or lost (a rise); the action that ended the game ranks first.
 */
export interface Moment {
  readonly kind: 'activation' | 'recruiterTurn';
  /** Index into `activations` or `turns`. */
  readonly index: number;
  readonly time: number;
  readonly agent: AgentId | null;
  /** The deciding action's type (capture, scan, ask, step, mindSlip, ...). */
  readonly action: string;
  readonly before: number;
  readonly after: number;
  readonly endedGame: boolean;
  /** The expert would have done otherwise there. */
  readonly expertDiffers: boolean;
  readonly score: number;
}

/** One point of the chart: at the end of each half-turn (and once after setup). */
export interface SeriesPoint {
  readonly time: number;
  readonly half: 'setup' | 'recruiter' | 'agents';
  readonly possible: number;
  /** The possible locations (labels). */
  readonly locations: readonly string[];
  /** Where the recruiter really was (label). */
  readonly truth: string | null;
}

export interface GameAnalysis {
  readonly version: number;
  readonly gameId: string;
  readonly mode: Mode;
  readonly result: GameResult;
  readonly playouts: number;
  readonly expertDecisions: number;
  /** True when `expertDecisions` reached the cap and later rows have no expert line. */
  readonly capped: boolean;
  readonly activations: readonly ActivationRow[];
  readonly turns: readonly RecruiterTurnRow[];
  readonly moments: readonly Moment[];
  readonly series: readonly SeriesPoint[];
}
