// Bench: bot decision times as the server gets them. Every decision goes through the server's
// BotPool (worker threads, one session per game and seat, the production worker count, time limit
// and budget), with two games running at once, so the figures include message passing, session
// caches warming up per game, and the two games competing for the workers. One row per level in
// LEVELS (random excepted): bots.<level>DecisionP50Ms / P99Ms / MaxMs over at least 1,000
// decisions of that level (both sides play it), plus how many hit the time limit or the bots'
// own wall-clock safety cutoff. Decision time = queue wait + the worker's run.
//
// Cold decisions are reported apart (bots.<level>ColdDecision*): a session's first decision in a
// game already under way, which is what a player waits for after a server restart or after the
// game's sessions were evicted. Every 5th position of the warm run is decided again under a game
// id no session has seen, so the bot builds its belief and deduction from the whole view. The
// workers themselves are warm (their code compiled by the warm run): a restarted process pays its
// first decisions' compilation on top of this.
import { LEVELS } from '@mindmgmt/ai';
import { percentile } from '@mindmgmt/ai/yardstick';
import type { BotLevel } from '@mindmgmt/table';
import { BotPool, type BotTask, type Decision, DEFAULT_SERVICE_CONFIG } from '@mindmgmt/server';
import { playThroughPool } from '../pool-game.js';

/** Games running at once (the figure: decision p99 with two games at once). */
const AT_ONCE = 2;
/** One cold sample per this many warm decisions. */
const COLD_EVERY = 5;

interface Times {
  ms: number[];
  over: number;
  cutoff: number;
}

function tally(t: Times, d: Decision): void {
  t.ms.push(d.waitMs + d.runMs);
  if (d.source === 'best' || d.source === 'timeout') t.over++;
  if (d.cutoff) t.cutoff++;
}

export async function benchBots(opts: { quick: boolean }): Promise<Record<string, number>> {
  const cfg = DEFAULT_SERVICE_CONFIG;
  const minDecisions = opts.quick ? 60 : 1000;
  const maxCold = opts.quick ? 12 : 200;
  const budgetMs = opts.quick ? 200 : cfg.botBudgetMs;
  const out: Record<string, number> = {};
  const r2 = (x: number) => Math.round(x * 100) / 100;
  const report = (key: string, t: Times) => {
    out[`bots.${key}P50Ms`] = r2(percentile(t.ms, 50));
    out[`bots.${key}P99Ms`] = r2(percentile(t.ms, 99));
    out[`bots.${key}MaxMs`] = r2(Math.max(...t.ms));
    out[`bots.${key}s`] = t.ms.length;
  };
  for (const level of LEVELS.filter((l) => l !== 'random') as BotLevel[]) {
    const pool = new BotPool(cfg.botWorkers, cfg.botTimeLimitMs);
    const warm: Times = { ms: [], over: 0, cutoff: 0 };
    const coldTasks: BotTask[] = [];
    let next = 0;
    const lane = async (): Promise<void> => {
      while (warm.ms.length < minDecisions) {
        const i = next++;
        await playThroughPool(pool, {
          gameId: `bench-${level}-${i}`,
          mode: 'full',
          seed: 9000 + i,
          recruiter: level,
          agents: level,
          budgetMs,
          onDecision: ({ decision: d, seat, view, legal, seed }) => {
            tally(warm, d);
            if (warm.ms.length % COLD_EVERY === 0 && coldTasks.length < maxCold)
              coldTasks.push({
                gameId: `bench-cold-${level}-${coldTasks.length}`,
                seat,
                level,
                view,
                legal,
                seed,
                budgetMs,
              });
          },
        });
      }
    };
    await Promise.all(Array.from({ length: AT_ONCE }, lane));
    const cold: Times = { ms: [], over: 0, cutoff: 0 };
    let k = 0;
    const coldLane = async (): Promise<void> => {
      while (k < coldTasks.length) {
        const task = coldTasks[k++]!;
        tally(cold, await pool.decideDetailed(task));
        pool.forget(task.gameId);
      }
    };
    await Promise.all(Array.from({ length: AT_ONCE }, coldLane));
    await pool.close();
    report(`${level}Decision`, warm);
    out[`bots.${level}OverTimeLimit`] = warm.over;
    out[`bots.${level}SafetyCutoffs`] = warm.cutoff;
    report(`${level}ColdDecision`, cold);
    out[`bots.${level}ColdOverTimeLimit`] = cold.over;
    out[`bots.${level}ColdSafetyCutoffs`] = cold.cutoff;
  }
  return out;
}
