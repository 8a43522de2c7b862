// When the table's WebSocket tries again after it was lost (api.ts): a backoff from 0.5 s up to
// 8 s, except after a planned restart (close code 1012, docs/protocol.md "Close codes"), when
// the server, or another instance behind the same address, takes the table back at once.
import type { CloseRestart } from '@mindmgmt/server/protocol';

export const CLOSE_RESTART: CloseRestart = 1012;
const FIRST_MS = 500;
const MAX_MS = 8000;

/** The wait before the next attempt and the failed-attempt count after it. `closeCode`: the
 * lost socket's close code, null when it failed without one. */
export function nextAttempt(retry: number, closeCode: number | null): { delayMs: number; retry: number } {
  if (closeCode === CLOSE_RESTART) return { delayMs: 0, retry: 0 };
  return { delayMs: Math.min(MAX_MS, FIRST_MS * 2 ** retry), retry: retry + 1 };
}
