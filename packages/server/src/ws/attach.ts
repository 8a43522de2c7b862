// The WebSocket transport: upgrades (ws/upgrade.ts), each connection's frames in order through its
// limits (ws/limits.ts, ws/frame-gate.ts) to the dispatch (ws/dispatch.ts), the `hello` deadline,
// backpressure (ws/backpressure.ts), heartbeats (ws/heartbeat.ts) and a planned shutdown.
import { WebSocket, WebSocketServer } from 'ws';
import type { Logger } from 'pino';
import type { ErrorCode } from '@mindmgmt/table';
import type { ApiError } from '../http/api-error.js';
import type { WsSlots } from '../http/ws-slots.js';
import type { LimitsConfig } from '../limits/config.js';
import { frameText } from '../play/frames.js';
import type { Conn } from '../play/live.js';
import type { TableChat } from '../players/table-chat.js';
import { Backpressure } from './backpressure.js';
import {
  CLOSE_HELLO_TIMEOUT,
  CLOSE_RATE_LIMIT,
  CLOSE_RESTART,
  CLOSE_TRY_LATER,
  type OnRefused,
  type WsConfig,
} from './config.js';
import { dispatch, type Dispatch, type Sender, type WsGames } from './dispatch.js';
import { gateFrame } from './frame-gate.js';
import { Heartbeat } from './heartbeat.js';
import { WsLimits } from './limits.js';
import { upgrader } from './upgrade.js';

let nextCid = 1;

/** Closes a connection whose client may not read the close frame: it is dropped a second later. */
function closeSoon(ws: WebSocket, code: number, reason: string): void {
  ws.close(code, reason);
  // A sender that does not finish the closing handshake is not read for ws's 30 s default.
  setTimeout(() => ws.terminate(), 1000).unref();
}

export function attachWebSockets(
  games: WsGames,
  log: Logger,
  cfg: WsConfig,
  limits: LimitsConfig,
  slots: WsSlots,
  acks: { add(ms: number): void } | null = null,
  chat: TableChat | null = null,
  onRefused: OnRefused = () => {},
) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: cfg.hardMaxFrameBytes, perMessageDeflate: false });
  const shared = new WsLimits(cfg, limits);
  const backpressure = new Backpressure(limits, log, cfg.clock);
  const heartbeat = new Heartbeat(wss.clients, cfg.heartbeatMs, (ws) => backpressure.check(ws), cfg.clock);
  const d: Dispatch = { games, chat, log, onRefused, acks };
  /** Each open connection's frames still being handled (shutdown waits for them). */
  const inFlight = new Map<WebSocket, () => Promise<void>>();
  /** Shutting down: frames that arrive now are not handled (their sender never got an ack). */
  let draining = false;

  /** A seat's connection in play: its token holds a seat of a running game held here, and it is
   * among the newest `wsSeatsPerToken` connections of that token (a person's devices). */
  function inPlay(conn: Conn): boolean {
    const g = conn.gameId && conn.tokenHash !== null ? games.master.inMemory(conn.gameId) : undefined;
    if (!g || g.row.status !== 'active' || !g.state || g.state.result) return false;
    let newer = 0;
    let found = false;
    for (const c of g.subs) {
      if (c === conn) found = true;
      else if (found && c.tokenHash === conn.tokenHash) newer++;
    }
    return found && newer < limits.wsSeatsPerToken;
  }

  const upgrade = upgrader(wss, limits, slots, log, onRefused, (ws, ip, slot) => {
    const conn: Conn = {
      cid: nextCid++,
      ip,
      gameId: null,
      tokenHash: null,
      viewer: null,
      send(text) {
        if (ws.readyState !== WebSocket.OPEN || !backpressure.check(ws)) return;
        ws.send(text);
      },
    };
    heartbeat.add(ws, conn.cid);
    const connLimits = shared.forConnection(ip, Date.now());
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
    const sender: Sender = {
      conn,
      ip,
      limits: connLimits,
      error,
      // A frame refused for its size or shape: the sender pays for it, and a connection (or an
      // address) that keeps sending them is cut off instead of costing us a parse each.
      refuse(code, message, id) {
        if (cut) return;
        if (!connLimits.refused()) {
          onRefused('refused_frames', code, ip);
          cut = true;
          closeSoon(ws, CLOSE_RATE_LIMIT, 'too many refused messages');
          return;
        }
        error(code, message, id);
      },
      // A token holding a place subscribed it; whether it is in play (never closed to make room)
      // is asked when room is needed: the table may start or end meanwhile.
      subscribed() {
        slot.standing = conn.tokenHash !== null ? 'seat' : 'spectator';
        slot.inPlay = () => inPlay(conn);
      },
    };

    inFlight.set(ws, () => queue);
    ws.on('message', (data, isBinary) => {
      if (cut || draining) return;
      const rate = connLimits.frame(Date.now());
      if (rate !== 'ok') {
        onRefused('ws_frames', 'rate_limited', ip);
        if (rate === 'close') ws.close(CLOSE_RATE_LIMIT, 'rate limit');
        else error('rate_limited', 'Too many messages; slow down.');
        return;
      }
      if (isBinary) return sender.refuse('bad_frame', 'Messages are JSON text.');
      const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data);
      // Size and shape first, from the bytes alone: a refused frame is never decoded or parsed.
      const gate = gateFrame(bytes, cfg.maxFrameBytes);
      if (gate) return sender.refuse(gate.code, gate.message);
      const text = bytes.toString('utf8');
      const arrived = performance.now();
      queue = queue
        .then(() => dispatch(d, sender, text, arrived))
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
      games.connections.unsubscribe(conn);
      slots.release(slot);
    };
    ws.on('close', gone);
    ws.on('error', gone);
  });

  // Backpressure is checked on every send; this also catches a connection that stopped reading
  // right after its last frame.
  const drainCheck = setInterval(
    () => {
      for (const ws of wss.clients) backpressure.check(ws);
    },
    Math.max(50, Math.min(1000, limits.slowConsumerMs / 2)),
  );
  drainCheck.unref();

  return {
    wss,
    upgrade,
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
      heartbeat.stop();
      clearInterval(drainCheck);
      for (const ws of wss.clients) ws.terminate();
      wss.close();
    },
  };
}
