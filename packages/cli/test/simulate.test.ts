// The `simulate` rows that measure the expert: the expert and the frozen yardstick are accepted levels, and the
// summary carries the recruiter win rate with its Wilson 95% interval.
import { describe, expect, it } from 'vitest';
import { parseSimulateArgs, runSimulation, wilson95 } from '../src/simulate.js';

describe('simulate', () => {
  it('accepts expert and yardstick pairings and rejects unknown levels', () => {
    const o = parseSimulateArgs([
      'simulate',
      '--recruiter',
      'expert',
      '--agents',
      'yardstick',
      '--games',
      '3',
      '--json',
    ]);
    expect(typeof o).toBe('object');
    if (typeof o === 'object') expect([o.recruiter, o.agents]).toEqual(['expert', 'yardstick']);
    expect(typeof parseSimulateArgs(['--recruiter', 'grandmaster'])).toBe('string');
  });

  it('wilson95 matches the textbook interval', () => {
    // 8 of 20: 0.2189 - 0.6134 (Wilson score interval, z = 1.96)
    const [lo, hi] = wilson95(8, 20);
    expect(lo).toBeCloseTo(0.2188, 3);
    expect(hi).toBeCloseTo(0.6134, 3);
    expect(wilson95(0, 0)).toEqual([0, 1]);
  });

  it('plays a paired-seed row and reports it', async () => {
    const s = await runSimulation({
      mode: 'training',
      games: 2,
      recruiter: 'yardstick',
      agents: 'random',
      seed: 5,
      budgetMs: 30,
      agentSeats: 1,
      workers: 1,
    });
    expect(s.games).toBe(2);
    expect(s.recruiterWins + s.agentWins).toBe(2);
    expect(s.recruiterWinRate95[0]).toBeLessThanOrEqual(s.recruiterWinRate);
    expect(s.recruiterWinRate95[1]).toBeGreaterThanOrEqual(s.recruiterWinRate);
    expect([s.recruiter, s.agents]).toEqual(['yardstick', 'random']);
    expect(Object.keys(s.decisionMsByLevel)).toEqual(['yardstick']);
    expect(s.decisionMsByLevel.yardstick!.decisions).toBeGreaterThan(0);
  });

  it('--iterations: the work-limited mode parses, refuses --pool, and replays a row move for move', async () => {
    const o = parseSimulateArgs(['--recruiter', 'expert', '--agents', 'random', '--iterations', '40']);
    expect(typeof o === 'object' && o.iterations).toBe(40);
    expect(typeof parseSimulateArgs(['--iterations', '0'])).toBe('string');
    expect(typeof parseSimulateArgs(['--iterations', '40', '--pool'])).toBe('string');
    const row = {
      mode: 'training' as const,
      games: 1,
      recruiter: 'expert' as const,
      agents: 'random' as const,
      seed: 9,
      budgetMs: 1000,
      agentSeats: 1,
      workers: 1,
      pool: false,
      iterations: 40,
    };
    const a = await runSimulation(row);
    const b = await runSimulation(row);
    expect({ ...b, decisionMsP50: 0, decisionMsP99: 0, decisionMsByLevel: {} }).toEqual({
      ...a,
      decisionMsP50: 0,
      decisionMsP99: 0,
      decisionMsByLevel: {},
    });
    expect(a.decisionMsByLevel.expert!.decisions).toBe(b.decisionMsByLevel.expert!.decisions);
    // work-limited mode: no move may depend on the clock
    expect([a.safetyCutoffs, a.fallbacks]).toEqual([0, 0]);
  });
});
