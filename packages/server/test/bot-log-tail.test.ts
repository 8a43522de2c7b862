// Every bot decision structured-cloned the bot's whole view, log included, on the
// main thread (535 ms of a 17.6 s profile under load). A worker now gets only the log entries its
// session has not seen, and rebuilds the whole view; the decision is the one the whole view gives.
import { describe, expect, it } from 'vitest';
import { makeBot } from '@mindmgmt/ai';
import {
  type Action,
  apply,
  expectedSeats,
  type GameState,
  legalActions,
  newGame,
  randomInt,
  rngFrom,
  view,
} from '@mindmgmt/engine';
import { BotPool } from '../src/bots/pool.js';

/** A game played by random legal moves; every state on the way. */
function states(seed: number, n: number): GameState[] {
  let s = newGame({ mode: 'full', agentSeats: 1, recruiterCard: 'random' }, seed);
  const rng = rngFrom(seed);
  const out = [s];
  for (let i = 0; i < n && !s.result; i++) {
    const legal = legalActions(s, expectedSeats(s)[0]!);
    const r = apply(s, legal[randomInt(rng, legal.length)]!);
    if (r.ok) out.push((s = r.state));
  }
  return out;
}

describe('bot decisions send the log tail', () => {
  it('a worker gets only the entries it lacks, also after a cut-back and a reloaded state, and decides as on the whole view', async () => {
    const pool = new BotPool(1, 60_000);
    const sent: { logFrom: number; entries: number; whole: number }[] = [];
    const path = states(7, 60);
    // The same game reloaded (as after eviction): equal states, other event objects.
    const reloaded = JSON.parse(JSON.stringify(path)) as GameState[];
    const asked = [10, 20, 30, 40, 35, 50].map((i) => path[Math.min(i, path.length - 1)]!);
    asked.push(reloaded[Math.min(55, reloaded.length - 1)]!);
    try {
      for (const [k, s] of asked.entries()) {
        const seat = 0; // the recruiter's view: every entry, secrets included
        const v = view(s, seat);
        const legal = legalActions(s, expectedSeats(s)[0]!);
        const task = { gameId: 'g', seat, level: 'easy' as const, view: v, legal, seed: k, budgetMs: 30 };
        const decided = pool.decideDetailed(task);
        if (k === 0) {
          // Wrap the pinned worker's postMessage from the second decision on.
          const w = pool.workerOf('g')!;
          const post = w.postMessage.bind(w);
          w.postMessage = (m: { type: string; logFrom?: number; view?: { log: unknown[] } }) => {
            if (m.type === 'decide') sent.push({ logFrom: m.logFrom!, entries: m.view!.log.length, whole: -1 });
            post(m);
          };
        }
        const d = await decided;
        if (k > 0) sent[sent.length - 1]!.whole = v.log.length;
        const fresh = makeBot('easy', 'recruiter');
        const expected: Action = fresh.decide(v, legal, rngFrom(k), 30, () => {});
        if (!d.cutoff && !fresh.lastCutoff) expect(d.action).toEqual(expected);
      }
    } finally {
      await pool.close();
    }
    const [to20, to30, to40, back35, to50, reload] = sent;
    // Onward: only the new entries.
    for (const x of [to20, to30, to40]) {
      expect(x!.logFrom).toBeGreaterThan(0);
      expect(x!.logFrom + x!.entries).toBe(x!.whole);
      expect(x!.entries).toBeLessThan(x!.whole);
    }
    // Cut back (as by an undo): the whole log; then onward from it again.
    expect(back35).toMatchObject({ logFrom: 0 });
    expect(back35!.entries).toBe(back35!.whole);
    expect(to50!.logFrom).toBe(back35!.whole);
    // Other event objects (a reloaded game): the whole log, never a tail against another prefix.
    expect(reload).toMatchObject({ logFrom: 0 });
    expect(reload!.entries).toBe(reload!.whole);
  });
});
