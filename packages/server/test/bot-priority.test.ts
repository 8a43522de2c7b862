// On 2 cores the hard and expert bots' worker threads took the cores the main thread
// needed to read frames and acknowledge moves (server.rttP99Ratio 5.68). The workers now run below
// the main thread's priority: each sets its own thread's nice value (Linux).
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectedSeats, legalActions, newGame, view } from '@mindmgmt/engine';
import { BotPool } from '../src/bots/pool.js';
import { ManualClock } from './manual-clock.js';

/** Nice value of one thread of this process (field 19 of /proc/self/task/<tid>/stat; NaN once gone). */
function niceOf(tid: number | string): number {
  try {
    const after = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(after[16]); // fields after the name start at field 3 (state)
  } catch {
    return NaN;
  }
}

/** Nice value of every thread of this process. */
function threadNices(): number[] {
  return fs.readdirSync('/proc/self/task').map(niceOf);
}

/** The main thread's: its thread id is the process id. Not the first listed: thread ids are
 * allocated as process ids are, and once they wrap (pid_max, 32768 here) a later thread's id can
 * be lower (regression: the test read a bot worker's nice value as the main thread's). */
const mainNice = (): number => niceOf(process.pid);

describe.runIf(process.platform === 'linux')('bot workers below the main thread', () => {
  it('a bot worker thread runs at the nice value given, the main thread keeps its own', async () => {
    const own = mainNice();
    const before = threadNices().filter((n) => n === own + 7).length;
    const pool = new BotPool(1, 10_000, () => {}, 7, new ManualClock());
    try {
      const s = newGame({ mode: 'full', agentSeats: 1, recruiterCard: 'random' }, 5);
      const seat = expectedSeats(s)[0]!;
      const legal = legalActions(s, seat);
      const a = await pool.decide({
        gameId: 'g',
        seat,
        level: 'easy',
        view: view(s, seat),
        legal,
        seed: 1,
        budgetMs: 20,
      });
      expect(a).not.toBeNull();
      // Exactly one more thread at the lower priority: the worker; the main thread is unchanged.
      expect(threadNices().filter((n) => n === own + 7).length).toBe(before + 1);
      expect(mainNice()).toBe(own);
    } finally {
      await pool.close();
    }
  });

  it("a bot worker's young generation is capped: it grew with the bot games and made most of the server's RSS per game (rssKbPerGame)", async () => {
    const pool = new BotPool(1, 10_000, () => {}, 0, new ManualClock());
    try {
      const s = newGame({ mode: 'full', agentSeats: 1, recruiterCard: 'random' }, 5);
      const seat = expectedSeats(s)[0]!;
      await pool.decide({
        gameId: 'g',
        seat,
        level: 'easy',
        view: view(s, seat),
        legal: legalActions(s, seat),
        seed: 1,
        budgetMs: 20,
      });
      const workers = (
        pool as unknown as { slots: { worker: { resourceLimits?: { maxYoungGenerationSizeMb?: number } } }[] }
      ).slots;
      expect(workers.length).toBe(1);
      const young = workers[0]!.worker.resourceLimits?.maxYoungGenerationSizeMb ?? Infinity;
      expect(young).toBeGreaterThan(0);
      expect(young).toBeLessThanOrEqual(8);
    } finally {
      await pool.close();
    }
  });
});
