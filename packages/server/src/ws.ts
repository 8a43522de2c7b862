// WebSocket transport: upgrade checks (target, Origin, connections per address, network and in
// all: http/ws-slots.ts), the `hello` deadline, validation, size and rate limits (frames, `hello`,
// notes), backpressure, heartbeats, dispatch to the service.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import type { Logger } from 'pino';
import { ApiError } from './api-error.js';
import type { Conn, GameService } from './games.js';
import { clientIp, originAllowed, RefusedOrigins, untrustedLocalProxy } from './http/client.js';
import { parseTarget } from './http/target.js';
import { forbiddenKey, forbiddenKeyMessage } from './input/keys.js';
import { RateBudget } from './limits/budget.js';
import { type BucketRate, fullBucket, spendToken } from './limits/bucket.js';
import type { LimitsConfig } from './limits/config.js';
import {
  CHAT_REQUEST_KINDS,
  clientActionSchema,
  clientFrameSchema,
  describeZodError,
  type ChatRequest,
  type ErrorCode,
} from '@mindmgmt/table';
import type { TableChat } from './play/chat.js';
import { frameText } from './play/frames.js';
import { gateFrame } from './input/frame-gate.js';
import type { WsRefusal, WsSlot, WsSlots } from './http/ws-slots.js';
import { type BotClock, systemBotClock } from './bots/clock.js';
import type { CloseCodes } from '@mindmgmt/table';

export interface WsConfig {
  /** Frames above this get an error `too_large` (the connection stays). */
  maxFrameBytes: number;
  /** Frames above this close the connection (ws maxPayload). */
  hardMaxFrameBytes: number;
  /** Token bucket per connection. */
  ratePerSec: number;
  rateBurst: number;
  heartbeatMs: number;
  /** A connection that has not said a valid `hello` this long after its upgrade is closed
   * (4408): until then it is a descriptor that plays nothing. */
  helloMs: number;
  /** What the `hello` deadline is armed on (tests hand in a clock they advance). */
  clock: BotClock;
}

export const DEFAULT_WS_CONFIG: WsConfig = {
  maxFrameBytes: 16 * 1024,
  // ws buffers a whole frame before we see it: keep that small (the largest honest frame is ~4 KB).
  hardMaxFrameBytes: 64 * 1024,
  ratePerSec: 20,
  rateBurst: 60,
  heartbeatMs: 30_000,
  // The web client says `hello` as its socket opens: one round trip. 5 s is that round trip on a
  // bad mobile link with two lost packets (TCP's first retransmission waits 1 s, the next 2 s)
  // plus the game's first load, and holds a silent socket for seconds instead of for ever.
  helloMs: 5_000,
  clock: systemBotClock,
};

/** Close codes (docs/protocol.md; the contract's `CloseCodes`). */
export const CLOSE_RATE_LIMIT: CloseCodes['rateLimit'] = 1008;
export const CLOSE_SLOW_CONSUMER: CloseCodes['slowConsumer'] = 4008;
export const CLOSE_HELLO_TIMEOUT: CloseCodes['helloTimeout'] = 4408;
export const CLOSE_TRY_LATER: CloseCodes['tryLater'] = 1013;
/** Service Restart: the server is going away on purpose; reconnect at once (elsewhere). */
export const CLOSE_RESTART: CloseCodes['restart'] = 1012;

/** Told of each refusal by a limit: which limit, the error code, the address it was kept for. */
export type OnRefused = (limit: string, code: string, address: string) => void;

/** How an upgrade refused by the WebSocket caps is answered: the client's own address or network
 * holds its share (429), or every WebSocket is a seat's (503, for anyone). */
const SLOT_REFUSAL: Record<WsRefusal, [number, string]> = {
  address: [429, 'Too Many Requests'],
  prefix: [429, 'Too Many Requests'],
  full: [503, 'Service Unavailable'],
};

let nextCid = 1;

/** Answers an upgrade we refuse with a plain HTTP status, then closes the socket. */
function refuse(socket: Duplex, status: number, reason: string): void {
  if (socket.writable) socket.end(`HTTP/1.1 ${status} ${reason}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`);
  else socket.destroy();
}

export function attachWebSockets(
  service: GameService,
  log: Logger,
  cfg: WsConfig,
  limits: LimitsConfig,
  slots: WsSlots,
  acks: { add(ms: number): void } | null = null,
  chat: TableChat | null = null,
  onRefused: OnRefused = () => {},
) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: cfg.hardMaxFrameBytes, perMessageDeflate: false });
  /** The payload of the last ping each connection was sent and has not answered (null: answered). */
  const awaiting = new WeakMap<WebSocket, Buffer | null>();
  /** Ticks per heartbeat period (one a second by default; 1 below 200 ms, as in tests). */
  const heartbeatSlices = Math.max(1, Math.min(30, Math.floor(cfg.heartbeatMs / 100)));
  /** The tick of the period at which each connection is pinged. */
  const sliceOf = new WeakMap<WebSocket, number>();
  const hellosPerIp = new RateBudget(limits.helloPerIp);
  const refusedPerIp = new RateBudget(limits.refusedFramesPerIp);
  const frameRate: BucketRate = { burst: cfg.rateBurst, refill: cfg.ratePerSec, everyMs: 1000 };
  /** Since when each connection's unsent output is above the limit. */
  const overSince = new WeakMap<WebSocket, number>();
  /** Each open connection's frames still being handled (shutdown waits for them). */
  const inFlight = new Map<WebSocket, () => Promise<void>>();
  /** Shutting down: frames that arrive now are not handled (their sender never got an ack). */
  let draining = false;

  /** Backpressure: a connection that does not read its frames is closed, not buffered forever. */
  function checkBuffer(ws: WebSocket, now: number): boolean {
    // Bytes queued in the socket and in ws's sender, not yet handed to the kernel.
    const buffered = ws.bufferedAmount;
    if (buffered <= limits.maxBufferedBytes) {
      overSince.delete(ws);
      return true;
    }
    const since = overSince.get(ws);
    if (since === undefined) overSince.set(ws, now);
    if (buffered > 4 * limits.maxBufferedBytes || (since !== undefined && now - since >= limits.slowConsumerMs)) {
      log.warn({ buffered }, 'closing a connection that does not read');
      ws.close(CLOSE_SLOW_CONSUMER, 'slow consumer');
      // The close frame itself waits behind the unread data: do not wait for the handshake.
      ws.terminate();
      return false;
    }
    return true;
  }

  /** Closes a connection whose client may not read the close frame: it is dropped a second later. */
  function closeSoon(ws: WebSocket, code: number, reason: string): void {
    ws.close(code, reason);
    // A sender that does not finish the closing handshake is not read for ws's 30 s default.
    setTimeout(() => ws.terminate(), 1000).unref();
  }

  /** A seat's connection in play: its token holds a seat of a running game held here, and it is
   * among the newest `wsSeatsPerToken` connections of that token (a person's devices). */
  function inPlay(conn: Conn): boolean {
    const g = conn.gameId && conn.tokenHash !== null ? service.inMemory(conn.gameId) : null;
    if (!g || g.row.status !== 'active' || !g.state || g.state.result) return false;
    let newer = 0;
    let found = false;
    for (const c of g.subs) {
      if (c === conn) found = true;
      else if (found && c.tokenHash === conn.tokenHash) newer++;
    }
    return found && newer < limits.wsSeatsPerToken;
  }

  wss.on('connection', (ws: WebSocket, _req: IncomingMessage, ip: string, slot: WsSlot) => {
    const conn: Conn = {
      cid: nextCid++,
      ip,
      gameId: null,
      tokenHash: null,
      viewer: null,
      send(text) {
        if (ws.readyState !== WebSocket.OPEN || !checkBuffer(ws, Date.now())) return;
        ws.send(text);
      },
    };
    awaiting.set(ws, null);
    sliceOf.set(ws, conn.cid % heartbeatSlices);
    let bucket = fullBucket(frameRate, Date.now());
    let strikes = 0;
    const hellos = new RateBudget(limits.helloPerConn, 1);
    const notes = new RateBudget(limits.notesPerConn, 1);
    const refusedHere = new RateBudget(limits.refusedFramesPerConn, 1);
    /** Closed for refused frames: what still arrives is dropped unread. */
    let cut = false;
    // Frames of one connection are handled one after the other, in order.
    let queue: Promise<void> = Promise.resolve();
    const error = (code: ErrorCode, message: string, id?: string, params?: ApiError['params']) =>
      conn.send(
        frameText({
          t: 'error',
          code,
          message,
          ...(id === undefined ? {} : { id }),
          ...(params ? { params } : {}),
        }),
      );

    /** A frame refused for its size or shape: the sender pays for it, and a connection (or an
     * address) that keeps sending them is cut off instead of costing us a parse each (§3). */
    const refuse = (code: ErrorCode, message: string, id?: string) => {
      if (cut) return;
      if (!refusedHere.take('c') || !refusedPerIp.take(ip)) {
        onRefused('refused_frames', code, ip);
        cut = true;
        closeSoon(ws, CLOSE_RATE_LIMIT, 'too many refused messages');
        return;
      }
      error(code, message, id);
    };

    // Only a pong carrying the payload of our own last ping counts (unsolicited pongs keep nothing alive).
    ws.on('pong', (data: Buffer) => {
      const want = awaiting.get(ws);
      if (want && data.equals(want)) awaiting.set(ws, null);
    });
    inFlight.set(ws, () => queue);
    ws.on('message', (data, isBinary) => {
      if (cut || draining) return;
      const spent = spendToken(bucket, frameRate, Date.now());
      bucket = spent.bucket;
      if (!spent.ok) {
        strikes++;
        onRefused('ws_frames', 'rate_limited', ip);
        if (strikes > cfg.rateBurst * 4) ws.close(CLOSE_RATE_LIMIT, 'rate limit');
        else error('rate_limited', 'Too many messages; slow down.');
        return;
      }
      strikes = 0;
      if (isBinary) return refuse('bad_frame', 'Messages are JSON text.');
      const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data);
      // Size and shape first, from the bytes alone: a refused frame is never decoded or parsed.
      const gate = gateFrame(bytes, cfg.maxFrameBytes);
      if (gate) return refuse(gate.code, gate.message);
      const text = bytes.toString('utf8');
      const arrived = performance.now();
      queue = queue
        .then(() => handle(text, arrived))
        .catch((e) => log.error({ err: e instanceof Error ? e.message.slice(0, 200) : 'error' }, 'ws handler failed'));
    });
    slot.shed = () => closeSoon(ws, CLOSE_TRY_LATER, 'server full');
    // The deadline is judged after the frames that arrived before it: a `hello` already received
    // counts if it turns out valid.
    const cancelDeadline = cfg.clock.after(cfg.helloMs, () => {
      queue = queue.then(() => {
        if (slot.standing === 'silent' && !slot.released) closeSoon(ws, CLOSE_HELLO_TIMEOUT, 'no hello');
      });
    });
    const gone = () => {
      cancelDeadline();
      inFlight.delete(ws);
      service.unsubscribe(conn);
      slots.release(slot);
    };
    ws.on('close', gone);
    ws.on('error', gone);

    /** Table chat frames (play/chat.ts); refusals go to the writer only. */
    async function chatFrame(f: ChatRequest): Promise<void> {
      if (!chat) return error('no_chat', 'This server has no table chat.');
      try {
        await chat.handle(conn, f);
      } catch (e) {
        if (e instanceof ApiError) return error(e.code, e.message);
        log.error({ err: e instanceof Error ? e.name : 'error', cid: conn.cid }, 'chat failed');
        error('internal', 'The server could not handle that message.');
      }
    }

    async function handle(text: string, arrived: number): Promise<void> {
      let raw: unknown;
      try {
        raw = JSON.parse(text);
      } catch {
        return refuse('bad_json', 'A message is one JSON object.');
      }
      const bad = forbiddenKey(raw);
      if (bad) return refuse('malformed', forbiddenKeyMessage(bad));
      const kind = typeof raw === 'object' && raw ? (raw as { t?: unknown }).t : undefined;
      const chatKind = (CHAT_REQUEST_KINDS as readonly unknown[]).includes(kind);
      if (chatKind && !chat) return error('no_chat', 'This server has no table chat.');
      const parsed = clientFrameSchema.safeParse(raw);
      if (!parsed.success) {
        // A person's message that breaks the text rules is not an attack on us: it never closes
        // the connection (docs/protocol.md, Table chat); any other bad shape counts as refused.
        if (chatKind && parsed.error.issues.every((i) => i.path[0] === 'text'))
          return error('malformed', describeZodError(parsed.error));
        if (chatKind) return refuse('malformed', describeZodError(parsed.error));
        const id =
          typeof raw === 'object' && raw && typeof (raw as { id?: unknown }).id === 'string'
            ? (raw as { id: string }).id.slice(0, 64)
            : undefined;
        return refuse('malformed', describeZodError(parsed.error), id);
      }
      const m = parsed.data;
      try {
        switch (m.t) {
          case 'ping':
            return conn.send(frameText({ t: 'pong' }));
          case 'chat':
          case 'mute':
          case 'chatPolicy':
            return await chatFrame(m);
          case 'hello':
            if (!hellos.take('c') || !hellosPerIp.take(ip)) {
              onRefused('hello', 'rate_limited', ip);
              return error('rate_limited', 'Too many hellos; wait a little before subscribing again.');
            }
            await service.hello(conn, m.gameId, m.token, m.lastSeq);
            // A token holding a place subscribed it; whether it is in play (never closed to make
            // room) is asked when room is needed: the table may start or end meanwhile.
            slot.standing = conn.tokenHash !== null ? 'seat' : 'spectator';
            slot.inPlay = () => inPlay(conn);
            if (chat) await chat.hello(conn, m.gameId);
            return;
          case 'note':
            if (!notes.take('c')) {
              onRefused('notes', 'rate_limited', ip);
              return error('rate_limited', 'Too many note changes; wait a little.', m.id);
            }
            return await service.note(conn, m.gameId, m.at, m.note, m.id);
          case 'leave':
          case 'back':
          case 'accept':
          case 'refuse':
          case 'abandon':
            // A seat change is a write and a frame to everyone: as dear as a hello, and held per
            // address as hellos are, so more connections do not buy more proposals.
            if (!hellos.take('c') || !hellosPerIp.take(ip)) {
              onRefused('seat_changes', 'rate_limited', ip);
              return error('rate_limited', 'Too many seat changes; wait a little.', m.id);
            }
            return await service.seatRequest(conn, m.gameId, m.t);
          case 'act': {
            const a = clientActionSchema.safeParse(m.action);
            if (!a.success) return refuse('malformed', `Action: ${describeZodError(a.error)}`, m.id);
            if (a.data.type === 'note' && !notes.take('c')) {
              onRefused('notes', 'rate_limited', ip);
              return error('rate_limited', 'Too many note changes; wait a little.', m.id);
            }
            await service.act(conn, m.gameId, m.seq, a.data as Record<string, unknown>, m.id);
            // Applied: the acknowledgement went out inside act (frame received -> ack sent).
            acks?.add(performance.now() - arrived);
            return;
          }
        }
      } catch (e) {
        if (e instanceof ApiError) {
          error(e.code, e.message, 'id' in m ? m.id : undefined, e.params);
          if (e.code === 'stale') {
            const fresh = await service.freshState(conn);
            if (fresh) conn.send(fresh);
          }
          return;
        }
        // The error's name and code (ECONNREFUSED, a PostgreSQL SQLSTATE): enough for the operator
        // to tell a database outage from a bug, never the message (it could quote game state).
        // `frame`, not `msg`: that key is the log line's own message.
        const code = (e as { code?: unknown } | null)?.code;
        log.error(
          {
            err: e instanceof Error ? e.name : 'error',
            ...(typeof code === 'string' ? { code: code.slice(0, 40) } : {}),
            frame: m.t,
            cid: conn.cid,
          },
          'unexpected failure',
        );
        error('internal', 'The server could not handle that message.', 'id' in m ? m.id : undefined);
      }
    }
  });

  const refusedOrigins = new RefusedOrigins();
  /** Said once: a proxy on this machine forwards to a server that does not read its header. */
  let proxyHinted = false;

  // Each connection is pinged once every heartbeatMs, but not all at once: the connections are
  // spread over `slices` ticks of the period (by connection number). One sweep over 1,700
  // connections (a random payload and a socket write each) held the event loop for 30-70 ms every
  // 30 s, and every move in that window waited for it (issue 29 §6: the round trip's p99).
  let tick = 0;
  const beat = setInterval(() => {
    const now = Date.now();
    const slice = tick++ % heartbeatSlices;
    const due: WebSocket[] = [];
    for (const ws of wss.clients) {
      if (sliceOf.get(ws) !== slice) continue;
      if (awaiting.get(ws) || !checkBuffer(ws, now)) ws.terminate();
      else due.push(ws);
    }
    // One draw from the CSPRNG for the whole slice.
    const payloads = randomBytes(8 * due.length);
    due.forEach((ws, i) => {
      const payload = payloads.subarray(8 * i, 8 * i + 8);
      awaiting.set(ws, payload);
      ws.ping(payload);
    });
  }, cfg.heartbeatMs / heartbeatSlices);
  beat.unref();
  // Backpressure is checked on every send; this also catches a connection that stopped reading
  // right after its last frame.
  const drainCheck = setInterval(
    () => {
      const now = Date.now();
      for (const ws of wss.clients) checkBuffer(ws, now);
    },
    Math.max(50, Math.min(1000, limits.slowConsumerMs / 2)),
  );
  drainCheck.unref();

  return {
    wss,
    upgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
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
            wss.emit('connection', ws, req, ip, slot);
          });
        } finally {
          // handleUpgrade answers a bad handshake itself (400) without calling back.
          if (!handed) socket.once('close', () => !handed && slots.release(slot));
        }
      } catch (e) {
        log.warn({ err: e instanceof Error ? e.message.slice(0, 200) : 'error' }, 'upgrade failed');
        socket.destroy();
      }
    },
    /**
     * A planned shutdown: frames that arrive from now on are not handled, the ones being handled
     * finish (their actions committed and acknowledged), then every connection is closed with
     * CLOSE_RESTART so its client reconnects at once. Waits at most `graceMs` for the closing
     * handshakes.
     */
    async shutdown(graceMs = 1000): Promise<void> {
      draining = true;
      await Promise.all([...inFlight.values()].map((q) => q()));
      const closed = [...wss.clients].map(
        (ws) =>
          new Promise<void>((r) => {
            if (ws.readyState === WebSocket.CLOSED) return r();
            ws.once('close', () => r());
            ws.close(CLOSE_RESTART, 'server restarting');
          }),
      );
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([Promise.all(closed), new Promise((r) => (timer = setTimeout(r, graceMs)))]);
      clearTimeout(timer);
    },
    close() {
      clearInterval(beat);
      clearInterval(drainCheck);
      for (const ws of wss.clients) ws.terminate();
      wss.close();
    },
  };
}
