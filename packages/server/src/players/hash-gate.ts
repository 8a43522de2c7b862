// A cap on password hashes computing at once (scrypt: 32 MiB and ~0.3 s each, docs/players.md),
// fair between callers (issue 29 §4). At most `running` hashes run; up to `queued` more wait;
// beyond that the request is refused at once ("busy") instead of piling up memory and latency.
// Waiting is fair: each key (a client address) may have at most `perKey` waiting, and the next
// slot goes round-robin over the keys waiting, so a hundred addresses flooding the queue hold a
// hundredth of it each and a new caller is served after at most one hash of each of them. A
// trusted caller (a device that signed in before, players/accounts-device.ts) waits in a lane of
// its own that is served first: a flood cannot queue in front of it.
export class HashGate {
  private active = 0;
  private readonly trusted: (() => void)[] = [];
  /** Waiting callers by key; a Map's order is the round-robin order. */
  private readonly byKey = new Map<string, (() => void)[]>();
  private untrustedWaiting = 0;

  constructor(
    readonly running: number,
    readonly queued: number,
    readonly perKey = 2,
  ) {}

  /** Runs `f` when a slot is free; null (f not run) when its queue (or its key's share) is full. */
  async run<T>(f: () => Promise<T>, key = '', trusted = false): Promise<T | null> {
    if (this.active >= this.running) {
      if (trusted) {
        if (this.trusted.length >= this.queued) return null;
        await new Promise<void>((r) => this.trusted.push(r));
      } else {
        const mine = this.byKey.get(key);
        if (this.untrustedWaiting >= this.queued || (mine?.length ?? 0) >= this.perKey) return null;
        this.untrustedWaiting++;
        await new Promise<void>((r) => (mine ? mine.push(r) : this.byKey.set(key, [r])));
      }
    } else this.active++;
    try {
      return await f();
    } finally {
      const next = this.next();
      // The slot passes straight to the next in line (active stays the same).
      if (next) next();
      else this.active--;
    }
  }

  private next(): (() => void) | undefined {
    const t = this.trusted.shift();
    if (t) return t;
    const first = this.byKey.entries().next();
    if (first.done) return undefined;
    const [key, waiters] = first.value;
    const w = waiters.shift()!;
    this.byKey.delete(key);
    if (waiters.length) this.byKey.set(key, waiters); // to the back of the round
    this.untrustedWaiting--;
    return w;
  }

  get busy(): number {
    return this.active + this.trusted.length + this.untrustedWaiting;
  }
}
