// The bot worker pool: real @mindmgmt/ai bots when exported, legal actions, hard time limit.
import { describe, expect, it } from 'vitest';
import { apply, expectedSeats, legalActions, newGame, view } from '@mindmgmt/engine';
import { ANY_BOT_FACTORY } from '@mindmgmt/ai/yardstick';
import { BotPool } from '../src/bots/pool.js';
import { ManualClock } from './manual-clock.js';

describe('bot pool', () => {
  it('decides legal actions off the main thread for both sides and all levels', async () => {
    const pool = new BotPool(2, 10_000, () => {}, 0, new ManualClock()); // no time limit: every decision is the bot's
    let s = newGame({ mode: 'full', agentSeats: 1, recruiterCard: 'random' }, 5);
    // 40 decisions, or fewer if the bots end the game first (then every one of them is counted)
    let decisions = 0;
    for (let i = 0; i < 40 && !s.result; i++) {
      decisions++;
      const seat = expectedSeats(s)[0]!;
      const legal = legalActions(s, seat);
      const level = (['random', 'easy', 'hard'] as const)[i % 3];
      const a = await pool.decide({ gameId: 'g', seat, level, view: view(s, seat), legal, seed: i, budgetMs: 50 });
      expect(a).not.toBeNull();
      const r = apply(s, a);
      expect(r.ok).toBe(true);
      if (r.ok) s = r.state;
    }
    expect(decisions === 40 || s.result !== null).toBe(true);
    expect(pool.sources.ai + pool.sources.quick).toBe(decisions);
    expect(pool.sources.ai).toBeGreaterThan(0); // @mindmgmt/ai's makeBot is used
    await pool.close();
  });

  it('falls back to a legal action when the hard limit passes', async () => {
    const clock = new ManualClock();
    const pool = new BotPool(1, 1000, () => {}, 0, clock);
    const s = newGame({ mode: 'full', agentSeats: 1, recruiterCard: 'random' }, 5);
    const legal = legalActions(s, 0);
    const p = pool.decideDetailed({
      gameId: 'g',
      seat: 0,
      level: 'hard',
      view: view(s, 0),
      legal,
      seed: 1,
      budgetMs: 50,
    });
    clock.advance(1000);
    const d = await p;
    expect(d.source).toBe('timeout');
    expect(legal).toContainEqual(d.action);
    await pool.close();
  });

  it('builds the live levels only, unless its creator gives it a factory that knows the yardstick', async () => {
    const s = newGame({ mode: 'full', agentSeats: 1, recruiterCard: 'random' }, 5);
    const task = {
      gameId: 'g',
      seat: 0,
      level: 'yardstick',
      view: view(s, 0),
      legal: legalActions(s, 0),
      seed: 1,
      budgetMs: 50,
    } as const;
    const problems: string[] = [];
    const live = new BotPool(1, 10_000, (p) => problems.push(p), 0, new ManualClock()); // the server's
    const measuring = new BotPool(1, 10_000, () => {}, 0, new ManualClock(), null, ANY_BOT_FACTORY);
    try {
      const refused = await live.decideDetailed(task);
      expect(refused.source).toBe('quick');
      expect(problems).toEqual(['bot error: RangeError']);
      expect((await live.decideDetailed({ ...task, level: 'hard' })).source).toBe('ai');
      expect((await measuring.decideDetailed(task)).source).toBe('ai');
    } finally {
      await Promise.all([live.close(), measuring.close()]);
    }
  });
});
