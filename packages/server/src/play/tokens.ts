import { createHash, randomBytes } from 'node:crypto';

/** 144 random bits, base64url. */
export function newToken(): string {
  return randomBytes(18).toString('base64url');
}
export function newGameId(): string {
  return randomBytes(9).toString('base64url');
}
/** Tokens are stored and compared only as hashes. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
