// Identity: ids and session tokens from node:crypto, names, scrypt password hashing with a
// constant-time verify.
import { describe, expect, it } from 'vitest';
import { randomBytes, scryptSync } from 'node:crypto';
import { NAME_MAX } from '@mindmgmt/table';
import {
  checkName,
  checkPassword,
  hashPassword,
  hashSecret,
  needsRehash,
  NEUTRAL_NAME,
  newPlayerId,
  newSession,
  SCRYPT,
  SESSION_TTL_MS,
  verifyPassword,
} from '../../src/players/identity.js';

describe('ids and sessions', () => {
  it('player ids and session tokens are random, url-safe and distinct', () => {
    const ids = new Set(Array.from({ length: 1000 }, newPlayerId));
    expect(ids.size).toBe(1000);
    for (const id of [...ids].slice(0, 20)) expect(id).toMatch(/^p_[A-Za-z0-9_-]{16}$/);
    const s = newSession(1000);
    expect(s.token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits
    expect(s.tokenHash).toBe(hashSecret(s.token));
    expect(s.tokenHash).not.toContain(s.token);
    expect(s.expiresAt - s.createdAt).toBe(SESSION_TTL_MS);
    expect(newSession(1000).token).not.toBe(s.token);
  });
});

describe('names', () => {
  it('trims, collapses inner whitespace, keeps any script', () => {
    expect(checkName('  Agent   Meru ')).toEqual({ ok: true, name: 'Agent Meru' });
    expect(checkName('ハリー・ルーン')).toEqual({ ok: true, name: 'ハリー・ルーン' });
  });

  it(`refuses empty, invisible, over ${NAME_MAX} characters, control and bidi characters, the neutral name`, () => {
    for (const bad of [
      '',
      '   ',
      '\u200b',
      'x'.repeat(NAME_MAX + 1),
      'a\u0000b',
      'Ann\nBo',
      'Ann\tBo',
      'evil\u202egnp.exe',
      42,
      NEUTRAL_NAME,
      'Former  player',
    ])
      expect(checkName(bad), JSON.stringify(bad)).toMatchObject({ ok: false, code: 'bad_name' });
    expect(checkName(NEUTRAL_NAME.toUpperCase()).ok).toBe(false);
    expect(checkName('x'.repeat(NAME_MAX)).ok).toBe(true);
  });
});

describe('passwords (scrypt)', () => {
  it('length rules', () => {
    expect(checkPassword('short').ok).toBe(false);
    expect(checkPassword('long enough').ok).toBe(true);
    expect(checkPassword('x'.repeat(257)).ok).toBe(false);
    expect(checkPassword(undefined).ok).toBe(false);
  });

  it('hashes with the documented parameters and a fresh salt; verifies the right password only', async () => {
    const a = await hashPassword('correct horse battery');
    const b = await hashPassword('correct horse battery');
    expect(a).toMatch(new RegExp(`^scrypt\\$${SCRYPT.N}\\$${SCRYPT.r}\\$${SCRYPT.p}\\$[\\w-]{22}\\$[\\w-]{43}$`));
    expect(a).not.toBe(b);
    expect(a).not.toContain('horse');
    expect(await verifyPassword('correct horse battery', a)).toBe(true);
    expect(await verifyPassword('correct horse batterY', a)).toBe(false);
    expect(await verifyPassword('correct horse battery', b)).toBe(true);
    // NFC: the same visible password typed on another keyboard.
    const c = await hashPassword('Caf\u00e9 au lait!');
    expect(await verifyPassword('Cafe\u0301 au lait!', c)).toBe(true);
  });

  it('no stored hash, or a corrupt one, is a plain "no" after the same work', async () => {
    expect(await verifyPassword('anything at all', null)).toBe(false);
    expect(await verifyPassword('anything at all', 'scrypt$garbage')).toBe(false);
    expect(await verifyPassword('anything at all', 'bcrypt$1$2$3$4$5')).toBe(false);
  });

  it('refuses (does not compute) stored parameters above the caps: a tampered row cannot stall the server', async () => {
    // Each of these is a CORRECT hash of the password, so computing it would answer true.
    const made = (N: number, r: number, p: number) => {
      const salt = randomBytes(16);
      const key = scryptSync('correct horse battery', salt, 32, { N, r, p, maxmem: 256 * 1024 * 1024 });
      return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
    };
    expect(await verifyPassword('correct horse battery', made(2 ** 10, 8, 1))).toBe(true); // within the caps
    expect(await verifyPassword('correct horse battery', made(2 ** 18, 2, 1))).toBe(false); // N above 2^17
    expect(await verifyPassword('correct horse battery', made(2 ** 10, 17, 1))).toBe(false); // r above 16
    expect(await verifyPassword('correct horse battery', made(2 ** 10, 1, 5))).toBe(false); // p above 4
    expect(needsRehash(made(2 ** 10, 8, 1))).toBe(true);
    expect(needsRehash(await hashPassword('correct horse battery'))).toBe(false);
  });
});
