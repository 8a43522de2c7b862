// Who a request comes from: its IP (for per-IP budgets) and whether a browser page of another
// site sent it (cross-site WebSocket hijacking).
import type { IncomingMessage } from 'node:http';
import net from 'node:net';
import { addressKey } from './address.js';

/** The address written in a forwarded-for hop: `ip`, `ipv4:port`, `[ipv6]` or `[ipv6]:port`;
 * null for anything else (names, `unknown`, junk). */
export function forwardedAddress(hop: string): string | null {
  const h = hop.trim();
  if (h.length > 64) return null;
  if (net.isIP(h)) return h;
  const v4 = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/.exec(h);
  if (v4 && net.isIPv4(v4[1]!)) return v4[1]!;
  const v6 = /^\[([0-9a-fA-F:.]+)\](?::\d{1,5})?$/.exec(h);
  if (v6 && net.isIPv6(v6[1]!)) return v6[1]!;
  return null;
}

/** The budget key of a request's client (http/address.ts: IPv6 grouped by /64): the socket's
 * address, or with `trustProxy` the last X-Forwarded-For hop (the one our own proxy appended;
 * earlier hops are the client's word). A last hop that is not an address is ignored: the request
 * is keyed by the peer, the proxy, so every such request shares one budget (a port never makes a
 * new one: `ip:port` is the ip). */
export function clientIp(req: IncomingMessage, trustProxy: boolean): string {
  let ip = req.socket.remoteAddress ?? 'unknown';
  if (trustProxy) {
    const xff = req.headers['x-forwarded-for'];
    const last = (Array.isArray(xff) ? xff.join(',') : (xff ?? '')).split(',').pop();
    const forwarded = last === undefined ? null : forwardedAddress(last);
    if (forwarded) ip = forwarded;
  }
  return addressKey(ip);
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
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return false;
  const host = hostOf(req.headers.host, u.protocol);
  return host !== null && u.host === host;
}

/** The Host header as an origin's `host` (lower case, the scheme's default port left out, as in
 * `new URL(origin).host`): a proxy that writes `example.org:443` names the page `https://example.org`.
 * Null when it is no host. */
function hostOf(header: string | undefined, protocol: string): string | null {
  if (header === undefined || header.length > 256 || /[\s/?#@\\]/.test(header)) return null;
  try {
    return new URL(`${protocol}//${header}`).host;
  } catch {
    return null;
  }
}

/** How many distinct refused origins are logged, one line each; a flood of made-up ones logs no more. */
export const REFUSED_ORIGINS_LOGGED = 32;

/**
 * Which refused WebSocket origins to log: the first refusal of each origin, up to
 * `REFUSED_ORIGINS_LOGGED` origins. A refused upgrade shows the browser nothing but a failed
 * socket, so the log is where an operator learns that the proxy changed the Host header (the
 * usual cause: a port dropped) or that an origin is missing from ALLOWED_ORIGINS.
 */
export class RefusedOrigins {
  private readonly seen = new Set<string>();

  /** Whether this refusal is the one to log. */
  note(origin: string): boolean {
    if (this.seen.size >= REFUSED_ORIGINS_LOGGED || this.seen.has(origin)) return false;
    this.seen.add(origin);
    return true;
  }
}

/** Whether a request looks forwarded by a proxy on this machine that the server does not trust:
 * it carries X-Forwarded-For and comes from a loopback address while `trustProxy` is off. Then
 * every client behind that proxy shares its address in the per-address limits. */
export function untrustedLocalProxy(req: IncomingMessage, trustProxy: boolean): boolean {
  if (trustProxy || req.headers['x-forwarded-for'] === undefined) return false;
  const raw = req.socket.remoteAddress ?? '';
  const peer = raw.startsWith('::ffff:') ? raw.slice(7) : raw;
  return peer === '::1' || (net.isIPv4(peer) && peer.startsWith('127.'));
}
