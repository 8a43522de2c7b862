// The sampled beliefs the agents' bots of one expert session compute, kept for the next of them:
// the recruiter's planner simulates two styles of agents, a deeper lookahead and then its next
// decisions, and they meet the same public views again (a step's destination is hidden), while a
// bot's own cache holds its last belief only. Keys hold every input, so a hit is exactly what a
// fresh computation gives and every decision stays the same. One per (game, seat) session, never
// shared between games; bounded (64 beliefs of at most 700 worlds), the oldest going first.
import type { Belief, BeliefOptions, Constraints } from './belief.js';

/** A belief's sampled part: what `samplePaths` and `weighByCards` make of a view. */
export type Sampled = Omit<Belief, 'c'>;

/** Sampled beliefs by `samplingKey`: only complete ones (none the safety cutoff stopped). */
export class BeliefMemo {
  private readonly m = new Map<string, Sampled>();
  /** Beliefs taken from the memo (a figure for tests and tuning). */
  hits = 0;
  constructor(private readonly cap = 64) {}
  get(key: string): Sampled | undefined {
    const b = this.m.get(key);
    if (b) this.hits++;
    return b;
  }
  set(key: string, b: Sampled): void {
    if (this.m.size >= this.cap) this.m.delete(this.m.keys().next().value!);
    this.m.set(key, b);
  }
  clear(): void {
    this.m.clear();
  }
}

/**
 * The sampling's inputs: the seed, the work, and every constraint but the opponent model's facts
 * (`turns`, `escortMisses`: a belief taken from the memo carries the caller's own constraints).
 */
export function samplingKey(c: Constraints, seed: string, o: BeliefOptions): string {
  const { turns: _turns, escortMisses: _misses, geo, ...sampled } = c;
  return JSON.stringify([seed, o.samples, o.nodeBudget, o.weighCards, geo.key, sampled], (_k, x: unknown) =>
    x instanceof Set
      ? [...(x as Set<unknown>)].sort()
      : x instanceof Map
        ? [...(x as Map<unknown, unknown>)]
        : ArrayBuffer.isView(x)
          ? Array.from(x as Int8Array)
          : x,
  );
}
