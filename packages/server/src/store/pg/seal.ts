// Sealing the commits the PostgreSQL bus announces (migration 002): AES-256-GCM with the
// installation's key, the channel name as associated data. Whoever can LISTEN on the database
// without reading this schema sees only opaque bytes; an instance holding the key gets the game
// id, seq, action, deadline and time, or null for anything it cannot open (then it falls back to
// reading the store).
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Action } from '@mindmgmt/engine';
import type { AnnouncedCommit, Deadline, SeatClock, StartInfo } from '../types.js';

/** PostgreSQL drops a NOTIFY payload of 8000 bytes or more: beyond this the action is left out. */
const MAX_PAYLOAD = 7800;

interface Sealed {
  readonly i: string;
  readonly s: number;
  readonly a?: Action;
  readonly d?: Deadline | null;
  readonly t?: number;
  /** D13: the banks after the commit, and the seats when a player took theirs back. */
  readonly c?: SeatClock | null;
  readonly st?: Omit<StartInfo, 'deadline'>;
}

export function newClusterKey(): string {
  return randomBytes(32).toString('base64');
}

function seal(key: Buffer, aad: string, body: Sealed): string {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', key, iv);
  c.setAAD(Buffer.from(aad));
  const ct = Buffer.concat([c.update(JSON.stringify(body)), c.final()]);
  return Buffer.concat([iv, c.getAuthTag(), ct]).toString('base64');
}

/** The payload announcing one appended action (its content when it fits). */
export function sealCommit(key: Buffer, aad: string, gameId: string, c: AnnouncedCommit): string {
  const full = seal(key, aad, {
    i: gameId,
    s: c.seq,
    a: c.action,
    d: c.deadline,
    t: c.at,
    ...(c.clock ? { c: c.clock } : {}),
    ...(c.start ? { st: c.start } : {}),
  });
  return full.length <= MAX_PAYLOAD ? full : seal(key, aad, { i: gameId, s: c.seq });
}

/** The game id and the commit (or only its seq); null when the payload does not open. */
export function openCommit(
  key: Buffer,
  aad: string,
  payload: string,
): { gameId: string; what: number | AnnouncedCommit } | null {
  try {
    const raw = Buffer.from(payload, 'base64');
    if (raw.length < 29) return null;
    const d = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    d.setAAD(Buffer.from(aad));
    d.setAuthTag(raw.subarray(12, 28));
    const b = JSON.parse(Buffer.concat([d.update(raw.subarray(28)), d.final()]).toString()) as Sealed;
    if (typeof b.i !== 'string' || !Number.isSafeInteger(b.s)) return null;
    if (b.a === undefined || typeof b.t !== 'number') return { gameId: b.i, what: b.s };
    return {
      gameId: b.i,
      what: {
        seq: b.s,
        action: b.a,
        deadline: b.d ?? null,
        at: b.t,
        ...(b.c ? { clock: b.c } : {}),
        ...(b.st ? { start: b.st } : {}),
      },
    };
  } catch {
    return null;
  }
}
