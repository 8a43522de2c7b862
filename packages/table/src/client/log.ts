// The client's whole game log from `state` and `events` frames (docs/protocol.md, "Log in
// `events` frames").
import type { View } from '@mindmgmt/engine';

/**
 * The log after an `events` frame: its `view.log` holds the entries from index `logFrom` on.
 * `logFrom` 0 (or absent) replaces the log held; `logFrom` up to its length keeps that much and
 * appends; a gap cannot be merged (null: ask for a fresh `state`).
 */
export function mergeLog(held: View['log'], logFrom: number | undefined, entries: View['log']): View['log'] | null {
  if (logFrom === undefined || logFrom === 0) return entries;
  // A frame is typed, but it is still data from a socket: anything but a whole count is a frame
  // this client cannot place, so it asks for the state again.
  if (!Number.isInteger(logFrom) || logFrom < 0) return null;
  // An undo (D12) cuts the log back: `logFrom` is then shorter than the log held.
  if (logFrom > held.length) return null;
  return [...held.slice(0, logFrom), ...entries];
}
