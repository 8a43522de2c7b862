// Heartbeats: each connection is pinged once every heartbeatMs; one that has not answered the
// previous ping with its payload, or does not read its output, is dropped.
import { randomBytes } from 'node:crypto';
import type { WebSocket } from 'ws';

export class Heartbeat {
  /** The payload of the last ping each connection was sent and has not answered (null: answered). */
  private readonly awaiting = new WeakMap<WebSocket, Buffer | null>();
  /** The tick of the period at which each connection is pinged. */
  private readonly sliceOf = new WeakMap<WebSocket, number>();
  /** Ticks per heartbeat period (one a second by default; 1 below 200 ms, as in tests). */
  private readonly slices: number;
  private readonly timer: NodeJS.Timeout;

  /** `reads`: whether a connection still reads its output (backpressure; false closed it). */
  constructor(clients: ReadonlySet<WebSocket>, heartbeatMs: number, reads: (ws: WebSocket, now: number) => boolean) {
    this.slices = Math.max(1, Math.min(30, Math.floor(heartbeatMs / 100)));
    // The connections are spread over the ticks of the period (by connection number), not pinged
    // all at once: one sweep over 1,700 connections (a random payload and a socket write each)
    // held the event loop for 30-70 ms every 30 s, and every move in that window waited for it.
    let tick = 0;
    this.timer = setInterval(() => {
      const now = Date.now();
      const slice = tick++ % this.slices;
      const due: WebSocket[] = [];
      for (const ws of clients) {
        if (this.sliceOf.get(ws) !== slice) continue;
        if (this.awaiting.get(ws) || !reads(ws, now)) ws.terminate();
        else due.push(ws);
      }
      // One draw from the CSPRNG for the whole slice.
      const payloads = randomBytes(8 * due.length);
      due.forEach((ws, i) => {
        const payload = payloads.subarray(8 * i, 8 * i + 8);
        this.awaiting.set(ws, payload);
        ws.ping(payload);
      });
    }, heartbeatMs / this.slices);
    this.timer.unref();
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
    clearInterval(this.timer);
  }
}
