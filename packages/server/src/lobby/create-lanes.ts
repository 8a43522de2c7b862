// The server-wide budget of new tables, in three lanes (docs/protocol.md "Limits"). A flood from
// thousands of addresses spends the general lane (`createTotal`) in seconds; alone, it would leave
// every real player `503 busy` for as long as the flood runs. So:
// - a host vouched for (a profile with a finished game played here: players/service.ts) creates in
//   a lane of its own (`createVouchedTotal`), which no number of fresh addresses can spend, and
//   beyond it as anyone else;
// - once the general lane is spent, an address whose network (`prefixKey`) and address have made
//   fewer than `createNewcomerTables` tables within `createNewcomerMs` takes from a reserve
//   (`createNewcomerTotal`). A flood's networks make that many in its first seconds, so they are
//   shut out of the reserve, while a person arriving meanwhile finds it; a network the flood
//   reaches only once the general lane is spent takes at most that many.
// "Made within the window" is a token bucket per key (`createNewcomerTables` tokens, as many again
// per window), kept in memory per instance like every budget; a forgotten key counts as new, which
// only ever favours the client.
import { prefixKey } from '../http/address.js';
import { RateBudget } from '../limits/budget.js';
import type { LimitsConfig } from '../limits/config.js';

type LaneLimits = Pick<
  LimitsConfig,
  'createTotal' | 'createNewcomerTotal' | 'createNewcomerTables' | 'createNewcomerMs' | 'createVouchedTotal'
>;

export type CreateLane = 'general' | 'newcomer' | 'vouched';

export class CreateLanes {
  private readonly general: RateBudget;
  private readonly newcomers: RateBudget;
  private readonly vouched: RateBudget;
  /** Tables made recently, per address and per network (a bucket spent by every admitted create). */
  private readonly recent: RateBudget;

  constructor(limits: LaneLimits, maxKeys = 100_000) {
    this.general = new RateBudget(limits.createTotal, 1);
    this.newcomers = new RateBudget(limits.createNewcomerTotal, 1);
    this.vouched = new RateBudget(limits.createVouchedTotal, 1);
    const n = limits.createNewcomerTables;
    this.recent = new RateBudget({ burst: n, perMin: (n * 60_000) / limits.createNewcomerMs }, maxKeys);
  }

  /** Spends a token of the lane a create from `address` (an addressKey) belongs to; the lane it
   * took from, or null when none has one for it. */
  admit(address: string, vouched: boolean, now = Date.now()): CreateLane | null {
    const net = prefixKey(address);
    const lane = this.take(address, net, vouched, now);
    if (lane) {
      this.recent.take(address, now);
      this.recent.take(net, now);
    }
    return lane;
  }

  private take(address: string, net: string, vouched: boolean, now: number): CreateLane | null {
    // its own lane first; beyond it, a vouched host is as anyone else
    if (vouched && this.vouched.take('*', now)) return 'vouched';
    if (this.general.take('*', now)) return 'general';
    const fresh = this.recent.retryAfterSec(address, now) === 0 && this.recent.retryAfterSec(net, now) === 0;
    return fresh && this.newcomers.take('*', now) ? 'newcomer' : null;
  }

  /** Seconds until a refused create may find a token again (in its own lane or the general). */
  retryAfterSec(vouched: boolean, now = Date.now()): number {
    const general = this.general.retryAfterSec('*', now);
    return vouched ? Math.min(general, this.vouched.retryAfterSec('*', now)) : general;
  }
}
