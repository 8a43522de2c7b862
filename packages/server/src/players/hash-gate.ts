// A cap on password hashes computing at once (scrypt: 32 MiB and ~0.3 s each, docs/players.md),
// fair between callers (docs/players.md "Sign-in under attack"). At most `running` hashes run; up
// to `queued` more wait; beyond that the request is refused at once ("busy") instead of piling up
// memory and latency.
//
// Waiting is fair by what is signed into: each handle (or player id) has a lane of its own holding
// at most `perLane`, and the next slot goes round-robin over the lanes, so a sign-in waits for at
// most one hash of each other handle however hard those are flooded. Each address may hold at most
// `perAddress` places in all the lanes. When every place is taken, a newcomer takes the place of the
// newest waiter of the network (IPv4 /24, IPv6 /48) that holds the most, as long as that network
// holds at least two more than the newcomer's (else the same by handle): a flood from a few
// networks, or for a few handles, cannot keep everyone else out of the queue; only a flood from as
// many networks as there are places, each for handles of its own, can. A trusted
// caller (a device that signed in before, players/accounts-device.ts) waits in a lane of its own
// that is served first: a flood cannot queue in front of it.

/** Who waits: the handle (or player id) signed into, the caller's address and its network. */
export interface HashCaller {
  readonly lane: string;
  readonly address: string;
  readonly prefix: string;
}

interface Waiter extends HashCaller {
  /** true: its turn; false: pushed out of the queue by a newcomer. */
  readonly wake: (served: boolean) => void;
}

export class HashGate {
  private active = 0;
  private readonly trusted: (() => void)[] = [];
  /** Waiting callers by lane; a Map's order is the round-robin order. */
  private readonly lanes = new Map<string, Waiter[]>();
  private readonly byAddress = new Map<string, number>();
  /** Waiting callers by network, oldest first. */
  private readonly byPrefix = new Map<string, Waiter[]>();
  private untrustedWaiting = 0;
  /** Hashes started, and waiters pushed out, since the gate was made (tests count turns by them). */
  served = 0;
  evicted = 0;

  constructor(
    readonly running: number,
    readonly queued: number,
    readonly perLane = 2,
    readonly perAddress = 2,
  ) {}

  /** Runs `f` when a slot is free; null (f not run) when there is no place for the caller in the
   * queue, or it lost its place to a newcomer. A string stands for lane, address and network. */
  async run<T>(f: () => Promise<T>, who: HashCaller | string = '', trusted = false): Promise<T | null> {
    if (this.active >= this.running) {
      if (trusted) {
        if (this.trusted.length >= this.queued) return null;
        await new Promise<void>((r) => this.trusted.push(r));
      } else {
        const c = typeof who === 'string' ? { lane: who, address: who, prefix: who } : who;
        const turn = this.wait(c);
        if (!turn || !(await turn)) return null;
      }
    } else this.active++;
    this.served++;
    try {
      return await f();
    } finally {
      const next = this.next();
      // The slot passes straight to the next in line (active stays the same).
      if (next) next();
      else this.active--;
    }
  }

  /** A place in the queue for `c` (a promise of its turn), or null when there is none. */
  private wait(c: HashCaller): Promise<boolean> | null {
    if ((this.lanes.get(c.lane)?.length ?? 0) >= this.perLane) return null;
    if ((this.byAddress.get(c.address) ?? 0) >= this.perAddress) return null;
    if (this.untrustedWaiting >= this.queued && !this.pushOutFor(c)) return null;
    let wake!: (served: boolean) => void;
    const turn = new Promise<boolean>((r) => (wake = r));
    const w: Waiter = { ...c, wake };
    const lane = this.lanes.get(c.lane);
    if (lane) lane.push(w);
    else this.lanes.set(c.lane, [w]);
    this.byAddress.set(c.address, (this.byAddress.get(c.address) ?? 0) + 1);
    const net = this.byPrefix.get(c.prefix);
    if (net) net.push(w);
    else this.byPrefix.set(c.prefix, [w]);
    this.untrustedWaiting++;
    return turn;
  }

  /** Frees a place for newcomer `c`: the newest waiter of the network holding the most, if that
   * is at least two more than `c`'s network holds; else the same by lane (handle). */
  private pushOutFor(c: HashCaller): boolean {
    for (const [groups, mine] of [
      [this.byPrefix, c.prefix],
      [this.lanes, c.lane],
    ] as const) {
      let most: Waiter[] | undefined;
      for (const ws of groups.values()) if (!most || ws.length > most.length) most = ws;
      if (!most || most.length < (groups.get(mine)?.length ?? 0) + 2) continue;
      const w = most[most.length - 1]!;
      this.forget(w);
      this.evicted++;
      w.wake(false);
      return true;
    }
    return false;
  }

  /** Takes `w` out of its lane, address and network. */
  private forget(w: Waiter): void {
    const drop = <K>(m: Map<K, Waiter[]>, k: K) => {
      const ws = m.get(k)!;
      ws.splice(ws.indexOf(w), 1);
      if (!ws.length) m.delete(k);
    };
    drop(this.lanes, w.lane);
    drop(this.byPrefix, w.prefix);
    const n = this.byAddress.get(w.address)! - 1;
    if (n) this.byAddress.set(w.address, n);
    else this.byAddress.delete(w.address);
    this.untrustedWaiting--;
  }

  private next(): (() => void) | undefined {
    const t = this.trusted.shift();
    if (t) return t;
    const first = this.lanes.entries().next();
    if (first.done) return undefined;
    const [key, waiters] = first.value;
    const w = waiters[0]!;
    this.forget(w);
    // To the back of the round (forget() dropped an emptied lane).
    if (this.lanes.has(key)) {
      this.lanes.delete(key);
      this.lanes.set(key, waiters);
    }
    return () => w.wake(true);
  }

  get busy(): number {
    return this.active + this.trusted.length + this.untrustedWaiting;
  }
}
