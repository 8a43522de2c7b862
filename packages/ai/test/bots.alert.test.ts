// The hard recruiter reads its coming red alert as the agents will (alert.ts, R11): the number it
// predicts is the number the engine reveals, and the agents' belief split by that number adds up
// to their belief without it.
import { apply, expectedSeats, type GameState, legalActions, type Loc, newGame, rngFrom, view } from '@mindmgmt/engine';
import { describe, expect, it } from 'vitest';
import { ALERT_COUNTS, alertBeliefs, alertCount, alertHour } from '../src/bots/alert.js';
import { computeBelief } from '../src/bots/belief.js';
import { geoFor } from '../src/bots/geo.js';
import { makeBot, seatRng } from '../src/bots/index.js';
import { NO_CUTOFF_MS } from './work-limited.js';

interface Arrival {
  readonly state: GameState;
  readonly hour: number;
  readonly from: Loc;
  readonly to: Loc;
  readonly predicted: number;
}

/** Full games of the easy bots: every recruiter arrival a red alert will count second. */
function arrivals(seed: number): { found: Arrival[]; revealed: Map<number, number> } {
  let s = newGame({ mode: 'full', agentSeats: 1, recruiterCard: 'choose' }, seed);
  const bots = [makeBot('easy', 'recruiter'), makeBot('easy', 'agents')];
  const rngs = [seatRng(seed, 0), seatRng(seed, 1)];
  const found: Arrival[] = [];
  while (!s.result) {
    const who = expectedSeats(s).find((x) => legalActions(s, x).length > 0)!;
    const legal = legalActions(s, who);
    const v = view(s, who);
    const a = bots[who]!.decide(v, legal, rngs[who]!, NO_CUTOFF_MS);
    if (who === 0 && s.phase === 'recruiterTurn' && (a.type === 'step' || a.type === 'mindSlip')) {
      const hour = alertHour(v);
      const from = v.recruiter!.at!;
      if (hour !== null) found.push({ state: s, hour, from, to: a.to, predicted: alertCount(v, from, a.to, hour) });
    }
    const r = apply(s, a);
    if (!r.ok) throw new Error(r.message);
    s = r.state;
  }
  const revealed = new Map(view(s, 1).recruits.revealed.map((r) => [r.time, r.count] as const));
  return { found, revealed };
}

describe('R11: the hard recruiter reads its coming red alert (alert.ts)', () => {
  const games = Array.from({ length: 12 }, (_, i) => arrivals(300 + i));

  it('R11: alertHour names the odd hours from 7 on, when the arrival is the second an alert counts', () => {
    const s = newGame({ mode: 'full', agentSeats: 1, recruiterCard: 'choose' }, 1);
    const at = (time: number) => alertHour({ ...view(s, 0), time });
    expect([5, 6, 7, 8, 9, 10, 14, 15].map(at)).toEqual([null, 7, null, 9, null, 11, 15, null]);
  });

  it('R11, R12: the count it predicts is the count the engine reveals at the end of that turn', () => {
    let checked = 0;
    let nonZero = 0;
    for (const g of games)
      for (const x of g.found) {
        const shown = g.revealed.get(x.hour);
        if (shown === undefined) continue; // the game ended in that turn (capture comes later; recruits)
        expect(x.predicted, `hour ${x.hour}`).toBe(shown);
        checked++;
        if (shown > 0) nonZero++;
      }
    expect(checked).toBeGreaterThan(20);
    expect(nonZero).toBeGreaterThan(5);
  });

  it('the agents\u2019 belief split by alert count sums to their belief without it, and keeps the truth', () => {
    let checked = 0;
    let narrowed = 0;
    for (const g of games.slice(0, 6))
      for (const x of g.found.slice(0, 3)) {
        const v = view(x.state, 1);
        const b = computeBelief(v, rngFrom(7), { samples: 300, nodeBudget: 120_000, weighCards: true });
        if (!b.worlds.some((w) => w.path.length && w.path[w.path.length - 1] === x.from)) continue;
        const geo = geoFor(v.mayhem);
        const by = alertBeliefs(b, geo, false, x.hour);
        expect(by.length).toBe(ALERT_COUNTS);
        // the plain step belief: each world to its unvisited steps, evenly
        const plain = new Float64Array(42);
        for (const w of b.worlds) {
          const here = w.path[w.path.length - 1]!;
          const dest = geo.step[here]!.filter((n) => !w.path.includes(n));
          for (const n of dest) plain[n]! += w.weight / b.total / dest.length;
        }
        for (let l = 0; l < 42; l++) {
          const sum = by.reduce((t, q) => t + q[l]!, 0);
          expect(sum).toBeCloseTo(plain[l]!, 9);
        }
        // a step the recruiter could take: the truth keeps some belief under its own count
        const mine = view(x.state, 0);
        const path = mine.recruiter!.path;
        const step = geo.step[x.from]!.find((n) => !path.includes(n));
        if (step === undefined) continue;
        const c = alertCount(mine, x.from, step, x.hour);
        const q = by[c]!;
        const mass = q.reduce((t, y) => t + y, 0);
        if (plain[step]! > 0) expect(q[step]!).toBeGreaterThan(0);
        if (mass < 0.999) narrowed++;
        checked++;
      }
    expect(checked).toBeGreaterThan(5);
    expect(narrowed).toBeGreaterThan(0);
  });
});
