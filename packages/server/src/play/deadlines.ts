// Deadlines and seat clocks: a table's time control (D13: real-time banks, or a time per move; the
// old turn timer is a time per move, R33, D7), or without one the inactivity limit after which an
// untouched game ends by timeout, so abandoned games do not stay active forever. Stored with the game, so they survive
// restarts and are claimed once in a cluster; play/timers.ts applies the passed ones.
import { expectedSeats, type GameState, type Seat } from '@mindmgmt/engine';
import type { Deadline, GameRow, SeatClock, StartInfo, TableOptions, TimeControl } from '../store/types.js';

type Seats = Pick<Omit<StartInfo, 'deadline'>, 'seats'>;

/** The table's time control: its own, or the old turn timer read as a time per move. */
export function timeControlOf(o: TableOptions): TimeControl | null {
  if (o.timeControl) return o.timeControl;
  return o.turnTimerSec ? { kind: 'move', sec: o.turnTimerSec } : null;
}

/** The turn deadline players see: only a time control's, never the inactivity limit's. */
export function shownDeadline(r: GameRow): number | null {
  return timeControlOf(r.options) ? (r.deadline?.at ?? null) : null;
}

/** Seats played by their own player now: people's seats no stand-in plays (D13). */
export function playedSeats(start: Seats): Seat[] {
  return start.seats.filter((x) => x.bot === null && !x.standIn).map((x) => x.seat);
}

/** D13: the seats whose time runs in `s`: the seats it waits on that their players play. */
export function runningSeats(start: Seats, s: GameState): Seat[] {
  if (s.result) return [];
  const played = playedSeats(start);
  return expectedSeats(s).filter((seat) => played.includes(seat));
}

/** A real-time table's banks at the start (D13); null for other tables. */
export function startClock(o: TableOptions, seats: number, at: number): SeatClock | null {
  const tc = timeControlOf(o);
  return tc?.kind === 'realtime' ? { banks: Array.from({ length: seats }, () => tc.bankSec * 1000), at } : null;
}

/** The game before and after a change: an action (the seats the same), or a seat change (the
 * state the same). */
export interface Moment {
  readonly start: Seats;
  readonly state: GameState;
}

/**
 * D13: the banks and the deadline after a change at `at` (an action, the start: `before` null,
 * or a stand-in taking or leaving a seat). Every seat that ran before spends the time since the
 * banks were last set (the agents' turn can wait on several seats: each of them spends); a seat
 * the game stops waiting on gets the increment. The deadline is the earliest of the running
 * seats' (null = none: the game is over or waits only on bots and stand-ins).
 */
export function timingAfter(
  inactiveMs: number,
  r: Pick<GameRow, 'options' | 'clock'>,
  before: Moment | null,
  after: Moment,
  at: number,
): { deadline: Deadline | null; clock: SeatClock | null } {
  const tc = timeControlOf(r.options);
  let clock = r.clock ?? null;
  if (tc?.kind === 'realtime' && clock) {
    const banks = [...clock.banks];
    if (before) {
      const ran = runningSeats(before.start, before.state);
      const elapsed = Math.max(0, at - clock.at);
      const waited = expectedSeats(after.state);
      for (const seat of ran) {
        banks[seat] = Math.max(0, (banks[seat] ?? 0) - elapsed);
        if (!waited.includes(seat)) banks[seat]! += tc.incSec * 1000;
      }
    }
    clock = { banks, at };
  }
  const running = runningSeats(after.start, after.state);
  if (!running.length) return { deadline: null, clock };
  // Without a time control the inactivity limit is the deadline: a game nobody plays on ends by
  // the timeout rules (R33, D7) instead of staying active forever.
  if (!tc) return { deadline: { at: at + inactiveMs, seat: running[0]! }, clock };
  if (tc.kind === 'move' || !clock)
    return { deadline: { at: at + (tc.kind === 'move' ? tc.sec : tc.bankSec) * 1000, seat: running[0]! }, clock };
  const banks = clock.banks;
  const seat = running.reduce((a, b) => ((banks[b] ?? 0) < (banks[a] ?? 0) ? b : a));
  return { deadline: { at: at + (banks[seat] ?? 0), seat }, clock };
}

/** The deadline after the start (null: the game waits only on bots). */
export function deadlineFor(inactiveMs: number, r: GameRow, s: GameState, now: number): Deadline | null {
  if (s.result || !r.start) return null;
  return timingAfter(inactiveMs, r, null, { start: r.start, state: s }, now).deadline;
}

/** D13: how long before its deadline a seat's time counts as running low (a reminder is sent):
 * a fifth of a real-time bank, at most a minute; a quarter of a time per move; never untimed. */
export function lowTimeMs(o: TableOptions): number | null {
  const tc = timeControlOf(o);
  if (!tc) return null;
  return tc.kind === 'realtime' ? Math.min(60_000, (tc.bankSec * 1000) / 5) : (tc.sec * 1000) / 4;
}
