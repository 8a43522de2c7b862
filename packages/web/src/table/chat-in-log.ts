// Table chat inside the game log (chat is "shown in the log and the replay"). Each
// message carries `logAt`, the number of log entries there were when the server accepted it (the
// same for every seat: only secret details of entries differ), so it goes right after them.
// Pure, so the placing is testable without a page.
import type { ChatMessage } from '../net/chat-state.js';

export type LogItem<E> = { kind: 'event'; i: number; e: E } | { kind: 'chat'; m: ChatMessage };

/**
 * The log's entries with the chat messages interleaved where they were said. `until`: the replay
 * shows only what had been said by its frame (messages after `log.length` entries are left out);
 * the live table keeps a message that got ahead of its events at the end. A message without a
 * position (stored before positions existed) goes at the end.
 */
export function interleave<E>(
  log: readonly E[],
  messages: readonly ChatMessage[],
  mode: 'live' | 'until' = 'live',
): LogItem<E>[] {
  const at = (m: ChatMessage) => (m.logAt == null ? log.length : Math.min(m.logAt, log.length));
  const said = (mode === 'until' ? messages.filter((m) => m.logAt != null && m.logAt <= log.length) : messages)
    .slice()
    .sort((a, b) => at(a) - at(b) || a.n - b.n);
  const out: LogItem<E>[] = [];
  let k = 0;
  for (let i = 0; i <= log.length; i++) {
    while (k < said.length && at(said[k]!) <= i) out.push({ kind: 'chat', m: said[k++]! });
    if (i < log.length) out.push({ kind: 'event', i, e: log[i]! });
  }
  return out;
}
