// The notification routes (issue 27 §4; docs/protocol.md "Notifications"): the server's VAPID
// public key, and a signed-in device's push subscription. Opt-in is per profile AND per device:
// each device subscribes itself; a profile holds at most `pushSubsPerPlayer` of them.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError } from '../api-error.js';
import { body } from '../http/body.js';
import { sendJson } from '../http/headers.js';
import { RateBudget } from '../limits/budget.js';
import type { LimitsConfig } from '../limits/config.js';
import type { PlayerService } from '../players/service.js';
import type { Notifier } from './notifier.js';
import { pushSubscribeSchema, pushUnsubscribeSchema } from './schemas.js';

export function createNotifyRoutes(
  notifier: Notifier,
  accounts: PlayerService,
  limits: LimitsConfig,
  /** Test and development: http://127.0.0.1 endpoints are allowed (service config). */
  loopback: boolean,
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
  return async function route(req: IncomingMessage, res: ServerResponse, p: string, ip: string): Promise<boolean> {
    const m = req.method ?? 'GET';
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
}
