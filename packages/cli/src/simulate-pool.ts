// `simulate --pool`: every decision goes through the server's BotPool (worker threads, one bot
// session per game and seat, time limit counted from the worker's start), as the server makes
// them, instead of calling the bots in-process. Games run `lanes` at a time so they interleave
// in the pool like concurrent tables. Game i uses seed+i, as in-process simulation does.
import type { BotLevel } from '@mindmgmt/table';
import { BotPool, DEFAULT_SERVICE_CONFIG, playThroughPool } from '@mindmgmt/server';
import { type Chunk, emptyChunk, type SimulateOptions } from './simulate-tally.js';

export async function runThroughPool(o: SimulateOptions, progress: (done: number) => void): Promise<Chunk> {
  const c = emptyChunk();
  const pool = new BotPool(o.workers, DEFAULT_SERVICE_CONFIG.botTimeLimitMs);
  const bothRandom = o.recruiter === 'random' && o.agents === 'random';
  const lanes = Math.min(o.games, Math.max(2, o.workers));
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < o.games) {
      const i = next++;
      const s = await playThroughPool(pool, {
        gameId: `simulate-${i}`,
        mode: o.mode,
        seed: (o.seed + i) >>> 0,
        recruiter: o.recruiter as BotLevel,
        agents: o.agents as BotLevel,
        agentSeats: o.agentSeats,
        budgetMs: o.budgetMs,
        onDecision: ({ level, decision }) => {
          if (decision.cutoff) c.cutoffs++;
          if (decision.source !== 'ai') c.fallbacks++;
          if (bothRandom || level !== 'random') {
            c.ms.push(decision.waitMs + decision.runMs);
            (c.msByLevel[level] ??= []).push(decision.waitMs + decision.runMs);
          }
        },
      });
      if (!s.result) throw new Error(`game ${i} did not finish`);
      c.games++;
      if (s.result.winner === 'recruiter') c.wins++;
      c.reasons[s.result.reason] = (c.reasons[s.result.reason] ?? 0) + 1;
      progress(c.games);
    }
  };
  try {
    await Promise.all(Array.from({ length: lanes }, lane));
  } finally {
    await pool.close();
  }
  return c;
}
