// Finished games' records (docs/game-record.md), serialised once and kept for the most recent
// few: they never change, and an anonymous GET no longer rebuilds megabytes each time.
import { exportRecord, type GameRecord } from '@mindmgmt/engine';
import { ApiError } from '../http/api-error.js';
import type { GameMaster } from './master.js';

/** Serialised records kept in memory (each up to ~1.5 MB). */
const RECORDS_KEPT = 16;

export class Records {
  private readonly texts = new Map<string, string>();

  constructor(private readonly master: GameMaster) {}

  async record(id: string): Promise<GameRecord> {
    return JSON.parse(await this.recordText(id)) as GameRecord;
  }

  async recordText(id: string): Promise<string> {
    const have = this.texts.get(id);
    if (have !== undefined) {
      this.texts.delete(id);
      this.texts.set(id, have);
      return have;
    }
    const g = await this.master.mustGet(id);
    if (!g.state || !g.state.result)
      throw new ApiError(403, 'not_over', 'The record is published once the game is over.');
    const text = JSON.stringify(exportRecord(g.state, await this.master.store.allActions(id), g.notes));
    this.texts.set(id, text);
    if (this.texts.size > RECORDS_KEPT) this.texts.delete(this.texts.keys().next().value!);
    return text;
  }
}
