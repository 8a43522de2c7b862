// Issue 11: one bot session per (game, seat). Games interleaved through the server's real BotPool
// at the production budget (1,000 ms, exact deduction on) make exactly the decisions a fresh bot
// makes for the same view and seed: no bot state leaks from one game into another, and no choice
// depends on how busy the machine was.
import { describe, expect, it } from 'vitest';
import { type Bot, makeBot } from '@mindmgmt/ai';
import { type Action, rngFrom } from '@mindmgmt/engine';
import { BotPool } from '../src/bots/pool.js';
import { DEFAULT_SERVICE_CONFIG } from '../src/games.js';
import { type Played, playThroughPool } from './bot-games.js';

const BUDGET_MS = DEFAULT_SERVICE_CONFIG.botBudgetMs;

/** A fresh bot's decision. The work limits are the same for every budget >= 700 ms (sampleWork;
 * exact deduction on), so when the loaded test machine makes the fresh bot hit its wall-clock
 * safety cutoff at 1,000 ms, the same decision is asked again with room to finish. */
function freshDecision(p: Played): Action {
  for (const budget of [BUDGET_MS, 4 * BUDGET_MS]) {
    const bot: Bot = makeBot(p.level as 'hard', p.seat === 0 ? 'recruiter' : 'agents');
    const a = bot.decide(p.view, p.legal, rngFrom(p.seed), budget);
    if (!bot.lastCutoff) return a;
  }
  throw new Error('fresh bot hit its safety cutoff even at 4x the budget');
}

describe('bot sessions (issue 11)', () => {
  it('regression: bots shared across games: interleaved games decide exactly as fresh bots', async () => {
    expect(BUDGET_MS).toBe(1000);
    // One worker, so all sessions of both games live side by side in it, as on a busy server.
    const pool = new BotPool(1, 60_000);
    const played: Played[] = [];
    const games = [
      { id: 'game-a', mode: 'full', seed: 11, recruiter: 'hard', agents: 'hard' },
      { id: 'game-b', mode: 'full', seed: 12, recruiter: 'hard', agents: 'hard' },
      { id: 'game-c', mode: 'training', seed: 13, recruiter: 'hard', agents: 'easy' },
    ] as const;
    await Promise.all(games.map((g) => playThroughPool(pool, g, BUDGET_MS, 70, (p) => played.push(p))));
    await pool.close();
    // the games really interleaved in the one worker
    let switches = 0;
    for (let i = 1; i < played.length; i++) if (played[i]!.gameId !== played[i - 1]!.gameId) switches++;
    expect(switches).toBeGreaterThan(played.length / 2);
    expect(played.some((p) => p.view.time >= 8)).toBe(true); // well into the hunt, not just setup
    let compared = 0;
    const mismatches: string[] = [];
    for (const p of played) {
      expect(p.decision.source).toBe('ai');
      // A pool decision cut by the bot's safety cutoff is reported as such and may differ.
      if (p.decision.cutoff) continue;
      compared++;
      const a = freshDecision(p);
      if (JSON.stringify(a) !== JSON.stringify(p.decision.action))
        mismatches.push(`${p.gameId} seq ${p.view.seq} seat ${p.seat}`);
    }
    expect(mismatches).toEqual([]);
    expect(compared).toBeGreaterThanOrEqual(played.length * 0.8);
  }, 600_000);
});
