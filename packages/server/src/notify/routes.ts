// The notification routes (docs/protocol.md "Notifications"): the server's VAPID
// public key, and a signed-in device's push subscription. Opt-in is per profile AND per device:
// each device subscribes itself; a profile holds at most `pushSubsPerPlayer` of them.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError } from '../http/api-error.js';
import { body } from '../http/body.js';
import { sendJson } from '../http/headers.js';
import { RateBudget } from '../limits/budget.js';
import type { LimitsConfig } from '../limits/config.js';
import type { PlayerService } from '../players/service.js';
import type { Notifier } from './notifier.js';
import type { Mailer } from './mail.js';
import { MAIL_WORDS } from './mail-texts.js';
import { pushUnsubscribeSchema, setEmailSchema } from '@mindmgmt/table';
import { pushSubscribeSchema } from './schemas.js';
import { SECURITY_HEADERS } from '../http/headers.js';
import { requestLine, type RouteArgs } from '../http/route.js';

/** A sentence for a person who opened a link from an e-mail in a browser. */
function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, {
    ...SECURITY_HEADERS,
    'content-type': 'text/plain; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': String(Buffer.byteLength(text)),
  });
  res.end(text);
}

/** The page an e-mail's link opens: one button that POSTs to the same address (its token in the
 * query). The language is not known before the token is read, so the button speaks all three. */
function sendConfirmPage(res: ServerResponse, what: 'verify' | 'unsubscribe'): void {
  const label = CONFIRM_LABELS[what];
  const html = `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Mind MGMT</title></head><body><form method="post"><button type="submit">${label}</button></form></body></html>`;
  res.writeHead(200, {
    ...SECURITY_HEADERS,
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': String(Buffer.byteLength(html)),
  });
  res.end(html);
}

const CONFIRM_LABELS = {
  verify: 'Confirm this address · 确认此地址 · このアドレスを確認',
  unsubscribe: 'No more e-mails · 不再接收邮件 · メール配信を停止',
} as const;

export function createNotifyRoutes(
  notifier: Notifier,
  accounts: PlayerService,
  limits: LimitsConfig,
  /** Test and development: http://127.0.0.1 endpoints are allowed (service config). */
  loopback: boolean,
  /** E-mail, when the operator set SMTP_URL. */
  mailer: Mailer | null,
) {
  const subscribeSchema = pushSubscribeSchema(loopback);
  const changes = new RateBudget(limits.notifyChangesPerIp);
  const spend = (ip: string) => {
    if (!changes.take(ip))
      throw new ApiError(
        429,
        'rate_limited',
        `Too many notification changes from your address; try again in ${changes.retryAfterSec(ip)} s.`,
      );
  };

  /** Answers true when the route was one of ours. */
  return async function route(...[req, res, p, search, ip]: RouteArgs): Promise<boolean> {
    const { m } = requestLine(req, p);
    if (p === '/api/me/email' && m === 'GET') {
      const { player } = await accounts.requirePlayer(req);
      // Answered without SMTP_URL too (enabled: false): the profile page asks on every visit.
      const e = mailer ? await notifier.store.emailOf(player.id) : null;
      sendJson(res, 200, {
        enabled: mailer !== null,
        address: e?.address ?? null,
        ...(e ? { verified: e.verified } : {}),
      });
      return true;
    }
    if (mailer && (await mailRoute(mailer, req, res, p, search, ip, m))) return true;
    if (p === '/api/push/key' && m === 'GET') {
      sendJson(res, 200, { key: notifier.publicKey });
      return true;
    }
    if (p !== '/api/me/push') return false;
    if (m === 'GET') {
      const { player } = await accounts.requirePlayer(req);
      sendJson(res, 200, {
        devices: (await notifier.store.pushSubsOf(player.id)).length,
        max: limits.pushSubsPerPlayer,
      });
      return true;
    }
    if (m === 'POST') {
      const b = await body(req, subscribeSchema);
      spend(ip);
      const { player } = await accounts.requirePlayer(req);
      const r = await notifier.store.addPushSub(
        {
          endpoint: b.endpoint,
          playerId: player.id,
          p256dh: b.keys.p256dh,
          auth: b.keys.auth,
          lang: b.lang,
          createdAt: Date.now(),
        },
        limits.pushSubsPerPlayer,
      );
      if (r === 'full')
        throw new ApiError(
          409,
          'too_many_devices',
          `Notifications are on for ${limits.pushSubsPerPlayer} devices of this profile already; turn them off on one first.`,
        );
      if (r === 'no-player') throw new ApiError(404, 'no_player', 'This profile no longer exists.');
      sendJson(res, 200, { ok: true });
      return true;
    }
    if (m === 'DELETE') {
      const b = await body(req, pushUnsubscribeSchema);
      spend(ip);
      const { player } = await accounts.requirePlayer(req);
      sendJson(res, 200, { removed: await notifier.store.removePushSub(player.id, b.endpoint) });
      return true;
    }
    return false;
  };

  async function mailRoute(
    mailer: Mailer,
    req: IncomingMessage,
    res: ServerResponse,
    p: string,
    search: URLSearchParams,
    ip: string,
    m: string,
  ): Promise<boolean> {
    if (p === '/api/me/email') {
      if (m === 'PUT') {
        const b = await body(req, setEmailSchema);
        spend(ip);
        const { player } = await accounts.requirePlayer(req);
        const r = await mailer.setAddress(player.id, b.address, b.lang, ip, Date.now());
        if (r === 'capped')
          throw new ApiError(
            429,
            'rate_limited',
            'Too many verification mails for this profile or to this address; try again later.',
          );
        if (r === 'no-player') throw new ApiError(404, 'no_player', 'This profile no longer exists.');
        sendJson(res, 200, { address: b.address, verified: false });
        return true;
      }
      if (m === 'DELETE') {
        const { player } = await accounts.requirePlayer(req);
        sendJson(res, 200, { removed: await notifier.store.deleteEmail(player.id) });
        return true;
      }
    }
    // Opened from an e-mail, signed in or not: the token alone decides. A GET only shows a button
    // that POSTs: mail scanners and link previews open every link of a message, and must neither
    // confirm an address nor unsubscribe it (the List-Unsubscribe one-click POST, RFC 8058, acts).
    const verifyPath = p === '/api/email/verify';
    const unsubPath = p === '/api/email/unsubscribe';
    if (!verifyPath && !unsubPath) return false;
    if (m === 'GET') {
      sendConfirmPage(res, verifyPath ? 'verify' : 'unsubscribe');
      return true;
    }
    if (m !== 'POST') return false;
    const verify = verifyPath;
    spend(ip);
    const token = (search.get('token') ?? '').slice(0, 200);
    const lang = verify ? await mailer.verify(token, Date.now()) : await mailer.unsubscribe(token);
    if (!lang) sendText(res, 400, MAIL_WORDS.en.badLink);
    else sendText(res, 200, verify ? MAIL_WORDS[lang].verified : MAIL_WORDS[lang].unsubscribed);
    return true;
  }
}
