// What a WebSocket connection may do and how it is closed: the sizes, rates and periods of the
// transport (ws/attach.ts), and the close codes a client tells apart (docs/protocol.md).
import { type BotClock, systemBotClock } from '../bots/clock.js';
import type { CloseCodes } from '@mindmgmt/table';

export interface WsConfig {
  /** Frames above this get an error `too_large` (the connection stays). */
  maxFrameBytes: number;
  /** Frames above this close the connection (ws maxPayload). */
  hardMaxFrameBytes: number;
  /** Token bucket per connection. */
  ratePerSec: number;
  rateBurst: number;
  heartbeatMs: number;
  /** A connection that has not said a valid `hello` this long after its upgrade is closed
   * (4408): until then it is a descriptor that plays nothing. */
  helloMs: number;
  /** What the `hello` deadline and the heartbeat's ticks are armed on, and what backpressure
   * measures `slowConsumerMs` on (tests hand in a clock they advance). */
  clock: BotClock;
}

export const DEFAULT_WS_CONFIG: WsConfig = {
  maxFrameBytes: 16 * 1024,
  // ws buffers a whole frame before we see it: keep that small (the largest honest frame is ~4 KB).
  hardMaxFrameBytes: 64 * 1024,
  ratePerSec: 20,
  rateBurst: 60,
  heartbeatMs: 30_000,
  // The web client says `hello` as its socket opens: one round trip. 5 s is that round trip on a
  // bad mobile link with two lost packets (TCP's first retransmission waits 1 s, the next 2 s)
  // plus the game's first load, and holds a silent socket for seconds instead of for ever.
  helloMs: 5_000,
  clock: systemBotClock,
};

/** Close codes (docs/protocol.md; the contract's `CloseCodes`). */
export const CLOSE_RATE_LIMIT: CloseCodes['rateLimit'] = 1008;
export const CLOSE_SLOW_CONSUMER: CloseCodes['slowConsumer'] = 4008;
export const CLOSE_HELLO_TIMEOUT: CloseCodes['helloTimeout'] = 4408;
export const CLOSE_TRY_LATER: CloseCodes['tryLater'] = 1013;
/** Service Restart: the server is going away on purpose; reconnect at once (elsewhere). */
export const CLOSE_RESTART: CloseCodes['restart'] = 1012;

/** Told of each refusal by a limit: which limit, the error code, the address it was kept for. */
export type OnRefused = (limit: string, code: string, address: string) => void;
