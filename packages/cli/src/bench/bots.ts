// Bench: bot decision times as the server gets them. Every decision goes through the server's
// BotPool (worker threads, one session per game and seat, the production worker count, time limit
// and budget), with two games running at once, so the figures include message passing, session
// caches warming up per game, and the two games competing for the workers. One row per level in
// LEVELS (random excepted): bots.<level>DecisionP50Ms / P99Ms / MaxMs over at least 1,000
// decisions of that level (both sides play it), plus how many hit the time limit or the bots'
// own wall-clock safety cutoff. Decision time = queue wait + the worker's run.
import { LEVELS, percentile } from '@mindmgmt/ai';
import { BotPool, type BotLevel, DEFAULT_SERVICE_CONFIG, playThroughPool } from '@mindmgmt/server';

/** Games running at once (the figure: decision p99 with two games at once). */
const AT_ONCE = 2;

export async function benchBots(opts: { quick: boolean }): Promise<Record<string, number>> {
  const cfg = DEFAULT_SERVICE_CONFIG;
  const minDecisions = opts.quick ? 60 : 1000;
  const budgetMs = opts.quick ? 200 : cfg.botBudgetMs;
  const out: Record<string, number> = {};
  const r2 = (x: number) => Math.round(x * 100) / 100;
  for (const level of LEVELS.filter((l) => l !== 'random') as BotLevel[]) {
    const pool = new BotPool(cfg.botWorkers, cfg.botTimeLimitMs);
    const ms: number[] = [];
    let over = 0;
    let cutoff = 0;
    let next = 0;
    const lane = async (): Promise<void> => {
      while (ms.length < minDecisions) {
        const i = next++;
        await playThroughPool(pool, {
          gameId: `bench-${level}-${i}`,
          mode: 'full',
          seed: 9000 + i,
          recruiter: level,
          agents: level,
          budgetMs,
          onDecision: ({ decision: d }) => {
            ms.push(d.waitMs + d.runMs);
            if (d.source === 'best' || d.source === 'timeout') over++;
            if (d.cutoff) cutoff++;
          },
        });
      }
    };
    await Promise.all(Array.from({ length: AT_ONCE }, lane));
    await pool.close();
    out[`bots.${level}DecisionP50Ms`] = r2(percentile(ms, 50));
    out[`bots.${level}DecisionP99Ms`] = r2(percentile(ms, 99));
    out[`bots.${level}DecisionMaxMs`] = r2(Math.max(...ms));
    out[`bots.${level}Decisions`] = ms.length;
    out[`bots.${level}OverTimeLimit`] = over;
    out[`bots.${level}SafetyCutoffs`] = cutoff;
  }
  return out;
}
