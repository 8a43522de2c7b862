// Who a request comes from: its IP (for per-IP budgets) and whether a browser page of another
// site sent it (cross-site WebSocket hijacking, issue 10 item 9).
import type { IncomingMessage } from 'node:http';

/** The socket's address, or with `trustProxy` the last X-Forwarded-For hop (the one our own
 * proxy appended; earlier hops are the client's word). IPv4-mapped IPv6 is shown as IPv4. */
export function clientIp(req: IncomingMessage, trustProxy: boolean): string {
  let ip = req.socket.remoteAddress ?? 'unknown';
  if (trustProxy) {
    const xff = req.headers['x-forwarded-for'];
    const last = (Array.isArray(xff) ? xff.join(',') : (xff ?? '')).split(',').pop()?.trim();
    if (last && last.length <= 64 && /^[0-9a-fA-F:.]+$/.test(last)) ip = last;
  }
  return ip.startsWith('::ffff:') ? ip.slice(7) : ip;
}

/**
 * A WebSocket upgrade is accepted without an Origin header (not a browser: such a client could
 * send any header anyway) or when the Origin is this server's own host (the Host header) or one
 * of `allowed`. Browsers always send Origin on WebSocket upgrades, so a page of another site
 * cannot use a visitor's tokens over our socket.
 */
export function originAllowed(req: IncomingMessage, allowed: readonly string[]): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  if (origin === 'null' || origin.length > 256) return false;
  let u: URL;
  try {
    u = new URL(origin);
  } catch {
    return false;
  }
  if (allowed.some((a) => a.toLowerCase() === u.origin.toLowerCase())) return true;
  const host = req.headers.host;
  return host !== undefined && (u.protocol === 'http:' || u.protocol === 'https:') && u.host === host.toLowerCase();
}
