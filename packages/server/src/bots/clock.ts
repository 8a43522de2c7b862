// The bot pool's clock: what it reads to date a decision's wait and run, and what it arms for a
// run's time limit. Production uses the process's monotonic clock and its timers; tests hand in a
// clock they advance themselves, so that what the pool counts against a limit (a worker's own run,
// never the queue) is checked by accounting rather than by how fast the machine is today.

export interface BotClock {
  /** Milliseconds on a monotonic clock. */
  now(): number;
  /** Calls `fn` once, `ms` from now; the returned function cancels it. */
  after(ms: number, fn: () => void): () => void;
}

export const systemBotClock: BotClock = {
  now: () => performance.now(),
  after(ms, fn) {
    // An alarm never holds the process open on its own (a heartbeat or a deadline outliving a
    // closed server): what needs the process up holds it by other means (a server, a worker).
    const t = setTimeout(fn, ms).unref();
    return () => clearTimeout(t);
  },
};
