// The bodies of the notification routes (issue 27 §4), validated before anything is read or
// stored. A push endpoint is where this server will POST: https only, to a host name (no IP
// literal, no localhost: the server must not be made to post into its own network), except
// http://127.0.0.1 when the service config allows it (tests and development).
import { EMAIL_MAX, LANGS } from '@mindmgmt/table';
import { z } from 'zod';

export const langSchema = z.enum(LANGS);

/** The longest endpoint URL kept (the push services' are about 200 characters). */
export const MAX_ENDPOINT = 1024;

const b64url = (bytes: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/)
    .max(Math.ceil((bytes * 4) / 3) + 2)
    .refine((s) => Buffer.from(s, 'base64url').length === bytes, `${bytes} bytes, base64url`);

function endpointOk(raw: string, loopback: boolean): boolean {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return false;
  }
  if (u.username || u.password) return false;
  if (u.protocol === 'http:') return loopback && u.hostname === '127.0.0.1';
  if (u.protocol !== 'https:') return false;
  const h = u.hostname;
  // IPv4 and IPv6 literals, and the names that mean this machine.
  return !/^[\d.]+$/.test(h) && !h.startsWith('[') && h !== 'localhost' && !h.endsWith('.localhost');
}

export function pushSubscribeSchema(loopback: boolean) {
  return z.strictObject({
    endpoint: z
      .string()
      .max(MAX_ENDPOINT)
      .refine((s) => endpointOk(s, loopback), 'an https URL of a push service'),
    // A browser's PushSubscription.toJSON(): an uncompressed P-256 point and a 16-byte secret.
    keys: z.strictObject({ p256dh: b64url(65), auth: b64url(16) }),
    expirationTime: z.number().nullable().optional(),
    lang: langSchema,
  });
}
export type PushSubscribeBody = z.infer<ReturnType<typeof pushSubscribeSchema>>;

export const pushUnsubscribeSchema = z.strictObject({ endpoint: z.string().max(MAX_ENDPOINT) });

export const setEmailSchema = z.strictObject({ address: z.email().max(EMAIL_MAX), lang: langSchema });
