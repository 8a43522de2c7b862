// The HTTP upgrade to a WebSocket: the target, the Origin, and a slot of the WebSocket caps per
// address, network and in all (http/ws-slots.ts), checked before the handshake; anything refused
// is answered with a plain HTTP status and closed.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import type { WebSocket, WebSocketServer } from 'ws';
import { clientIp, originAllowed, RefusedOrigins, untrustedLocalProxy } from '../http/client.js';
import { parseTarget } from '../http/target.js';
import type { WsRefusal, WsSlot, WsSlots } from '../http/ws-slots.js';
import type { LimitsConfig } from '../limits/config.js';
import type { OnRefused } from './config.js';

/** How an upgrade refused by the WebSocket caps is answered: the client's own address or network
 * holds its share (429), or every WebSocket is a seat's (503, for anyone). */
const SLOT_REFUSAL: Record<WsRefusal, [number, string]> = {
  address: [429, 'Too Many Requests'],
  prefix: [429, 'Too Many Requests'],
  full: [503, 'Service Unavailable'],
};

/** Answers an upgrade we refuse with a plain HTTP status, then closes the socket. */
function refuse(socket: Duplex, status: number, reason: string): void {
  if (socket.writable) socket.end(`HTTP/1.1 ${status} ${reason}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`);
  else socket.destroy();
}

/** The server's upgrade handler: an accepted socket becomes `connection(ws, ip, slot)`. */
export function upgrader(
  wss: WebSocketServer,
  limits: LimitsConfig,
  slots: WsSlots,
  log: Logger,
  onRefused: OnRefused,
  connection: (ws: WebSocket, ip: string, slot: WsSlot) => void,
): (req: IncomingMessage, socket: Duplex, head: Buffer) => void {
  const refusedOrigins = new RefusedOrigins();
  /** Said once: a proxy on this machine forwards to a server that does not read its header. */
  let proxyHinted = false;
  return (req, socket, head) => {
    // A socket error before or during the handshake must not become an uncaught exception.
    socket.on('error', () => socket.destroy());
    try {
      const target = parseTarget(req.url);
      if (!target) return refuse(socket, 400, 'Bad Request');
      if (target.pathname !== '/ws') return refuse(socket, 404, 'Not Found');
      if (!originAllowed(req, limits.allowedOrigins)) {
        const origin = String(req.headers.origin).slice(0, 256);
        if (refusedOrigins.note(origin))
          log.warn(
            { origin, host: String(req.headers.host ?? '').slice(0, 256) },
            'WebSocket refused: its Origin is not this Host (behind a proxy, forward the Host the browser sent, port included; or list the origin in ALLOWED_ORIGINS)',
          );
        return refuse(socket, 403, 'Forbidden');
      }
      if (!proxyHinted && untrustedLocalProxy(req, limits.trustProxy)) {
        proxyHinted = true;
        log.warn(
          'a proxy on this machine sends X-Forwarded-For but TRUST_PROXY is not set: every client behind it shares its address in the per-address limits (docs/deploy.md)',
        );
      }
      const ip = clientIp(req, limits.trustProxy);
      const slot = slots.take(ip);
      if (typeof slot === 'string') {
        onRefused(
          slot === 'full' ? 'ws_total' : `ws_per_${slot}`,
          SLOT_REFUSAL[slot][0] === 503 ? 'busy' : 'too_many_connections',
          ip,
        );
        return refuse(socket, ...SLOT_REFUSAL[slot]);
      }
      let handed = false;
      try {
        wss.handleUpgrade(req, socket, head, (ws) => {
          handed = true;
          connection(ws, ip, slot);
        });
      } finally {
        // handleUpgrade answers a bad handshake itself (400) without calling back.
        if (!handed) socket.once('close', () => !handed && slots.release(slot));
      }
    } catch (e) {
      log.warn({ err: e instanceof Error ? e.message.slice(0, 200) : 'error' }, 'upgrade failed');
      socket.destroy();
    }
  };
}
