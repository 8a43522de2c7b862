// Backpressure: a connection that does not read its frames is closed, not buffered for ever.
import type { Logger } from 'pino';
import type { WebSocket } from 'ws';
import type { BotClock } from '../bots/clock.js';
import type { LimitsConfig } from '../limits/config.js';
import { CLOSE_SLOW_CONSUMER } from './config.js';

export class Backpressure {
  /** Since when each connection's unsent output is above the limit. */
  private readonly overSince = new WeakMap<WebSocket, number>();

  constructor(
    private readonly limits: LimitsConfig,
    private readonly log: Logger,
    /** What `slowConsumerMs` is measured on (the transport's one clock). */
    private readonly clock: BotClock,
  ) {}

  /** False when `ws` was closed for not reading: more than 4 times the limit unsent, or above the
   * limit for `slowConsumerMs`. */
  check(ws: WebSocket): boolean {
    const now = this.clock.now();
    const { maxBufferedBytes, slowConsumerMs } = this.limits;
    // Bytes queued in the socket and in ws's sender, not yet handed to the kernel.
    const buffered = ws.bufferedAmount;
    if (buffered <= maxBufferedBytes) {
      this.overSince.delete(ws);
      return true;
    }
    const since = this.overSince.get(ws);
    if (since === undefined) this.overSince.set(ws, now);
    if (buffered > 4 * maxBufferedBytes || (since !== undefined && now - since >= slowConsumerMs)) {
      this.log.warn({ buffered }, 'closing a connection that does not read');
      ws.close(CLOSE_SLOW_CONSUMER, 'slow consumer');
      // The close frame itself waits behind the unread data: do not wait for the handshake.
      ws.terminate();
      return false;
    }
    return true;
  }
}
