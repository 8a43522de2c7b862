// A cap on password hashes computing at once (scrypt: 32 MiB and ~0.3 s each, docs/players.md).
// At most `running` hashes run; up to `queued` more wait their turn; beyond that the request is
// refused at once ("busy") instead of piling up memory and latency.
export class HashGate {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly running: number,
    readonly queued: number,
  ) {}

  /** Runs `f` when a slot is free; null (f not run) when the queue is full. */
  async run<T>(f: () => Promise<T>): Promise<T | null> {
    if (this.active >= this.running) {
      if (this.waiting.length >= this.queued) return null;
      await new Promise<void>((r) => this.waiting.push(r));
    } else this.active++;
    try {
      return await f();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next in line (active stays the same).
      if (next) next();
      else this.active--;
    }
  }

  get busy(): number {
    return this.active + this.waiting.length;
  }
}
