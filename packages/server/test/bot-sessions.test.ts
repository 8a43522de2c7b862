// One bot session per (game, seat). Games interleaved through the server's real BotPool
// make exactly the decisions a fresh bot makes for the same view and seed: no bot state leaks from
// one game into another. Every decision is clock-free: at NO_CUTOFF_MS the hard
// bots do the production budget's work (it stops growing at 700 ms, exact deduction on) and their
// safety cutoff never fires, so nothing compared depends on how busy the machine is (regression:
// "fresh bot hit its safety cutoff even at 4x the budget" beside another CPU-heavy job).
import { describe, expect, it } from 'vitest';
import { type Bot, makeBot } from '@mindmgmt/ai';
import { type Action, rngFrom } from '@mindmgmt/engine';
import { NO_CUTOFF_MS } from '../../ai/test/work-limited.js';
import { BotPool } from '../src/bots/pool.js';
import { type Played, playThroughPool } from './bot-games.js';

/** A fresh bot's decision for the same view and seed. */
function freshDecision(p: Played): Action {
  const bot: Bot = makeBot(p.level as 'hard', p.seat === 0 ? 'recruiter' : 'agents');
  const a = bot.decide(p.view, p.legal, rngFrom(p.seed), NO_CUTOFF_MS);
  expect(bot.lastCutoff).toBeFalsy();
  return a;
}

describe('bot sessions', () => {
  it('regression: bots shared across games: interleaved games decide exactly as fresh bots', async () => {
    // One worker, so all sessions of both games live side by side in it, as on a busy server.
    const pool = new BotPool(1, 2 * NO_CUTOFF_MS);
    const played: Played[] = [];
    const games = [
      { id: 'game-a', mode: 'full', seed: 11, recruiter: 'hard', agents: 'hard' },
      { id: 'game-b', mode: 'full', seed: 12, recruiter: 'hard', agents: 'hard' },
      { id: 'game-c', mode: 'training', seed: 13, recruiter: 'hard', agents: 'easy' },
    ] as const;
    await Promise.all(games.map((g) => playThroughPool(pool, g, NO_CUTOFF_MS, 70, (p) => played.push(p))));
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
      expect(p.decision.cutoff).toBe(false);
      compared++;
      const a = freshDecision(p);
      if (JSON.stringify(a) !== JSON.stringify(p.decision.action))
        mismatches.push(`${p.gameId} seq ${p.view.seq} seat ${p.seat}`);
    }
    expect(mismatches).toEqual([]);
    expect(compared).toBe(played.length);
  }, 600_000);
});
