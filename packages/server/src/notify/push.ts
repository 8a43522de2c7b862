// One Web Push message: `web-push` encrypts the payload (aes128gcm, RFC 8291) and signs the VAPID
// header (RFC 8292); the request itself goes out here, so it has a timeout, follows no redirect,
// connects only to public addresses (public-address.ts: the endpoint's host is the subscriber's
// choice), and can reach http://127.0.0.1 when the service config allows it (the schema lets such
// an endpoint in only then; web-push's own sender speaks https only).
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import webpush from 'web-push';
import type { PushSubRow, VapidKeys } from '../store/notify/types.js';
import { publicOnlyLookup } from './public-address.js';

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
  lookup: LookupFunction = PUBLIC_ONLY,
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
  for (const [k, v] of Object.entries(d.headers)) headers[k] = String(v);
  const status = await post(new URL(d.endpoint), headers, d.body as Buffer | null, lookup);
  if (status === 404 || status === 410) return 'gone';
  return status >= 200 && status < 300 ? 'ok' : 'failed';
}

const PUBLIC_ONLY = publicOnlyLookup();

/** The status of one POST (0: no answer: refused address, network error, timeout). */
function post(url: URL, headers: Record<string, string>, body: Buffer | null, lookup: LookupFunction): Promise<number> {
  return new Promise((resolve) => {
    const plain = url.protocol === 'http:';
    const req = (plain ? http : https).request(
      url,
      { method: 'POST', headers, timeout: PUSH_TIMEOUT_MS, ...(plain ? {} : { lookup }) },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
    req.end(body ?? undefined);
  });
}
