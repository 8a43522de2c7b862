// What `simulate` runs (its options) and what one range of games adds up to, shared by the
// in-process runner (simulate.ts) and the BotPool runner (simulate-pool.ts).
import type { Level } from '@mindmgmt/ai';
import type { Mode } from '@mindmgmt/engine';

export interface SimulateOptions {
  readonly mode: Mode;
  readonly games: number;
  readonly recruiter: Level;
  readonly agents: Level;
  readonly seed: number;
  readonly budgetMs: number;
  readonly agentSeats: number;
  readonly workers: number;
  /** Every decision through the server's BotPool (worker threads, sessions), as the server does. */
  readonly pool: boolean;
  /**
   * Work-limited mode: the expert runs this many playouts per decision and every bot gets a
   * wall-clock budget its safety cutoffs never reach (the hard bots' work is the same from 700 ms
   * on), so results do not depend on machine load. Undefined: the clock budget, as in play.
   */
  readonly iterations?: number;
}

/** One range of games' tallies (in-process or through the pool), merged by `summarize`. */
export interface Chunk {
  cutoffs: number;
  fallbacks: number;
  wins: number;
  reasons: Record<string, number>;
  ms: number[];
  msByLevel: Record<string, number[]>;
  games: number;
}

export function emptyChunk(): Chunk {
  return { cutoffs: 0, fallbacks: 0, wins: 0, reasons: {}, ms: [], msByLevel: {}, games: 0 };
}
