// A lobby refusal in the player's language.
import { ApiError } from '../net/http.js';
import { LOBBYERRORS_EN } from '../i18n/en/lobbyerrors.js';

/** A refusal in the player's language when the lobby knows its code (i18n/en/lobbyerrors.ts),
 * else the server's code and English message. */
export function errText(e: unknown, t: (k: keyof typeof LOBBYERRORS_EN) => string): string {
  if (!(e instanceof ApiError)) return e instanceof Error ? e.message : String(e);
  const key = `le_${e.code}`;
  return key in LOBBYERRORS_EN ? t(key as keyof typeof LOBBYERRORS_EN) : `${e.code}: ${e.message}`;
}
