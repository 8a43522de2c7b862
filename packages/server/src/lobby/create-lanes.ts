// The server-wide budget of new tables, in three lanes (docs/protocol.md "Limits"). A flood from
// thousands of addresses spends the general lane (`createTotal`) in seconds; alone, it would leave
// every real player `503 busy` for as long as the flood runs. So:
// - a host vouched for (a profile with a finished game played here: players/service.ts) creates in
//   a lane of its own (`createVouchedTotal`), which no number of fresh addresses can spend, and
//   beyond it as anyone else;
// - once the general lane is spent, an address whose address and network (`prefixKey`) have not
//   created a table for `createNewcomerMs` takes from a reserve (`createNewcomerTotal`). A flood's
//   addresses created already, or share a network with one that did, so the flood takes at most
//   one reserve token per network it comes from, while a person arriving meanwhile finds it.
// Kept in memory per instance (like every budget); a forgotten address counts as new, which only
// ever favours the client (the key cap is far above what the general lane admits in the window).
import { prefixKey } from '../http/address.js';
import { RateBudget } from '../limits/budget.js';
import type { LimitsConfig } from '../limits/config.js';

type LaneLimits = Pick<LimitsConfig, 'createTotal' | 'createNewcomerTotal' | 'createNewcomerMs' | 'createVouchedTotal'>;

/** When each key (an address, a network) last created a table, the least recently used first. */
class LastCreate {
  private readonly at = new Map<string, number>();
  constructor(private readonly maxKeys: number) {}

  since(key: string, from: number): boolean {
    const t = this.at.get(key);
    return t !== undefined && t >= from;
  }

  mark(key: string, now: number): void {
    this.at.delete(key);
    if (this.at.size >= this.maxKeys) this.at.delete(this.at.keys().next().value!);
    this.at.set(key, now);
  }
}

export type CreateLane = 'general' | 'newcomer' | 'vouched';

export class CreateLanes {
  private readonly general: RateBudget;
  private readonly newcomers: RateBudget;
  private readonly vouched: RateBudget;
  private readonly last: LastCreate;

  constructor(
    private readonly limits: LaneLimits,
    maxKeys = 100_000,
  ) {
    this.general = new RateBudget(limits.createTotal, 1);
    this.newcomers = new RateBudget(limits.createNewcomerTotal, 1);
    this.vouched = new RateBudget(limits.createVouchedTotal, 1);
    this.last = new LastCreate(maxKeys);
  }

  /** Spends a token of the lane a create from `address` (an addressKey) belongs to; the lane it
   * took from, or null when none has one for it. */
  admit(address: string, vouched: boolean, now = Date.now()): CreateLane | null {
    const lane = this.take(address, vouched, now);
    if (lane) {
      this.last.mark(address, now);
      this.last.mark(prefixKey(address), now);
    }
    return lane;
  }

  private take(address: string, vouched: boolean, now: number): CreateLane | null {
    // its own lane first; beyond it, a vouched host is as anyone else
    if (vouched && this.vouched.take('*', now)) return 'vouched';
    if (this.general.take('*', now)) return 'general';
    const from = now - this.limits.createNewcomerMs;
    const known = this.last.since(address, from) || this.last.since(prefixKey(address), from);
    return !known && this.newcomers.take('*', now) ? 'newcomer' : null;
  }

  /** Seconds until a refused create may find a token again (in its own lane or the general). */
  retryAfterSec(vouched: boolean, now = Date.now()): number {
    const general = this.general.retryAfterSec('*', now);
    return vouched ? Math.min(general, this.vouched.retryAfterSec('*', now)) : general;
  }
}
