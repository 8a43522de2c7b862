// When the table's WebSocket tries again after it was lost (net/socket.ts), by how it ended (close codes:
// docs/protocol.md "Close codes", `CloseCodes` in @mindmgmt/table): a backoff from 0.5 s
// up to 8 s, except
// - after a planned restart (1012), when the server, or another instance behind the same address,
//   takes the table back at once: no wait, and the backoff starts over;
// - after the server closed it to make room (1013): coming straight back would only take another
//   spectator's place, so the next attempt waits 10-20 s, spread so that the spectators shed
//   together do not return together;
// - after no valid `hello` in time (4408) following a refusal the same `hello` would get again
//   (no such game, a token holding no place): the page shows the refusal, and reconnecting would
//   not change it, so there is no next attempt.
import type { CloseCodes } from '@mindmgmt/table';

export const CLOSE_RESTART: CloseCodes['restart'] = 1012;
const CLOSE_TRY_LATER: CloseCodes['tryLater'] = 1013;
const CLOSE_HELLO_TIMEOUT: CloseCodes['helloTimeout'] = 4408;
const TRY_LATER_MS = 10_000;
const FIRST_MS = 500;
const MAX_MS = 8000;
const FINAL_HELLO_REFUSALS: ReadonlySet<string> = new Set(['not_found', 'bad_token']);

/** The wait before the next attempt (null: none) and the failed-attempt count after it.
 * `closeCode`: the lost socket's close code, null when it failed without one; `random` in [0, 1);
 * `refusal`: the code of the last error frame this socket got since its last `lobby` frame. */
export function nextAttempt(
  retry: number,
  closeCode: number | null,
  random = 0,
  refusal: string | null = null,
): { delayMs: number | null; retry: number } {
  if (closeCode === CLOSE_RESTART) return { delayMs: 0, retry: 0 };
  if (closeCode === CLOSE_TRY_LATER) return { delayMs: TRY_LATER_MS * (1 + random), retry: retry + 1 };
  if (closeCode === CLOSE_HELLO_TIMEOUT && refusal !== null && FINAL_HELLO_REFUSALS.has(refusal))
    return { delayMs: null, retry };
  return { delayMs: Math.min(MAX_MS, FIRST_MS * 2 ** retry), retry: retry + 1 };
}
