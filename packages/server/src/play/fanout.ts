// Sending a game's subscribers their frames. Every fan-out goes through these two, so the order
// (a request's own answer first, carrying its id) is decided once: submit's events
// (play/master.ts), states after a start or a reload, notes, lobby and chat frames.
import type { Conn, Live, Viewer } from './live.js';

/** A frame (one JSON object) as the answer to a request: its `id` (the contract's `Answer`) added
 * to the text every viewer shares, so the frame is still serialised once. */
export function withRequestId(text: string, id: string | undefined): string {
  return id === undefined ? text : `${text.slice(0, -1)},"id":${JSON.stringify(id)}}`;
}

/** Every subscriber of g the same frame. */
export function sendAll(g: Live, text: string): void {
  for (const c of g.subs) c.send(text);
}

/** Each subscriber of g the frame of its viewer (`frameOf` is called once per connection; the
 * frames are cached per viewer by play/frames.ts; null: this viewer is shown nothing new, D12);
 * `actor`, when subscribed, first and with its request id. */
export function sendEach(
  g: Live,
  frameOf: (v: Viewer) => string | null,
  actor: Conn | null = null,
  id: string | undefined = undefined,
): void {
  if (actor && g.subs.has(actor)) {
    const text = frameOf(actor.viewer ?? 'spectator');
    if (text !== null) actor.send(withRequestId(text, id));
  }
  for (const c of g.subs)
    if (c !== actor) {
      const text = frameOf(c.viewer ?? 'spectator');
      if (text !== null) c.send(text);
    }
}
