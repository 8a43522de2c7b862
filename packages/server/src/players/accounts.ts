// The identity flows the HTTP routes will call (docs/players.md, "Integration"), over a
// PlayerStore: first visit, who is this token, password, sign-in on another device, sign-out
// everywhere, delete. Each answers a value or a typed error with a sentence; none throws for bad
// input. Sign-in failures all read the same, whatever was wrong (no player, no password, wrong
// password), and cost the same scrypt work (identity.ts).
import {
  checkName,
  checkPassword,
  hashPassword,
  hashSecret,
  needsRehash,
  NEUTRAL_NAME,
  newPlayerId,
  newSession,
  SESSION_TTL_MS,
  verifyPassword,
} from './identity.js';
import type { PlayerRow, PlayerStore, SessionRow } from '../store/players/types.js';

export type AccountErrorCode =
  'bad_name' | 'bad_password' | 'sign_in_failed' | 'wrong_password' | 'not_confirmed' | 'no_player';

export interface AccountError {
  readonly ok: false;
  readonly code: AccountErrorCode;
  readonly message: string;
}

const fail = (code: AccountErrorCode, message: string): AccountError => ({ ok: false, code, message });
const SIGN_IN_FAILED = fail('sign_in_failed', 'That handle and password do not match.');

function sessionRow(playerId: string, now: number): { token: string; row: SessionRow } {
  const s = newSession(now);
  return {
    token: s.token,
    row: { tokenHash: s.tokenHash, playerId, createdAt: now, lastSeenAt: now, expiresAt: s.expiresAt },
  };
}

/** First visit: a new player and the token its browser keeps. */
export async function firstVisit(
  store: PlayerStore,
  rawName: unknown,
  now: number,
): Promise<{ ok: true; player: PlayerRow; token: string } | AccountError> {
  const n = checkName(rawName);
  if (!n.ok) return n;
  const player: PlayerRow = { id: newPlayerId(), name: n.name, createdAt: now, passwordHash: null, bot: null };
  const s = sessionRow(player.id, now);
  await store.createPlayer(player, s.row);
  return { ok: true, player, token: s.token };
}

/** The player a token belongs to (sliding its session), or null. */
export function whoIs(store: PlayerStore, token: string, now: number): Promise<PlayerRow | null> {
  if (typeof token !== 'string' || token.length > 128) return Promise.resolve(null);
  return store.sessionPlayer(hashSecret(token), now, now + SESSION_TTL_MS);
}

export async function rename(
  store: PlayerStore,
  player: PlayerRow,
  rawName: unknown,
): Promise<{ ok: true; name: string } | AccountError> {
  const n = checkName(rawName);
  if (!n.ok) return n;
  if (!(await store.rename(player.id, n.name))) return fail('no_player', 'This profile no longer exists.');
  return { ok: true, name: n.name };
}

/** Sets or changes the password; changing one needs the current one. */
export async function setPassword(
  store: PlayerStore,
  player: PlayerRow,
  password: unknown,
  current: unknown,
): Promise<{ ok: true } | AccountError> {
  const p = checkPassword(password);
  if (!p.ok) return p;
  if (
    player.passwordHash !== null &&
    !(typeof current === 'string' && (await verifyPassword(current, player.passwordHash)))
  )
    return fail('wrong_password', 'The current password is not right.');
  if (!(await store.setPasswordHash(player.id, await hashPassword(password as string))))
    return fail('no_player', 'This profile no longer exists.');
  return { ok: true };
}

/** Sign-in on another device: a new session for the right player id and password. */
export async function signIn(
  store: PlayerStore,
  playerId: string,
  password: string,
  now: number,
): Promise<{ ok: true; player: PlayerRow; token: string } | AccountError> {
  const player = await store.getPlayer(playerId);
  const stored = player && player.bot === null ? player.passwordHash : null;
  if (!(await verifyPassword(password, stored)) || !player) return SIGN_IN_FAILED;
  // Raised cost since the hash was made: re-hash now, while we hold the password.
  if (needsRehash(player.passwordHash!)) await store.setPasswordHash(player.id, await hashPassword(password));
  const s = sessionRow(player.id, now);
  if (!(await store.addSession(s.row))) return SIGN_IN_FAILED;
  return { ok: true, player, token: s.token };
}

/** Ends this device's session. */
export function signOut(store: PlayerStore, token: string): Promise<boolean> {
  return store.deleteSession(hashSecret(token));
}

/** Ends every session of the player; the asking device's survives when `keep` (default). */
export function signOutEverywhere(
  store: PlayerStore,
  playerId: string,
  currentToken: string,
  keep = true,
): Promise<number> {
  return store.deleteSessions(playerId, keep ? hashSecret(currentToken) : undefined);
}

/** Deletes the profile once its current name is typed again (docs/players.md, "Identity"). */
export async function deleteProfile(
  store: PlayerStore,
  player: PlayerRow,
  confirm: unknown,
): Promise<{ ok: true } | AccountError> {
  if (typeof confirm !== 'string' || confirm.trim().normalize('NFC') !== player.name)
    return fail('not_confirmed', 'Type your name to confirm the deletion.');
  if (!(await store.deletePlayer(player.id, NEUTRAL_NAME))) return fail('no_player', 'This profile no longer exists.');
  return { ok: true };
}
