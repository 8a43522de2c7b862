// One Web Push message: `web-push` encrypts the payload (aes128gcm, RFC 8291) and signs the VAPID
// header (RFC 8292); the request itself goes out with fetch, so it has a timeout, follows no
// redirect and can reach http://127.0.0.1 when the service config allows it (web-push's own
// sender speaks https only).
import webpush from 'web-push';
import type { PushSubRow, VapidKeys } from '../store/notify/types.js';

/** How long a push service gets to answer. */
export const PUSH_TIMEOUT_MS = 10_000;
/** How long the push service keeps a message for a device that is offline. */
const TTL_SEC = 24 * 3600;

export function makeVapidKeys(): VapidKeys {
  return webpush.generateVAPIDKeys();
}

/** 'gone': the push service no longer knows the subscription (404, 410): delete it. */
export async function sendPush(
  sub: PushSubRow,
  payload: string,
  keys: VapidKeys,
  subject: string,
): Promise<'ok' | 'gone' | 'failed'> {
  const d = webpush.generateRequestDetails(
    { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
    payload,
    {
      vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
      TTL: TTL_SEC,
      contentEncoding: 'aes128gcm',
    },
  );
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(d.headers)) if (k.toLowerCase() !== 'content-length') headers[k] = String(v);
  const res = await fetch(d.endpoint, {
    method: 'POST',
    headers,
    body: d.body as Buffer | null,
    redirect: 'manual',
    signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
  });
  await res.body?.cancel();
  if (res.status === 404 || res.status === 410) return 'gone';
  return res.status >= 200 && res.status < 300 ? 'ok' : 'failed';
}
