// Player identity without friction: the first visit creates a player with a random id
// and a first session whose token the browser keeps (that token IS "the secret kept by the
// browser": one kind of credential, one way to revoke it). A password, when set, lets the person
// open a session on another device. No e-mail.
//
// - Ids and tokens: node:crypto randomBytes. Player ids are public (profile links); session tokens
//   are 256 random bits, sent once to the browser and stored only as sha256 hex, so a copy of the
//   database signs nobody in. A slow hash is not needed for 256-bit random tokens.
// - Passwords: scrypt from node:crypto with N = 2^15, r = 8, p = 3: one of OWASP's listed
//   equivalents of its scrypt minimum (N = 2^17, r = 8, p = 1), chosen for its smaller memory
//   (32 MiB per hash instead of 128 MiB) on a small server; about 0.3 s of one core per hash
//   (docs/players.md has the figures). The HTTP layer must cap concurrent hashes (see there). Stored as "scrypt$N$r$p$salt$hash" so the cost can be raised later;
//   verification reads the parameters from the stored string but refuses any outside our caps, and
//   compares with timingSafeEqual. A wrong password and an unknown player take the same work
//   (verifyPassword with `null` hashes against a dummy).
// - Sign-out everywhere deletes every session of the player; the device asking gets a new one.
// - Deletion: the player row, sessions, ratings and chat texts go; past games keep their seats
//   under NEUTRAL_NAME (the store renames them in the same transaction).
import { createHash, randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { checkText, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, TEXT_PROBLEMS, type TextProblem } from '@mindmgmt/table';

export const NEUTRAL_NAME = 'Former player';
/** Sessions last this long after their creation (signing in again makes a new one). */
export const SESSION_TTL_MS = 180 * 24 * 3600 * 1000;

export const SCRYPT = { N: 2 ** 15, r: 8, p: 3, keyLen: 32, saltLen: 16, maxmem: 64 * 1024 * 1024 } as const;
/** Parameters a stored hash may ask for: anything heavier is refused, not computed. */
const SCRYPT_CAP = { N: 2 ** 17, r: 16, p: 4 };

export const newPlayerId = (): string => `p_${randomBytes(12).toString('base64url')}`;
export const newSessionToken = (): string => randomBytes(32).toString('base64url');
export const hashSecret = (token: string): string => createHash('sha256').update(token).digest('hex');

export interface NewSession {
  /** Goes to the browser once; never stored. */
  readonly token: string;
  readonly tokenHash: string;
  readonly createdAt: number;
  readonly expiresAt: number;
}

export function newSession(now: number): NewSession {
  const token = newSessionToken();
  return { token, tokenHash: hashSecret(token), createdAt: now, expiresAt: now + SESSION_TTL_MS };
}

export type NameCheck =
  | { readonly ok: true; readonly name: string }
  | { readonly ok: false; readonly code: 'bad_name'; readonly message: string };

/** Names: 1-40 characters, shown to others, so the text rules of chat apply; inner runs of
 * whitespace become one space. The neutral name of deleted players is reserved. */
export function checkName(raw: unknown): NameCheck {
  // Checked first (so a newline or tab is refused, not turned into a space), collapsed after.
  const c = checkText(raw, NAME_MAX);
  if (!c.ok) return badName(c.problem);
  const name = c.text.replace(/\s+/gu, ' ');
  if (name.toLowerCase() === NEUTRAL_NAME.toLowerCase())
    return { ok: false, code: 'bad_name', message: `"${NEUTRAL_NAME}" is kept for deleted profiles.` };
  return { ok: true, name };
}

const badName = (p: TextProblem): NameCheck => ({
  ok: false,
  code: 'bad_name',
  message: p === 'too-long' ? `The name is longer than ${NAME_MAX} characters.` : `The name ${TEXT_PROBLEMS[p]}.`,
});

export type PasswordCheck =
  { readonly ok: true } | { readonly ok: false; readonly code: 'bad_password'; readonly message: string };

export function checkPassword(pw: unknown): PasswordCheck {
  if (typeof pw !== 'string') return { ok: false, code: 'bad_password', message: 'A password is text.' };
  if ([...pw].length < PASSWORD_MIN)
    return {
      ok: false,
      code: 'bad_password',
      message: `That password is too short: choose one of at least ${PASSWORD_MIN} characters.`,
    };
  if (pw.length > PASSWORD_MAX)
    return {
      ok: false,
      code: 'bad_password',
      message: `That password is too long: choose one of at most ${PASSWORD_MAX} characters.`,
    };
  return { ok: true };
}

function scrypt(pw: string, salt: Buffer, len: number, o: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCb(pw.normalize('NFC'), salt, len, o, (e, k) => (e ? reject(e) : resolve(k))),
  );
}

/** Runs on libuv's thread pool: the event loop is free while it works. */
export async function hashPassword(pw: string): Promise<string> {
  const salt = randomBytes(SCRYPT.saltLen);
  const { N, r, p, keyLen, maxmem } = SCRYPT;
  const key = await scrypt(pw, salt, keyLen, { N, r, p, maxmem });
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

interface Parsed {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

function parseHash(stored: string): Parsed | null {
  const f = stored.split('$');
  if (f.length !== 6 || f[0] !== 'scrypt') return null;
  const [N, r, p] = f.slice(1, 4).map(Number) as [number, number, number];
  const salt = Buffer.from(f[4]!, 'base64url');
  const key = Buffer.from(f[5]!, 'base64url');
  const pow2 = Number.isInteger(N) && N > 1 && (N & (N - 1)) === 0;
  if (!pow2 || N > SCRYPT_CAP.N || !Number.isInteger(r) || r < 1 || r > SCRYPT_CAP.r) return null;
  if (!Number.isInteger(p) || p < 1 || p > SCRYPT_CAP.p || salt.length < 8 || key.length < 16 || key.length > 64)
    return null;
  return { N, r, p, salt, key };
}

/** Today's parameters with a random key no password produces (2^-256): checking against it costs
 * exactly what a real check costs, and always fails. */
const DUMMY: Parsed = {
  N: SCRYPT.N,
  r: SCRYPT.r,
  p: SCRYPT.p,
  salt: randomBytes(SCRYPT.saltLen),
  key: randomBytes(SCRYPT.keyLen),
};

/**
 * True when `pw` matches `stored`. `stored === null` (no such player, or no password set) does the
 * same work against a dummy hash and answers false, so timing does not tell which case it was.
 */
export async function verifyPassword(pw: string, stored: string | null): Promise<boolean> {
  const parsed = stored === null ? null : parseHash(stored);
  const h = parsed ?? DUMMY;
  if (typeof pw !== 'string' || pw.length > PASSWORD_MAX) return false;
  const key = await scrypt(pw, h.salt, h.key.length, { N: h.N, r: h.r, p: h.p, maxmem: 2 * 128 * h.N * h.r * h.p });
  return timingSafeEqual(key, h.key) && parsed !== null;
}

/** Whether a stored hash uses weaker parameters than today's (re-hash at the next sign-in). */
export function needsRehash(stored: string): boolean {
  const p = parseHash(stored);
  return !p || p.N < SCRYPT.N || p.r < SCRYPT.r || p.p < SCRYPT.p;
}
