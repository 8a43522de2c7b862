// `simulate --pool`: every decision goes through the server's BotPool (worker threads, one bot
// session per game and seat, time limit counted from the worker's start), as the server makes
// them, instead of calling the bots in-process. Games run `lanes` at a time so they interleave
// in the pool like concurrent tables. Game i uses seed+i, as in-process simulation does.
import { ANY_BOT_FACTORY } from '@mindmgmt/ai/yardstick';
import { BotPool, DEFAULT_SERVICE_CONFIG } from '@mindmgmt/server';
import { playThroughPool } from './pool-game.js';
import { type Chunk, emptyChunk, type SimulateOptions } from './simulate-tally.js';

export async function runThroughPool(o: SimulateOptions, progress: (done: number) => void): Promise<Chunk> {
  const c = emptyChunk();
  // Simulations may play the frozen yardstick: a factory that also builds it.
  const pool = new BotPool(
    o.workers,
    DEFAULT_SERVICE_CONFIG.botTimeLimitMs,
    undefined,
    0,
    undefined,
    null,
    ANY_BOT_FACTORY,
  );
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
        recruiter: o.recruiter,
        agents: o.agents,
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
