// Server-side timings for the benchmark (main.ts prints them with SERVER_STATS_MS): how long an
// `act` frame takes from its arrival to the acknowledgement being handed to the socket. Bounded:
// at most MAX_SAMPLES between two reads.
const MAX_SAMPLES = 100_000;

export class AckTimes {
  private samples: number[] = [];

  add(ms: number): void {
    if (this.samples.length < MAX_SAMPLES) this.samples.push(ms);
  }

  /** The samples since the last call. */
  take(): number[] {
    const out = this.samples;
    this.samples = [];
    return out;
  }
}
