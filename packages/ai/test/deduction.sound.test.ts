// Soundness of the deduction engine on full-length random games (both modes): at every agents'
// decision point the true location, the true recruiter card, each true feature card and the
// true 2nd-mind-slip status keep a positive share, and every past location stays possible at its time; and the incremental engine agrees with a
// one-shot deduction at the end. Agents are biased toward asking, revealing, scanning,
// capturing and shaking down, so those facts (and the Dolphin, extra-move step tokens, mind
// slips, the 2nd token, boxed-in endings) occur in long games too.
import { type GameState, view } from '@mindmgmt/engine';
import { describe, expect, it } from 'vitest';
import {
  agentsDecide,
  type Bias,
  Deduction,
  deduce,
  INFORMATIVE_BIAS,
  randomGame,
  UNIFORM_TYPE_BIAS,
} from '../src/index.js';

const tick = (): Promise<void> => new Promise((r) => setImmediate(r));
const SCALE = Number(process.env.DEDUCTION_SCALE ?? 1);

function checkTruth(d: Deduction, s: GameState, what: string): void {
  const b = d.update(view(s, 1));
  const truth = s.path[s.path.length - 1];
  if (truth === undefined) return;
  expect(b.possible[truth], `${what}: true location`).toBe(true);
  expect(b.histories).toBeGreaterThan(0);
  for (const f of s.cards) expect(b.cardShares[f], `${what}: card ${f}`).toBeGreaterThan(0);
  if (s.recruiterCard) expect(b.recruiterCardShares[s.recruiterCard], `${what}: recruiter card`).toBeGreaterThan(0);
  if (s.secondMindSlipHeld) expect(b.secondMindSlipHeldShare, `${what}: 2nd token held`).toBeGreaterThan(0);
  else expect(b.secondMindSlipHeldShare, `${what}: 2nd token not held`).toBeLessThan(1);
  const total = b.weights.reduce((a, w) => a + w, 0);
  expect(total).toBe(b.histories);
  // every past location stays possible at its time (the hard recruiter asks whether the agents
  // could have thought it under an immortal it moved then), and the latest time is the belief's
  for (let t = 1; t <= s.path.length; t++) expect(d.possibleAt(t)[s.path[t - 1]!], `${what}: time ${t}`).toBe(true);
  expect(d.possibleAt(s.path.length)).toEqual(b.possible);
}

async function run(
  mode: 'training' | 'full',
  seeds: number,
  seed0: number,
  bias: Bias,
  stats: Record<string, number>,
): Promise<void> {
  for (let seed = seed0; seed < seed0 + seeds; seed++) {
    const d = new Deduction();
    const last = randomGame({
      mode,
      seed,
      bias,
      onState: (s) => {
        if (s.path.length > 0 && agentsDecide(s)) {
          checkTruth(d, s, `${mode} seed ${seed} time ${s.time}`);
          stats.points! += 1;
        }
      },
    });
    checkTruth(d, last, `${mode} seed ${seed} end`);
    await tick(); // keep the worker responsive (vitest RPC) during long loops
    // Incremental (layers rebuilt after reveals, caches built under an older global card set)
    // == one-shot (everything known from the start).
    const inc = d.belief();
    const one = deduce(view(last, 'spectator'));
    expect(inc.weights).toEqual(one.weights);
    expect(inc.histories).toBe(one.histories);
    for (const [f, share] of Object.entries(one.cardShares))
      expect(inc.cardShares[f as keyof typeof inc.cardShares], f).toBeCloseTo(share, 12);
    expect(inc.secondMindSlipHeldShare).toBeCloseTo(one.secondMindSlipHeldShare, 12);
    for (const e of last.history) stats[e.pub.kind] = (stats[e.pub.kind] ?? 0) + 1;
    if (last.result) stats[`over:${last.result.reason}`] = (stats[`over:${last.result.reason}`] ?? 0) + 1;
  }
}

describe('deduction is sound on full random games', () => {
  it('Full games, informative agents', { timeout: 600_000 }, async () => {
    const stats: Record<string, number> = { points: 0 };
    await run('full', Math.round(50 * SCALE), 1, INFORMATIVE_BIAS, stats);
    expect(stats.revealed).toBeGreaterThan(20);
    expect(stats.scanned).toBeGreaterThan(20);
    console.log('full informative:', JSON.stringify(stats));
  });
  it('Full games, uniform random agents', { timeout: 600_000 }, async () => {
    const stats: Record<string, number> = { points: 0 };
    await run('full', Math.round(20 * SCALE), 10_001, UNIFORM_TYPE_BIAS, stats);
    console.log('full uniform:', JSON.stringify(stats));
  });
  it('Training games, informative agents', { timeout: 600_000 }, async () => {
    const stats: Record<string, number> = { points: 0 };
    await run('training', Math.round(120 * SCALE), 20_001, INFORMATIVE_BIAS, stats);
    console.log('training informative:', JSON.stringify(stats));
  });
});
