// Bench figures for the offline solo game, in Chromium on this machine against the
// real server serving this build (only to install the app; then the network is cut):
// - web.offlineSoloFirstMoveMs: from opening the app offline (a new document at "#/", served by
//   the service worker's cache) to the bot's first move shown on the table, the "Play offline"
//   click made as soon as the button is there (the form's defaults: agents against the easy bot
//   recruiter, Training). Pace "instant" (a player's setting): the table's pacing pause would
//   otherwise be most of it. Median of RUNS, with the fastest and slowest (…MinMs, …MaxMs).
// - web.workerExpertDecisionP50Ms / P99Ms: the expert bot's decisions in the web build's bot
//   worker (local/bot-worker.ts) at the live budget, from the page's postMessage to its answer:
//   positions of games between easy bots, each game's positions in order under one game id (its
//   sessions warm as on a table). Median over RUNS of each run's percentile, with the range of the
//   runs in …Min/…Max.
import fs from 'node:fs';
import path from 'node:path';
import { LIVE_BOT_BUDGET_MS, makeBot } from '@mindmgmt/ai';
import { percentile } from '@mindmgmt/ai/yardstick';
import { type Action, apply, expectedSeats, legalActions, newGame, rngFrom, type View, view } from '@mindmgmt/engine';
import { chromium } from 'playwright-core';
import { serveBuild, webDist } from './web.js';

const RUNS = 3;

/** The page's globals used below (this package is typed without the DOM). */
interface Page {
  readonly navigator: { readonly serviceWorker: { readonly controller: unknown } };
  readonly document: { querySelector(s: string): { getAttribute(a: string): string | null } | null };
  readonly performance: { now(): number };
}
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

interface Position {
  readonly gameId: string;
  readonly seat: number;
  readonly view: View;
  readonly legal: Action[];
}

/** `perGame` positions of each of two games (Training and Full) between easy bots, in order. */
function positions(perGame: number, run: number): Position[] {
  const out: Position[] = [];
  for (const mode of ['training', 'full'] as const) {
    const seed = 900 + run * 2 + (mode === 'full' ? 1 : 0);
    let s = newGame({ mode, agentSeats: 1, recruiterCard: 'carl' }, seed);
    const bots = [makeBot('easy', 'recruiter'), makeBot('easy', 'agents')] as const;
    const all: Position[] = [];
    for (let n = 0; n < 2000 && !s.result; n++) {
      const seat = expectedSeats(s).find((x) => legalActions(s, x).length)!;
      const legal = legalActions(s, seat);
      const v = view(s, seat);
      if (legal.length > 1) all.push({ gameId: `bench-${mode}-${run}`, seat, view: v, legal });
      const a = bots[seat === 0 ? 0 : 1].decide(v, legal, rngFrom(seed * 31 + n), 600_000);
      const r = apply(s, { ...a, seat } as Action);
      if (!r.ok) throw new Error(r.message);
      s = r.state;
    }
    // spread over the whole game, in order
    const step = Math.max(1, Math.floor(all.length / perGame));
    for (let i = 0; i < all.length && out.length < (mode === 'training' ? perGame : 2 * perGame); i += step)
      out.push(all[i]!);
  }
  return out;
}

const median = (xs: readonly number[]) => percentile(xs, 50);
const r1 = (x: number) => Math.round(x * 10) / 10;

export async function benchWebOffline(opts: { quick: boolean }): Promise<Record<string, number>> {
  const dist = webDist();
  const workerFile = fs.readdirSync(path.join(dist, 'assets')).find((f) => /^bot-worker-[\w-]+\.js$/.test(f));
  if (!workerFile) throw new Error('no bot worker in the web build: has local/bots.ts changed?');
  const server = await serveBuild(dist);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const ctx = await browser.newContext({ serviceWorkers: 'allow', locale: 'en-US' });
    await ctx.addInitScript("localStorage.setItem('mm.pace', 'instant')");
    const page = await ctx.newPage();
    // installed once online: the service worker caches the shell
    await page.goto(server.base + '/');
    await page.locator('button[name=playOffline]').waitFor({ timeout: 60_000 });
    await page.waitForFunction(
      () => (globalThis as unknown as Page).navigator.serviceWorker.controller !== null,
      undefined,
      {
        timeout: 60_000,
      },
    );
    await ctx.setOffline(true);

    const first: number[] = [];
    for (let r = 0; r < RUNS; r++) {
      await page.goto('about:blank');
      await page.goto(server.base + '/#/');
      await page.locator('button[name=playOffline]').click({ timeout: 60_000 });
      const shown = await page.waitForFunction(
        () => {
          const g = globalThis as unknown as Page;
          const el = g.document.querySelector('[role=status][data-seq]');
          return el && Number(el.getAttribute('data-seq')) >= 1 ? g.performance.now() : false;
        },
        undefined,
        { polling: 'raf', timeout: 120_000 },
      );
      first.push((await shown.jsonValue()) as number);
    }
    process.stderr.write(`[bench] offline first bot move (ms): ${first.map(r1).join(' ')}\n`);

    const p50: number[] = [];
    const p99: number[] = [];
    const max: number[] = [];
    for (let r = 0; r < RUNS; r++) {
      const requests = positions(opts.quick ? 5 : 20, r).map((p, n) => ({
        ...p,
        level: 'expert',
        seed: n,
        budgetMs: LIVE_BOT_BUDGET_MS,
      }));
      const ms = await page.evaluate(
        async ({ url, requests }) => {
          // the page's globals (this package is typed without the DOM)
          const page = globalThis as unknown as {
            Worker: new (
              u: string,
              o: object,
            ) => {
              onmessage: ((e: { data: { type: string; id: number } }) => void) | null;
              postMessage(m: unknown): void;
              terminate(): void;
            };
          };
          const w = new page.Worker(url, { type: 'module' });
          const out: number[] = [];
          for (let id = 0; id < requests.length; id++) {
            const t0 = performance.now();
            await new Promise<void>((resolve) => {
              w.onmessage = (e) => {
                if (e.data.type === 'done' && e.data.id === id) resolve();
              };
              w.postMessage({ type: 'decide', id, ...requests[id] });
            });
            out.push(performance.now() - t0);
          }
          w.terminate();
          return out;
        },
        { url: `./assets/${workerFile}`, requests },
      );
      p50.push(percentile(ms, 50));
      p99.push(percentile(ms, 99));
      max.push(Math.max(...ms));
      process.stderr.write(
        `[bench] worker expert run ${r + 1}: ${ms.length} decisions, p50 ${r1(p50[r]!)} p99 ${r1(p99[r]!)} max ${r1(max[r]!)} ms\n`,
      );
    }
    await ctx.close();
    return {
      'web.offlineSoloFirstMoveMs': r1(median(first)),
      'web.offlineSoloFirstMoveMinMs': r1(Math.min(...first)),
      'web.offlineSoloFirstMoveMaxMs': r1(Math.max(...first)),
      'web.workerExpertDecisionP50Ms': r1(median(p50)),
      'web.workerExpertDecisionP50MinMs': r1(Math.min(...p50)),
      'web.workerExpertDecisionP50MaxMs': r1(Math.max(...p50)),
      'web.workerExpertDecisionP99Ms': r1(median(p99)),
      'web.workerExpertDecisionP99MinMs': r1(Math.min(...p99)),
      'web.workerExpertDecisionP99MaxMs': r1(Math.max(...p99)),
    };
  } finally {
    await browser.close();
    server.stop();
  }
}
