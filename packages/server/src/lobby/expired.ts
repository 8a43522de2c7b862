import type { GameRow } from '../store/types.js';

/** A lobby table nobody touched for `lobbyIdleMs` has expired: it can no longer be joined or
 * started and is not listed. */
export function expired(r: GameRow, lobbyIdleMs: number, now = Date.now()): boolean {
  return r.status === 'lobby' && now - r.updatedAt > lobbyIdleMs;
}
