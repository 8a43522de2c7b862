// The bots' clock for tests: `performance.now()` (what a bot's Deadline and the expert read)
// replaced by a clock that moves a fixed step each time it is read. A bot's wall-clock cutoff then
// fires after a fixed amount of its own checking, the same on an idle and on a loaded machine, so
// a test of "the bot stops when its time is up" decides by the bot's code, not by the machine.
import { vi } from 'vitest';

export interface TickingClock {
  /** The clock's time (ms): `msPerRead` times the reads so far. */
  now(): number;
  restore(): void;
}

export function tickingClock(msPerRead: number): TickingClock {
  let t = 0;
  const spy = vi.spyOn(performance, 'now').mockImplementation(() => (t += msPerRead));
  return { now: () => t, restore: () => spy.mockRestore() };
}
