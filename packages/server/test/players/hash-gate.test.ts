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

  it('is fair between keys: a key waits at most perKey, turns go round-robin, trusted callers first', async () => {
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

describe('hash gate lanes: per handle, per address, per network', () => {
  /** Jobs that finish when told, recording the order they ran in. */
  function jobs() {
    const order: string[] = [];
    const releases: (() => void)[] = [];
    const job = (name: string) => () =>
      new Promise<string>((resolve) => {
        order.push(name);
        releases.push(() => resolve(name));
      });
    const drain = async (n: number) => {
      for (let k = 0; k < n; k++) {
        await new Promise((r) => setTimeout(r, 0));
        releases.shift()!();
      }
    };
    return { order, job, drain };
  }
  const who = (lane: string, address: string, prefix = address.replace(/\.\d+$/, '.0/24')) => ({
    lane,
    address,
    prefix,
  });

  it('regression: a flood for one handle from many networks fills only its own lane; another handle waits one round', async () => {
    const gate = new HashGate(1, 4, 2, 2);
    const { order, job, drain } = jobs();
    const runs = [gate.run(job('x0'), who('x', '10.0.0.1'))];
    const flood = [1, 2, 3, 4, 5].map((i) => gate.run(job(`x${i}`), who('x', `10.0.${i}.1`)));
    const mine = gate.run(job('ann'), who('ann', '10.9.9.1'));
    // Lane x holds 2; its other three were refused at once.
    expect(await Promise.all(flood.slice(2))).toEqual([null, null, null]);
    await drain(4);
    expect(await mine).toBe('ann');
    await Promise.all([...runs, ...flood]);
    // x0 was running; ann's lane came up after one turn of x's.
    expect(order).toEqual(['x0', 'x1', 'ann', 'x2']);
  });

  it('regression: a flood for many handles from one network cannot keep a newcomer out; it pushes out that network’s newest', async () => {
    const gate = new HashGate(1, 3, 2, 2);
    const { order, job, drain } = jobs();
    const runs = [gate.run(job('f0'), who('h0', '10.0.0.1'))];
    const flood = [1, 2, 3, 4].map((i) => gate.run(job(`f${i}`), who(`h${i}`, `10.0.0.${i + 1}`)));
    // Full (3 waiting): the fourth of that network has no place.
    expect(await flood[3]).toBeNull();
    const mine = gate.run(job('ann'), who('ann', '10.9.9.1'));
    // f3, the network's newest, lost its place to ann.
    expect(await flood[2]).toBeNull();
    expect(gate.evicted).toBe(1);
    // bob's network too pushes one out (the flood's network still held two)...
    const bob = gate.run(job('bob'), who('bob', '10.8.8.1'));
    expect(await flood[1]).toBeNull();
    // ...but with every network holding one, a newcomer has no place.
    expect(await gate.run(job('cy'), who('cy', '10.7.7.1'))).toBeNull();
    expect(gate.evicted).toBe(2);
    const servedBefore = gate.served;
    await drain(4);
    expect(await mine).toBe('ann');
    expect(await bob).toBe('bob');
    await Promise.all([...runs, ...flood]);
    expect(order).toEqual(['f0', 'f1', 'ann', 'bob']);
    // ann was served within the hashes of the lanes ahead of it: running + waiting.
    expect(gate.served - servedBefore).toBeLessThanOrEqual(gate.running + gate.queued);
  });

  it('an address holds at most perAddress places whatever the handles', async () => {
    const gate = new HashGate(1, 10, 2, 2);
    const { job, drain } = jobs();
    const runs = ['a', 'b', 'c', 'd'].map((h) => gate.run(job(h), who(h, '10.0.0.1')));
    expect(await runs[3]).toBeNull();
    await drain(3);
    expect(await Promise.all(runs.slice(0, 3))).toEqual(['a', 'b', 'c']);
  });
});
