// WebSocket connections against the socket budget. An upgraded socket holds a descriptor for as
// long as its client likes, and the heartbeat keeps any client that answers pings: 30 addresses
// holding 32 WebSockets each that never said `hello` once took every client socket of a 1,024
// descriptor process, and health checks, lobby reads and players' WebSockets from everyone else
// failed. So WebSockets are capped per address, per network (IPv4 /24, IPv6 /48) and in total,
// the total below the socket budget (http/descriptors.ts `webSocketCaps`), leaving plain HTTP
// and the reserve their share; and when the total is reached a new connection takes the place of
// one that is not in play: first one that has not said `hello`, then a spectator, then a seat's
// connection not in play, each time from the network, then the address, holding the most of them,
// oldest first. A seat's connection in play (its token holds a seat of a running game, and it is
// among that token's newest few connections) is not closed to make room while its network holds
// no more than `seatsPerPrefix` of them. A place at a waiting table, a finished game, or one token
// said by hundreds of sockets is not in play: one table any address may create once held every
// WebSocket of the server as 630 "seats"; and 110 running games of its own (330 requests, 2 s)
// let 20 /24s hold all 630 as seats in play.
import { ConcurrencyBudget } from '../limits/budget.js';
import { prefixKey } from './address.js';

export interface WsCaps {
  /** WebSockets per address (addressKey) at once. */
  readonly perAddress: number;
  /** WebSockets per network (prefixKey) at once. */
  readonly perPrefix: number;
  /** WebSockets at once, whatever the number of addresses. */
  readonly total: number;
}

/** Where a connection stands: no valid `hello` yet, subscribed without a seat, or to a seat. */
export type Standing = 'silent' | 'spectator' | 'seat';

/** The order in which connections are closed to make room (a seat in play never is). */
const SHED_ORDER: readonly ((s: WsSlot) => boolean)[] = [
  (s) => s.standing === 'silent',
  (s) => s.standing === 'spectator',
  (s) => s.standing === 'seat' && !!s.inPlay && !s.inPlay(),
];

export interface WsSlot {
  readonly address: string;
  readonly prefix: string;
  standing: Standing;
  /** Closes the connection when it is shed; null until the upgrade completed (not sheddable). */
  shed: (() => void) | null;
  /** For a seat's connection: whether it is in play now (asked only when making room). */
  inPlay?: () => boolean;
  released: boolean;
}

export type WsRefusal = 'address' | 'prefix' | 'full';

export class WsSlots {
  private readonly addresses: ConcurrencyBudget;
  private readonly prefixes: ConcurrencyBudget;
  /** Every slot held, by network, in the order taken (oldest first). */
  private readonly byPrefix = new Map<string, Set<WsSlot>>();
  private held = 0;
  /** Counters for tests and logs. */
  shed = 0;
  refused = 0;

  /** `seatsPerPrefix`: a network's seats in play beyond this many may be closed to make room,
   * last of all (a network holding more in play than any household or club looks like a flood
   * of its own running games). */
  constructor(
    readonly caps: WsCaps,
    readonly seatsPerPrefix = Infinity,
  ) {
    this.addresses = new ConcurrencyBudget(caps.perAddress);
    this.prefixes = new ConcurrencyBudget(caps.perPrefix);
  }

  get size(): number {
    return this.held;
  }

  /** A slot for a new connection from `address` (an addressKey), or why not. At the total, the
   * connection takes the place of one not in play (closed with its `shed`). */
  take(address: string): WsSlot | WsRefusal {
    const prefix = prefixKey(address);
    if (this.addresses.count(address) >= this.caps.perAddress) return this.refuse('address');
    if (this.prefixes.count(prefix) >= this.caps.perPrefix) return this.refuse('prefix');
    if (this.held >= this.caps.total && !this.shedOne()) return this.refuse('full');
    this.addresses.acquire(address);
    this.prefixes.acquire(prefix);
    const slot: WsSlot = { address, prefix, standing: 'silent', shed: null, released: false };
    let set = this.byPrefix.get(prefix);
    if (!set) this.byPrefix.set(prefix, (set = new Set()));
    set.add(slot);
    this.held++;
    return slot;
  }

  /** Gives the slot back (idempotent: a shed connection's own close comes later). */
  release(slot: WsSlot): void {
    if (slot.released) return;
    slot.released = true;
    this.addresses.release(slot.address);
    this.prefixes.release(slot.prefix);
    const set = this.byPrefix.get(slot.prefix);
    set?.delete(slot);
    if (set?.size === 0) this.byPrefix.delete(slot.prefix);
    this.held--;
  }

  /** How many connections stand so (tests, logs). */
  count(standing: Standing): number {
    let n = 0;
    for (const set of this.byPrefix.values()) for (const s of set) if (s.standing === standing) n++;
    return n;
  }

  /** Closes one connection not in play: the first kind of SHED_ORDER anyone holds, from the
   * network holding the most such, then its address holding the most, oldest first; else a seat
   * in play of the network holding the most of them beyond `seatsPerPrefix`. One pass over the
   * held slots per kind (only when the total is reached). */
  private shedOne(): boolean {
    for (const kind of SHED_ORDER) {
      let worst: { prefix: string; n: number } | null = null;
      for (const [prefix, set] of this.byPrefix) {
        let n = 0;
        for (const s of set) if (s.shed && kind(s)) n++;
        if (n > 0 && (!worst || n > worst.n)) worst = { prefix, n };
      }
      if (worst) return this.shedFrom([...this.byPrefix.get(worst.prefix)!].filter((s) => s.shed && kind(s)));
    }
    if (this.seatsPerPrefix === Infinity) return false;
    let worst: WsSlot[] | null = null;
    for (const set of this.byPrefix.values()) {
      const seats = [...set].filter((s) => s.shed && s.standing === 'seat');
      if (seats.length > this.seatsPerPrefix && (!worst || seats.length > worst.length)) worst = seats;
    }
    return worst ? this.shedFrom(worst) : false;
  }

  /** Closes the oldest of `candidates` (one network's) of the address holding the most of them. */
  private shedFrom(candidates: WsSlot[]): boolean {
    const perAddress = new Map<string, number>();
    for (const s of candidates) perAddress.set(s.address, (perAddress.get(s.address) ?? 0) + 1);
    let victim = candidates[0]!;
    for (const s of candidates) if (perAddress.get(s.address)! > perAddress.get(victim.address)!) victim = s;
    const close = victim.shed!;
    this.release(victim);
    this.shed++;
    close();
    return true;
  }

  private refuse(why: WsRefusal): WsRefusal {
    this.refused++;
    return why;
  }
}
