// Appending one action, and announcing it to the other instances, in ONE message to PostgreSQL:
//
//   BEGIN; SELECT set_config('mm.appended', mm_append_clock(...)::text, false); COMMIT;
//   SELECT pg_notify('mm_<schema>_c', '<sealed commit>') WHERE current_setting('mm.appended') = 'true'
//
// - The append (mm_append_clock, migration 113: advisory lock on the game, compare-and-set on its
//   seq, the action, a snapshot every so often) commits, with its fsync, before anything is
//   acknowledged or announced.
// - The announcement is a transaction of its own, after that commit: a NOTIFY inside the append's
//   transaction would serialise the commits of every game (PostgreSQL holds a database-wide lock
//   from a notifying transaction's pre-commit until its commit record is flushed; migration 002).
//   A notify-only transaction writes no WAL of its own, so it costs no second flush.
// - Both in one message, run back to back by the append's own backend: the other instances hear
//   of the commit without waiting for this instance's event loop to read the append's answer and
//   then for a second backend (a notifier connection) to run the NOTIFY: two process wake-ups and
//   one round trip less on the path of every move between instances, which on a busy machine are
//   waits for a core each.
// - Announced only when the append went through (a stale append sets 'false': nothing is sent).
//   A game's announcements arrive in seq order: n's NOTIFY is queued microseconds after n's commit,
//   before its answer, and n+1 is decided on a state that includes n (a receiver that still got
//   them out of order sees a gap and reads the store).
// - The price: the append's answer comes after its NOTIFY too (one message has one answer), so
//   an acknowledgement also waits for PostgreSQL's notify lock, which every appending backend now
//   takes in turn (a few microseconds each, more when the holder waits for a core).
//
// The message is a simple query (the extended protocol takes one statement per message), so the
// values are written as literals: strings through the driver's escaping, numbers checked to be
// integers.
import pg from 'pg';
import type { AckTimes } from '../../metrics/ack-times.js';
import type { AppendInput } from '../types.js';
import { sealCommit } from './seal.js';

export interface Announcer {
  readonly key: Buffer;
  /** "mm_<schema>": the seal's associated data; commits go on "<channel>_c". */
  readonly channel: string;
}

const lit = (s: string): string => pg.escapeLiteral(s);

function int(v: number | null | undefined): string {
  if (v === null || v === undefined) return 'NULL';
  if (!Number.isSafeInteger(v)) throw new Error(`not an integer: ${v}`);
  return String(v);
}

/** The one message: append, commit, announce. Exported for the test of its shape. */
export function appendMessage(to: Announcer, a: AppendInput): string {
  const text = (v: unknown) => (v === null || v === undefined ? 'NULL' : lit(JSON.stringify(v)));
  const sealed = sealCommit(to.key, to.channel, a.gameId, {
    seq: a.expectedSeq + 1,
    action: a.action,
    deadline: a.deadline,
    at: a.at,
    clock: a.clock ?? null,
    ...(a.start ? { start: a.start } : {}),
  });
  const args = [
    lit(a.gameId),
    int(a.expectedSeq),
    text(a.action),
    int(a.at),
    int(a.deadline?.at),
    int(a.deadline?.seat),
    text(a.result),
    text(a.snapshot),
    text(a.clock),
    text(a.start),
  ].join(',');
  return (
    `BEGIN;SELECT set_config('mm.appended',mm_append_clock(${args})::text,false) AS ok;COMMIT;` +
    `SELECT pg_notify(${lit(`${to.channel}_c`)},${lit(sealed)}) ` +
    `WHERE current_setting('mm.appended')='true'`
  );
}

/** Appends and announces on a connection of `pool`; 'stale' when the game's seq had moved on. */
export async function appendAndAnnounce(
  pool: pg.Pool,
  to: Announcer,
  a: AppendInput,
  waits: AckTimes | null,
): Promise<'ok' | 'stale'> {
  const t0 = performance.now();
  const c = await pool.connect();
  waits?.add(performance.now() - t0);
  let results: pg.QueryResult<{ ok: string }>[];
  try {
    results = (await c.query<{ ok: string }>(appendMessage(to, a))) as unknown as pg.QueryResult<{ ok: string }>[];
  } catch (e) {
    // A connection that failed mid-message (possibly inside the BEGIN block) is dropped, not
    // handed out again.
    c.release(e instanceof Error ? e : true);
    throw e;
  }
  c.release();
  return results[1]!.rows[0]!.ok === 'true' ? 'ok' : 'stale';
}
