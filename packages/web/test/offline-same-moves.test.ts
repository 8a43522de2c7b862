// The offline game's bots are the server's bots, not a copy. The same games (seeds)
// are played through the server's BotPool (worker_threads, packages/server/worker/bot-worker.mjs)
// and their decisions asked again, in the same order and with the same game id, of the bot worker
// the web build ships (local/bot-worker.ts, in Chromium): every move is the same. The levels whose
// decisions are deterministic, with a budget whose wall-clock cutoff never fires (their work is
// fixed by counts from 700 ms on: packages/ai/test/work-limited.ts).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BotPool } from '../../server/src/bots/pool.js';
import { type PoolDecision, playThroughPool } from '../../cli/src/pool-game.js';
import { NO_CUTOFF_MS } from '../../ai/test/work-limited.js';
import { buildAll, newPage, serverAndBrowser } from './helpers.js';

const env = serverAndBrowser();

const GAMES = [
  { gameId: 'same-hard', mode: 'training', seed: 31, recruiter: 'hard', agents: 'hard', max: 30 },
  { gameId: 'same-easy', mode: 'full', seed: 32, recruiter: 'easy', agents: 'random', max: 60 },
  { gameId: 'same-mixed', mode: 'training', seed: 33, recruiter: 'random', agents: 'easy', max: 60 },
] as const;

describe('offline bots make the server pool’s moves', () => {
  it('regression "a copy of the bots in the browser": the same seeds give the same moves in the browser worker and through the server pool (random, easy, hard)', async () => {
    const pool = new BotPool(1, NO_CUTOFF_MS);
    const asked: PoolDecision[] = [];
    try {
      for (const g of GAMES)
        await playThroughPool(pool, {
          gameId: g.gameId,
          mode: g.mode,
          seed: g.seed,
          recruiter: g.recruiter,
          agents: g.agents,
          budgetMs: NO_CUTOFF_MS,
          maxDecisions: g.max,
          onDecision: (d) => asked.push(d),
        });
    } finally {
      await pool.close();
    }
    // the bots thought (no fallback) and never stopped on the clock
    expect(asked.every((d) => d.decision.source === 'ai' && !d.decision.cutoff)).toBe(true);
    expect(new Set(asked.map((d) => d.level))).toEqual(new Set(['random', 'easy', 'hard']));

    const assets = path.join(buildAll(), 'assets');
    const workerFile = fs.readdirSync(assets).find((f) => /^bot-worker-[\w-]+\.js$/.test(f));
    expect(workerFile).toBeTruthy();
    const { server, browser } = env();
    const { ctx, page, errors } = await newPage(browser);
    try {
      await page.goto(server.url + '/');
      const requests = asked.map((d) => ({
        gameId: d.gameId,
        seat: d.seat,
        level: d.level,
        view: d.view,
        legal: d.legal,
        seed: d.seed,
        budgetMs: NO_CUTOFF_MS,
      }));
      const browserMoves = await page.evaluate(
        async ({ url, requests }) => {
          const w = new Worker(url, { type: 'module' });
          const out: unknown[] = [];
          for (let id = 0; id < requests.length; id++) {
            const done = new Promise<unknown>((resolve) => {
              w.onmessage = (e: MessageEvent<{ type: string; id: number; action: unknown; source: string }>) => {
                if (e.data.type === 'done' && e.data.id === id) resolve(e.data);
              };
            });
            w.postMessage({ type: 'decide', id, ...requests[id] });
            out.push(await done);
          }
          w.terminate();
          return out as { action: unknown; source: string; cutoff: boolean }[];
        },
        { url: `./assets/${workerFile}`, requests },
      );
      expect(browserMoves.map((m) => m.source)).toEqual(asked.map(() => 'ai'));
      expect(browserMoves.map((m) => m.action)).toEqual(asked.map((d) => d.decision.action));
      expect(errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
});
