// A flood of notices never turns into a queue without end or a late flood. The send
// queue holds at most `queued` waiting jobs with `running` at once, and each message spends the
// profile's and the server's budget; what is over is dropped and counted, never kept.
import { describe, expect, it } from 'vitest';
import { SendQueue } from '../../src/notify/queue.js';

describe('notification send queue', () => {
  it('a full queue drops new jobs (counted) and runs the kept ones; the server-wide budget drops messages of every profile', async () => {
    const q = new SendQueue(
      { queued: 2, running: 1, perProfile: { burst: 5, perMin: 0 }, total: { burst: 3, perMin: 0 } },
      () => undefined,
    );
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const ran: number[] = [];
    const job = (n: number) => async () => {
      await gate;
      ran.push(n);
    };
    // One running, two waiting: the fourth and fifth are dropped at once.
    expect([1, 2, 3, 4, 5].map((n) => q.offer(job(n)))).toEqual([true, true, true, false, false]);
    expect(q.counts.droppedQueueFull).toBe(2);
    release();
    await q.idle();
    expect(ran).toEqual([1, 2, 3]);
    // Three messages server-wide, whoever they are for; a profile's own budget is separate.
    expect(['a', 'b', 'c', 'd', 'a'].map((p) => q.mayMessage(p))).toEqual([true, true, true, false, false]);
    expect(q.counts.droppedServerCap).toBe(2);
  });

  it('one profile cannot spend more than its own budget, and leaves the others theirs', () => {
    const q = new SendQueue(
      { queued: 10, running: 1, perProfile: { burst: 2, perMin: 0 }, total: { burst: 100, perMin: 0 } },
      () => undefined,
    );
    expect(['a', 'a', 'a', 'b'].map((p) => q.mayMessage(p))).toEqual([true, true, false, true]);
    expect(q.counts.droppedProfileCap).toBe(1);
  });
});
