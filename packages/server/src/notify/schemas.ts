// The server's checks of a push subscription on top of the contract's shape (@mindmgmt/table's
// requests.ts). A push endpoint is where this server will POST: https only, to a host name (no IP
// literal, no localhost: the server must not be made to post into its own network), except
// http://127.0.0.1 when the service config allows it (tests and development).
import { base64urlText, MAX_ENDPOINT, pushSubscriptionSchema } from '@mindmgmt/table';
import { z } from 'zod';

const b64url = (bytes: number) =>
  base64urlText(bytes).refine((s) => Buffer.from(s, 'base64url').length === bytes, `${bytes} bytes, base64url`);

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
  return pushSubscriptionSchema.extend({
    endpoint: z
      .string()
      .max(MAX_ENDPOINT)
      .refine((s) => endpointOk(s, loopback), 'an https URL of a push service'),
    keys: z.strictObject({ p256dh: b64url(65), auth: b64url(16) }),
  });
}
export type PushSubscribeBody = z.infer<ReturnType<typeof pushSubscribeSchema>>;
