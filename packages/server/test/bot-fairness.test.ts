// Fair bots, over the real BotPool and real @mindmgmt/ai bots: the time limit
// counts only a worker's own run, work is served round robin per game, a bot out of time plays its
// best move so far or its quick default (never a random move), and a crashed worker's sessions are
// recreated.
import { describe, expect, it } from 'vitest';
import { makeBot, quickMove } from '@mindmgmt/ai';
import { type Action, rngFrom } from '@mindmgmt/engine';
import { BotPool, type Decision } from '../src/bots/pool.js';
import { agentTurnPositions } from './bot-games.js';
import { ManualClock } from './manual-clock.js';

const BUDGET_MS = 1000;
const positions = [41, 42, 43].flatMap((seed) => agentTurnPositions(seed, 7));

function task(gameId: string, i: number, seed = i) {
  const p = positions[i % positions.length]!;
  return { gameId, seat: 1, level: 'hard' as const, view: p.view, legal: p.legal, seed, budgetMs: BUDGET_MS };
}

describe('fair bots', () => {
  it('has positions to play', () => {
    expect(positions.length).toBeGreaterThanOrEqual(3);
  });

  it('regression: queue waiting counted against the bot time limit', async () => {
    // The pool's clock is the test's: it moves 0.4 limits each time a decision is served (time the
    // waiting decisions spend in the queue) and never while one runs. Each run then sees at most
    // 0.4 limits pass, so none may time out, while the last of the queue waits 6 limits.
    // (this was checked against the machine's clock, sized by probe runs, and failed
    // whenever a run under load took over four probe runs.)
    const clock = new ManualClock();
    const LIMIT = 1000;
    const STEP = 400;
    const pool = new BotPool(1, LIMIT, () => {}, 0, clock);
    const n = 16;
    const ds = await Promise.all(
      Array.from({ length: n }, (_, i) =>
        pool.decideDetailed(task(`g${i}`, i % 12)).then((d) => {
          clock.advance(STEP);
          return d;
        }),
      ),
    );
    await pool.close();
    // decision i starts as i-1 ends, before the clock moves for i-1: it waited i-1 steps
    expect(ds.map((d) => d.waitMs)).toEqual(ds.map((_, i) => Math.max(0, i - 1) * STEP));
    expect(ds[n - 1]!.waitMs).toBeGreaterThan(5 * LIMIT);
    expect(ds.map((d) => d.source)).toEqual(ds.map(() => 'ai'));
    expect(pool.sources.timeout + pool.sources.best).toBe(0);
    expect(clock.armed).toBe(0); // every served decision's alarm was cancelled
  });

  it('a run that passes the time limit on the pool clock is stopped and replaced', async () => {
    const clock = new ManualClock();
    const pool = new BotPool(1, 1000, () => {}, 0, clock);
    const first = pool.decideDetailed(task('slow', 0)); // handed to the (new) worker at once
    const second = pool.decideDetailed(task('next', 1));
    clock.advance(999);
    clock.advance(1); // the first run's limit: the second starts now, on a fresh worker
    const d1 = await first;
    expect(d1.source).toBe('timeout'); // no message from the worker came in between
    expect(d1.runMs).toBe(1000);
    const d2 = await second;
    expect(d2.source).toBe('ai');
    expect(d2.waitMs).toBe(1000);
    expect(d2.worker).not.toBe(d1.worker);
    await pool.close();
  });

  it("regression: one game's backlog of bot work holds up an unrelated game", async () => {
    const pool = new BotPool(1, 60_000, () => {}, 0, new ManualClock()); // no time limit
    const order: string[] = [];
    const track = (p: Promise<Decision>, name: string) => p.then((d) => (order.push(name), d));
    // A storm: 8 decisions of one game queued at once, then one of another game.
    const storm = Array.from({ length: 8 }, (_, i) => track(pool.decideDetailed(task('storm', i, 100 + i)), 'storm'));
    const other = track(pool.decideDetailed(task('other', 0, 7)), 'other');
    await Promise.all([...storm, other]);
    await pool.close();
    // Round robin per game: the other game is served right after the storm's first decision.
    expect(order.indexOf('other')).toBe(1);
  });

  it("regression: one owner's many bot games delayed an unrelated owner's game (a bot storm)", async () => {
    // 24 addresses of one network started many tables of bots; an unrelated game's bot then moved
    // late, past its fixed release time. Here 10 storm games each queue a decision, then a game of
    // another owner queues one. The pool's clock moves one step each time a decision ends: with
    // service round robin over owners, the other game waits at most the decision in progress.
    const clock = new ManualClock();
    const STEP = 100;
    const pool = new BotPool(1, 60_000, () => {}, 0, clock); // one worker: the order is the service
    const done = (p: Promise<Decision>) =>
      p.then((d) => {
        clock.advance(STEP);
        return d;
      });
    const fast = (gameId: string, i: number, owner: string) => ({
      ...task(gameId, i),
      level: 'random' as const,
      owner,
    });
    const storm = Array.from({ length: 10 }, (_, i) => done(pool.decideDetailed(fast(`storm${i}`, i, '10.0.0.0/24'))));
    const other = done(pool.decideDetailed(fast('other', 0, '10.9.9.0/24')));
    const [ds, d] = await Promise.all([Promise.all(storm), other]);
    await pool.close();
    expect(d.waitMs).toBeLessThanOrEqual(STEP);
    // and the storm's own games still share their turns round robin among themselves
    expect(Math.max(...ds.map((x) => x.waitMs))).toBe(9 * STEP);
  });

  it("regression: under a storm a game was moved off its busy worker and rebuilt its bots' sessions cold", async () => {
    // Two workers: P (owner a) on the first, S (owner b) on the second. Then the first thinks for
    // Y (a hard bot) and the second for X (a random one, done first) while P and S ask again.
    // When X is done the second worker takes S, its own, and leaves P to its own worker, although
    // P's owner was served less recently: moving P would rebuild its sessions there.
    const pool = new BotPool(2, 60_000, () => {}, 0, new ManualClock());
    const fast = (gameId: string, owner: string, i: number) => ({
      ...task(gameId, i),
      level: 'random' as const,
      owner,
    });
    const [p1, s1] = await Promise.all([
      pool.decideDetailed(fast('P', 'a', 0)),
      pool.decideDetailed(fast('S', 'b', 1)),
    ]);
    expect(p1.worker).not.toBe(s1.worker);
    const first = pool.workerOf('P')!;
    const y = pool.decideDetailed({ ...task('Y', 2), owner: 'd' }); // the first worker (P's)
    let pinnedWhenXDone: unknown = null;
    const x = pool.decideDetailed(fast('X', 'c', 3)).then((d) => {
      pinnedWhenXDone = pool.workerOf('P'); // read after the second worker picked its next game
      return d;
    });
    const p2 = pool.decideDetailed(fast('P', 'a', 4));
    const s2 = pool.decideDetailed(fast('S', 'b', 5));
    expect(pool.waiting).toBe(2);
    const [dy, dx, ds] = await Promise.all([y, x, s2, p2]);
    expect(dy.worker).toBe(p1.worker);
    expect(dx.worker).toBe(s1.worker);
    expect(ds.worker).toBe(s1.worker);
    expect(pinnedWhenXDone).toBe(first);
    await pool.close();
  });

  it('says how far behind the workers are: the wait of the decision waiting longest', async () => {
    const clock = new ManualClock();
    const pool = new BotPool(1, 60_000, () => {}, 0, clock);
    const fast = (gameId: string) => ({ ...task(gameId, 0), level: 'random' as const });
    expect(pool.oldestWaitMs).toBe(0);
    const a = pool.decideDetailed(fast('a')); // the idle worker takes it at once
    clock.advance(300);
    const b = pool.decideDetailed(fast('b'));
    clock.advance(1200);
    const c = pool.decideDetailed(fast('c'));
    expect(pool.oldestWaitMs).toBe(1200); // b, waiting since 300
    await Promise.all([a, b, c]);
    expect(pool.oldestWaitMs).toBe(0); // none waits: a new decision is served at once
    await pool.close();
  });

  it('regression: a bot over the time limit played a random move (plays its quick default)', async () => {
    const clock = new ManualClock();
    const pool = new BotPool(1, 1000, () => {}, 0, clock);
    for (let i = 0; i < 3; i++) {
      const t = task(`q${i}`, i, 1000 + i);
      const p = pool.decideDetailed(t);
      clock.advance(1000); // out of time before the (fresh) worker could report a move
      const d = await p;
      expect(d.source).toBe('timeout');
      expect(d.action).toEqual(quickMove(t.view, t.legal));
    }
    await pool.close();
  });

  it('regression: a bot over the time limit played a random move (plays its best move so far)', async () => {
    // The hard agents report their best activation (onBest) as they evaluate each ready agent. The
    // pool's clock runs out the moment the first report reaches the main thread (a listener after
    // the pool's own, before the worker's next message), so the decision is stopped between its
    // first report and its end on every machine, and the pool must play the reported move.
    const p = positions.reduce((a, b) => (b.legal.length > a.legal.length ? b : a));
    const t = {
      gameId: 'best',
      seat: 1,
      level: 'hard' as const,
      view: p.view,
      legal: p.legal,
      seed: 5,
      budgetMs: BUDGET_MS,
    };
    const clock = new ManualClock();
    const pool = new BotPool(1, 1000, () => {}, 0, clock);
    try {
      const warm = await pool.decideDetailed(t); // the session's belief is cached: what is left is the agent loop
      expect(warm.source).toBe('ai');
      const decided = pool.decideDetailed({ ...t, seed: 7 });
      const reported: Action[] = [];
      pool.workerOf('best')!.on('message', (m: { type: string; action?: Action }) => {
        if (m.type !== 'best') return;
        reported.push(m.action!);
        if (reported.length === 1) clock.advance(1000);
      });
      const d = await decided;
      expect(d.source).toBe('best');
      expect(reported).toHaveLength(1);
      expect(d.action).toEqual(reported[0]);
      expect(t.legal).toContainEqual(d.action);
      expect(d.action!.type).toBe('activate');
    } finally {
      await pool.close();
    }
  });

  it("regression: a crashed worker lost its games' bots (sessions are recreated)", async () => {
    const pool = new BotPool(1, 60_000, () => {}, 0, new ManualClock()); // no time limit
    const t = task('crash', 1, 9);
    const warm = await pool.decideDetailed(t); // session exists on the worker
    const worker = pool.workerOf('crash')!;
    const p = pool.decideDetailed({ ...t, seed: 10 }); // handed to the worker at once (it is idle)
    await worker.terminate(); // killed with the decision in hand, from outside
    const d = await p;
    expect(d.source).toBe('ai'); // retried on a fresh worker with a fresh session
    expect(pool.sources.retried).toBe(1);
    expect(d.worker).not.toBe(warm.worker);
    // same decision as a fresh bot (4x budget: same work limits, room for a loaded machine)
    const fresh = makeBot('hard', 'agents');
    const want = fresh.decide(t.view, t.legal, rngFrom(10), 4 * BUDGET_MS);
    if (!d.cutoff && !fresh.lastCutoff) expect(d.action).toEqual(want);
    // and the game goes on
    const next = await pool.decideDetailed({ ...t, seed: 11 });
    expect(next.source).toBe('ai');
    await pool.close();
  });

  it("forget drops a game's sessions and its waiting decisions", async () => {
    const pool = new BotPool(1, 60_000, () => {}, 0, new ManualClock()); // no time limit
    const a = pool.decideDetailed(task('keep', 0));
    const b = pool.decideDetailed(task('keep', 1));
    pool.forget('keep'); // the first is running, the second waits
    const [da, db] = await Promise.all([a, b]);
    expect(da.source).toBe('ai');
    expect(db.source).toBe('dropped');
    expect(db.action).toEqual(quickMove(task('keep', 1).view, task('keep', 1).legal));
    expect(pool.sessions).toBe(0);
    await pool.close();
  });
});
