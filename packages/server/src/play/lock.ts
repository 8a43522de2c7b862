// Per-game serialisation in-process: every read-modify-write of one game runs inside run().
export class Mutex {
  private tail: Promise<unknown> = Promise.resolve();
  private queued = 0;
  run<T>(fn: () => Promise<T> | T): Promise<T> {
    this.queued++;
    const r = this.tail.then(fn);
    this.tail = r.then(
      () => this.queued--,
      () => this.queued--,
    );
    return r;
  }
  get idle(): boolean {
    return this.queued === 0;
  }
}
