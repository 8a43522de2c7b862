// Client sockets against the open-file limit. Every accepted socket is a descriptor
// until it closes; 20,000 half-sent requests from one address once took all of them, and health
// checks and WebSockets from everyone else failed for half a minute. So:
// - plain HTTP sockets (not yet upgraded) per address are capped (`perAddress`);
// - all client sockets together stay under `total` (derived from the descriptor limit);
// - the last `reserve` of them are scarce: a new socket first sheds an idle or half-sent socket
//   (no request being answered) of the address holding the most, and a socket admitted into the
//   reserve may only ask for the operator's checks (RESERVE_PATHS) or a WebSocket, so a flood of
//   cheap sockets can take neither a health check's nor a returning player's way in.
import type { Socket } from 'node:net';
import { addressKey } from './address.js';

export interface ConnectionCaps {
  /** Plain HTTP sockets per address (0: no cap, as behind a proxy: its address is everyone's). */
  readonly perAddress: number;
  /** Client sockets of every kind at once. */
  readonly total: number;
  /** Of `total`, the sockets kept for health checks and WebSockets when the rest are taken. */
  readonly reserve: number;
}

interface Held {
  readonly key: string;
  /** Answering a request now (not to be shed). */
  busy: boolean;
  /** Upgraded to a WebSocket: no longer plain HTTP, still a descriptor. */
  upgraded: boolean;
  /** Admitted into the reserve: health and WebSocket upgrades only. */
  readonly reserved: boolean;
}

interface Address {
  readonly plain: Set<Socket>;
  /** How many of `plain` are not busy (sheddable). */
  idle: number;
}

/** What a socket admitted into the reserve may ask (besides a WebSocket): the operator's checks,
 * so that readiness and the metrics still answer while a flood holds every other socket. */
export const RESERVE_PATHS: ReadonlySet<string> = new Set(['/api/health', '/api/ready', '/metrics']);

const REFUSE_BUSY =
  'HTTP/1.1 503 Service Unavailable\r\nconnection: close\r\nretry-after: 5\r\ncontent-length: 0\r\n\r\n';
const REFUSE_ADDRESS = 'HTTP/1.1 429 Too Many Requests\r\nconnection: close\r\ncontent-length: 0\r\n\r\n';

export class ConnectionGate {
  private readonly held = new Map<Socket, Held>();
  private readonly addresses = new Map<string, Address>();
  /** Counters for tests and logs. */
  shed = 0;
  refused = 0;

  constructor(readonly caps: ConnectionCaps) {}

  get size(): number {
    return this.held.size;
  }

  /** A socket node has just accepted: kept, kept in the reserve, or answered and closed. */
  admit(socket: Socket): void {
    const key = addressKey(socket.remoteAddress ?? 'unknown');
    const a = this.addresses.get(key);
    if (this.caps.perAddress > 0 && a && a.plain.size >= this.caps.perAddress)
      return this.refuse(socket, REFUSE_ADDRESS);
    const open = this.caps.total - this.caps.reserve;
    if (this.held.size >= open) this.shedOne();
    if (this.held.size >= this.caps.total) return this.refuse(socket, REFUSE_BUSY);
    const h: Held = { key, busy: false, upgraded: false, reserved: this.held.size >= open };
    this.held.set(socket, h);
    const addr = a ?? { plain: new Set<Socket>(), idle: 0 };
    addr.plain.add(socket);
    addr.idle++;
    this.addresses.set(key, addr);
    socket.once('close', () => this.forget(socket));
  }

  /** May this socket's request be answered? (A reserved socket: only RESERVE_PATHS.) */
  allows(socket: Socket, pathname: string | null): boolean {
    return !this.held.get(socket)?.reserved || (pathname !== null && RESERVE_PATHS.has(pathname));
  }

  requestStarted(socket: Socket): void {
    const h = this.held.get(socket);
    if (!h || h.busy || h.upgraded) return;
    h.busy = true;
    this.addresses.get(h.key)!.idle--;
  }

  requestEnded(socket: Socket): void {
    const h = this.held.get(socket);
    if (!h || !h.busy || h.upgraded) return;
    h.busy = false;
    this.addresses.get(h.key)!.idle++;
  }

  /** The socket became a WebSocket: it leaves its address's plain HTTP count. */
  upgraded(socket: Socket): void {
    const h = this.held.get(socket);
    if (!h || h.upgraded) return;
    this.leavePlain(socket, h);
    h.upgraded = true;
  }

  private leavePlain(socket: Socket, h: Held): void {
    if (h.upgraded) return;
    const a = this.addresses.get(h.key);
    if (!a) return;
    a.plain.delete(socket);
    if (!h.busy) a.idle--;
    if (a.plain.size === 0) this.addresses.delete(h.key);
  }

  private forget(socket: Socket): void {
    const h = this.held.get(socket);
    if (!h) return;
    this.leavePlain(socket, h);
    this.held.delete(socket);
  }

  /** Closes the oldest socket with no request being answered of the address that holds the most
   * such sockets (the flooder's, not a player's). */
  private shedOne(): void {
    let worst: Address | null = null;
    for (const a of this.addresses.values()) if (a.idle > 0 && (!worst || a.idle > worst.idle)) worst = a;
    if (!worst) return;
    for (const s of worst.plain) {
      if (this.held.get(s)?.busy) continue;
      this.forget(s);
      this.shed++;
      s.destroy();
      return;
    }
  }

  private refuse(socket: Socket, answer: string): void {
    this.refused++;
    // The answer fits a socket buffer: written at once, then the descriptor is given back.
    if (socket.writable) socket.write(answer);
    socket.destroy();
  }
}
