// Devices that signed in before (docs/players.md "Sign-in under attack"). A
// successful sign-in (or setting the password) hands the device a device token: a random nonce
// and an HMAC of the player id and nonce keyed by the player's stored password hash (secret,
// salted, server-side). Presenting it with a later sign-in proves this device knew the password
// before, so its attempts spend a budget of its own instead of the player's, which a flood of
// wrong passwords from other addresses may have emptied (OWASP's "device cookies"). Nothing is
// stored; a new password invalidates every device token (the key changes). A device token grants
// a budget, never a session.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const mac = (passwordHash: string, playerId: string, nonce: string): Buffer =>
  createHmac('sha256', passwordHash).update(`device\0${playerId}\0${nonce}`).digest();

export function deviceToken(playerId: string, passwordHash: string): string {
  const nonce = randomBytes(16).toString('base64url');
  return `${nonce}.${mac(passwordHash, playerId, nonce).toString('base64url')}`;
}

/** The device's own budget key when `token` was issued for this player and password; else null. */
export function trustedDevice(playerId: string, passwordHash: string | null, token: string | undefined): string | null {
  if (!token || passwordHash === null) return null;
  const m = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const want = mac(passwordHash, playerId, m[1]!);
  const got = Buffer.from(m[2]!, 'base64url');
  return got.length === want.length && timingSafeEqual(got, want) ? `${playerId}\0${m[1]}` : null;
}
