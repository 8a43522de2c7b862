import { rngFrom, type Seat } from '@mindmgmt/engine';
import type { BotRng } from './types.js';

/** Seeded rng per seat, independent of the engine's own draws. */
export function seatRng(seed: number, seat: Seat): BotRng {
  return rngFrom(((seed >>> 0) * 7919 + seat * 104729 + 17) >>> 0);
}
