// Bench: decision time of the hard bots (1000 ms budget) playing a few games against easy bots.
import { percentile, playGame } from '@mindmgmt/ai';

export async function benchBots(opts: { quick: boolean }): Promise<Record<string, number>> {
  const games = opts.quick ? 1 : 4;
  const budgetMs = opts.quick ? 200 : 1000;
  const ms: number[] = [];
  for (let i = 0; i < games; i++) {
    const pairing =
      i % 2 === 0
        ? { recruiter: 'hard' as const, agents: 'easy' as const }
        : { recruiter: 'easy' as const, agents: 'hard' as const };
    const r = playGame({ mode: 'full', seed: 9000 + i, budgetMs, ...pairing });
    for (const t of r.timings) if (t.level === 'hard') ms.push(t.ms);
    if (opts.quick) {
      const r2 = playGame({ mode: 'full', seed: 9100 + i, budgetMs, recruiter: 'easy', agents: 'hard' });
      for (const t of r2.timings) if (t.level === 'hard') ms.push(t.ms);
    }
  }
  return { 'bots.hardDecisionP99Ms': Math.round(percentile(ms, 99) * 100) / 100 };
}
