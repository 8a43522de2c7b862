// Heartbeats: each connection is pinged once every heartbeatMs; one that has not answered the
// previous ping with its payload, or does not read its output, is dropped.
import { randomBytes } from 'node:crypto';
import type { WebSocket } from 'ws';
import type { BotClock } from '../bots/clock.js';

export class Heartbeat {
  /** The payload of the last ping each connection was sent and has not answered (null: answered). */
  private readonly awaiting = new WeakMap<WebSocket, Buffer | null>();
  /** The tick of the period at which each connection is pinged. */
  private readonly sliceOf = new WeakMap<WebSocket, number>();
  /** Ticks per heartbeat period (one a second by default; 1 below 200 ms, as in tests). */
  private readonly slices: number;
  /** Cancels the next tick. */
  private cancel: () => void;

  /** `reads`: whether a connection still reads its output (backpressure; false closed it).
   * `clock`: what the ticks are armed on (tests hand in a clock they advance, so that who is
   * dropped follows the periods that passed, not how fast the machine answered). */
  constructor(
    clients: ReadonlySet<WebSocket>,
    heartbeatMs: number,
    reads: (ws: WebSocket) => boolean,
    clock: BotClock,
  ) {
    this.slices = Math.max(1, Math.min(30, Math.floor(heartbeatMs / 100)));
    const tickMs = heartbeatMs / this.slices;
    // The connections are spread over the ticks of the period (by connection number), not pinged
    // all at once: one sweep over 1,700 connections (a random payload and a socket write each)
    // held the event loop for 30-70 ms every 30 s, and every move in that window waited for it.
    let tick = 0;
    const ring = () => {
      // Re-armed first: a tick that throws does not stop the heartbeat.
      this.cancel = clock.after(tickMs, ring);
      const slice = tick++ % this.slices;
      const due: WebSocket[] = [];
      for (const ws of clients) {
        if (this.sliceOf.get(ws) !== slice) continue;
        if (this.awaiting.get(ws) || !reads(ws)) ws.terminate();
        else due.push(ws);
      }
      // One draw from the CSPRNG for the whole slice.
      const payloads = randomBytes(8 * due.length);
      due.forEach((ws, i) => {
        const payload = payloads.subarray(8 * i, 8 * i + 8);
        this.awaiting.set(ws, payload);
        ws.ping(payload);
      });
    };
    this.cancel = clock.after(tickMs, ring);
  }

  /** A new connection, number `n` (which tick of the period it is pinged at). */
  add(ws: WebSocket, n: number): void {
    this.awaiting.set(ws, null);
    this.sliceOf.set(ws, n % this.slices);
    // Only a pong carrying the payload of our own last ping counts (unsolicited pongs keep nothing alive).
    ws.on('pong', (data: Buffer) => {
      const want = this.awaiting.get(ws);
      if (want && data.equals(want)) this.awaiting.set(ws, null);
    });
  }

  stop(): void {
    this.cancel();
  }
}
