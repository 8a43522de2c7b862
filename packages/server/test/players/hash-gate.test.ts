// The cap on password hashes (players/hash-gate.ts): at most `running` at once, `queued` waiting,
// beyond that refused at once (null) without running anything.
import { describe, expect, it } from 'vitest';
import { HashGate } from '../../src/players/hash-gate.js';

describe('hash gate', () => {
  it('runs at most 2 at once, queues 2, refuses the fifth; the queue drains in order', async () => {
    const gate = new HashGate(2, 2);
    let now = 0;
    let most = 0;
    const order: number[] = [];
    const releases: (() => void)[] = [];
    const job = (i: number) => () =>
      new Promise<number>((resolve) => {
        now++;
        most = Math.max(most, now);
        order.push(i);
        releases.push(() => {
          now--;
          resolve(i);
        });
      });
    const runs = [0, 1, 2, 3].map((i) => gate.run(job(i)));
    expect(await gate.run(job(4))).toBeNull();
    expect(gate.busy).toBe(4);
    for (let k = 0; k < 4; k++) {
      await new Promise((r) => setTimeout(r, 0));
      releases.shift()!();
    }
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect(order).toEqual([0, 1, 2, 3]);
    expect(most).toBe(2);
    expect(gate.busy).toBe(0);
  });

  it('a failing job frees its slot', async () => {
    const gate = new HashGate(1, 0);
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await gate.run(async () => 7)).toBe(7);
  });

  it('is fair between keys: a key waits at most perKey, turns go round-robin, trusted callers first (issue 29 §4)', async () => {
    const gate = new HashGate(1, 6, 2);
    const order: string[] = [];
    const releases: (() => void)[] = [];
    const job = (name: string) => () =>
      new Promise<string>((resolve) => {
        order.push(name);
        releases.push(() => resolve(name));
      });
    const runs = [gate.run(job('first'), 'a')];
    runs.push(gate.run(job('a1'), 'a'), gate.run(job('a2'), 'a'));
    expect(await gate.run(job('a3'), 'a')).toBeNull();
    runs.push(gate.run(job('b1'), 'b'), gate.run(job('c1'), 'c'), gate.run(job('dev'), 'd', true));
    for (let k = 0; k < 6; k++) {
      await new Promise((r) => setTimeout(r, 0));
      releases.shift()!();
    }
    await Promise.all(runs);
    expect(order).toEqual(['first', 'dev', 'a1', 'b1', 'c1', 'a2']);
    expect(gate.busy).toBe(0);
  });
});
