// The notifications waiting to go out. Offering one never waits: game locks are
// never held across a network send. Bounded: at most `queued` waiting and `running` sending at
// once server-wide, each profile at most `perProfile` messages (token bucket) and the server at
// most `total`; what is over a cap is dropped and counted (never queued for later: a flood must
// not turn into a late flood).
import { RateBudget, type Rate } from '../limits/budget.js';

export interface QueueCaps {
  readonly queued: number;
  readonly running: number;
  readonly perProfile: Rate;
  readonly total: Rate;
}

export interface QueueCounts {
  sent: number;
  failed: number;
  droppedQueueFull: number;
  droppedProfileCap: number;
  droppedServerCap: number;
}

export class SendQueue {
  private readonly waiting: (() => Promise<unknown>)[] = [];
  private running = 0;
  private readonly idleWaiters: (() => void)[] = [];
  private readonly perProfile: RateBudget;
  private readonly total: RateBudget;
  readonly counts: QueueCounts = { sent: 0, failed: 0, droppedQueueFull: 0, droppedProfileCap: 0, droppedServerCap: 0 };
  /** `sent` and `failed` split by channel (metrics). */
  readonly byChannel = { push: { sent: 0, failed: 0 }, mail: { sent: 0, failed: 0 } };

  constructor(
    private readonly caps: QueueCaps,
    private readonly onError: (e: unknown) => void,
  ) {
    this.perProfile = new RateBudget(caps.perProfile);
    this.total = new RateBudget(caps.total, 1);
  }

  /** Spends the profile's and the server's budget for one message; false (counted) when over. */
  mayMessage(profile: string): boolean {
    if (!this.perProfile.take(profile)) return (void this.counts.droppedProfileCap++, false);
    if (!this.total.take('*')) return (void this.counts.droppedServerCap++, false);
    return true;
  }

  /** Queues a job (resolving recipients, sending); false (counted) when the queue is full. */
  offer(job: () => Promise<unknown>): boolean {
    if (this.waiting.length >= this.caps.queued) return (void this.counts.droppedQueueFull++, false);
    this.waiting.push(job);
    this.pump();
    return true;
  }

  /** One message handed to its channel: counted as sent or failed. */
  done(channel: 'push' | 'mail', ok: boolean): void {
    const k = ok ? 'sent' : 'failed';
    this.counts[k]++;
    this.byChannel[channel][k]++;
  }

  /** Resolves once nothing waits or runs (tests; closing). */
  idle(): Promise<void> {
    if (!this.running && !this.waiting.length) return Promise.resolve();
    return new Promise((r) => this.idleWaiters.push(r));
  }

  private pump(): void {
    while (this.running < this.caps.running && this.waiting.length) {
      const job = this.waiting.shift()!;
      this.running++;
      void job()
        .catch((e) => this.onError(e))
        .finally(() => {
          this.running--;
          this.pump();
          if (!this.running && !this.waiting.length) for (const w of this.idleWaiters.splice(0)) w();
        });
    }
  }
}
