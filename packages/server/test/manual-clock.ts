// A bot pool clock that moves only when a test advances it (a time limit checked by the
// machine's clock failed whenever the machine was slower than the test had measured). A pool on
// this clock has no time limit until the test advances it past one.
import type { BotClock } from '../src/bots/clock.js';

interface Alarm {
  readonly at: number;
  readonly fn: () => void;
  live: boolean;
}

export class ManualClock implements BotClock {
  private t = 0;
  private alarms: Alarm[] = [];

  now(): number {
    return this.t;
  }

  after(ms: number, fn: () => void): () => void {
    const a: Alarm = { at: this.t + ms, fn, live: true };
    this.alarms.push(a);
    return () => {
      a.live = false;
    };
  }

  /** Moves the clock on by `ms` and rings every alarm now due, earliest first. */
  advance(ms: number): void {
    this.t += ms;
    const due = this.alarms.filter((a) => a.live && a.at <= this.t).sort((a, b) => a.at - b.at);
    this.alarms = this.alarms.filter((a) => a.live && a.at > this.t);
    for (const a of due) {
      a.live = false;
      a.fn();
    }
  }

  /** When each alarm set and not yet rung or cancelled is due, in the order they were set. */
  get dueAt(): number[] {
    return this.alarms.filter((a) => a.live).map((a) => a.at);
  }

  /** Alarms set and not yet rung or cancelled. */
  get armed(): number {
    return this.alarms.filter((a) => a.live).length;
  }
}
