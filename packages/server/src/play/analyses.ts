// Finished games' analyses: computed once per game on a bot worker, stored, then
// served from the store. Never before the game is over, and only for a game the caller may see
// (the record's rule: anyone with the id, once it is over); the refusal before the end is decided
// from the game's state alone, before anything about an analysis is looked at, so neither its
// answer nor its timing says anything about one.
import { ApiError } from '../http/api-error.js';
import type { BotPool } from '../bots/pool.js';
import type { LimitsConfig } from '../limits/config.js';
import type { AnalysisPendingBody } from '@mindmgmt/table';
import type { GameMaster } from './master.js';
import type { Records } from './records.js';

/** Games whose analysis failed, remembered so a GET does not start it again (a bound on memory). */
const FAILED_KEPT = 1_000;

export type AnalysisAnswer =
  { readonly status: 200; readonly text: string } | { readonly status: 202; readonly body: AnalysisPendingBody };

export class Analyses {
  private readonly running = new Map<string, Promise<void>>();
  private readonly failed = new Set<string>();

  constructor(
    private readonly master: GameMaster,
    private readonly records: Records,
    private readonly pool: BotPool,
    private readonly limits: LimitsConfig,
  ) {}

  async analysis(id: string): Promise<AnalysisAnswer> {
    const g = await this.master.mustGet(id);
    if (!g.state || !g.state.result) throw new ApiError(409, 'not_over', 'The analysis is made once the game is over.');
    const stored = await this.master.store.analysisOf(id);
    if (stored !== null) return { status: 200, text: stored };
    if (this.failed.has(id)) throw new ApiError(500, 'analysis_failed', 'The analysis of this game could not be made.');
    if (!this.running.has(id)) {
      if (this.running.size >= this.limits.analysesQueued)
        throw new ApiError(503, 'busy', 'The server is analysing many games; try again in a minute.');
      this.running.set(
        id,
        this.compute(id).finally(() => this.running.delete(id)),
      );
    }
    return { status: 202, body: { status: 'computing' } };
  }

  /** Waits for the analyses in progress (tests, shutdown). */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.running.values()]);
  }

  private async compute(id: string): Promise<void> {
    try {
      const record = await this.records.record(id);
      const o = await this.pool.analyse({
        gameId: id,
        record,
        playouts: this.limits.analysisPlayouts,
        maxExpertDecisions: this.limits.analysisDecisions,
        runMs: this.limits.analysisRunMs,
      });
      if (o.ok) await this.master.store.saveAnalysis(id, o.body, Date.now());
      else if (o.reason !== 'dropped') this.fail(id);
    } catch {
      this.fail(id);
    }
  }

  private fail(id: string): void {
    this.failed.add(id);
    if (this.failed.size > FAILED_KEPT) this.failed.delete(this.failed.values().next().value!);
  }
}
