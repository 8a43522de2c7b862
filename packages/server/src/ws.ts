// WebSocket transport: validation, size and rate limits, dispatch to the service.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import type { Logger } from 'pino';
import { ApiError, type Conn, type GameService } from './games.js';
import { clientActionSchema, clientMessageSchema, describeZodError } from './schemas.js';

export interface WsConfig {
  /** Frames above this get an error `too_large` (the connection stays). */
  maxFrameBytes: number;
  /** Frames above this close the connection (ws maxPayload). */
  hardMaxFrameBytes: number;
  /** Token bucket per connection. */
  ratePerSec: number;
  rateBurst: number;
  heartbeatMs: number;
}

export const DEFAULT_WS_CONFIG: WsConfig = {
  maxFrameBytes: 16 * 1024,
  hardMaxFrameBytes: 1024 * 1024,
  ratePerSec: 20,
  rateBurst: 60,
  heartbeatMs: 30_000,
};

let nextCid = 1;

export function attachWebSockets(service: GameService, log: Logger, cfg: WsConfig) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: cfg.hardMaxFrameBytes, perMessageDeflate: false });
  const alive = new WeakMap<WebSocket, boolean>();

  wss.on('connection', (ws: WebSocket) => {
    const conn: Conn = {
      cid: nextCid++,
      gameId: null,
      tokenHash: null,
      viewer: null,
      send(text) {
        if (ws.readyState === WebSocket.OPEN) ws.send(text);
      },
    };
    alive.set(ws, true);
    let tokens = cfg.rateBurst;
    let last = Date.now();
    let strikes = 0;
    // Frames of one connection are handled one after the other, in order.
    let queue: Promise<void> = Promise.resolve();
    const error = (code: string, message: string, id?: string) =>
      conn.send(JSON.stringify(id === undefined ? { t: 'error', code, message } : { t: 'error', code, message, id }));

    ws.on('pong', () => alive.set(ws, true));
    ws.on('message', (data, isBinary) => {
      const now = Date.now();
      tokens = Math.min(cfg.rateBurst, tokens + ((now - last) / 1000) * cfg.ratePerSec);
      last = now;
      if (tokens < 1) {
        strikes++;
        if (strikes > cfg.rateBurst * 4) ws.close(1008, 'rate limit');
        else error('rate_limited', 'Too many messages; slow down.');
        return;
      }
      tokens--;
      strikes = 0;
      const size = Array.isArray(data)
        ? data.reduce((n, b) => n + b.length, 0)
        : ((data as ArrayBuffer).byteLength ?? (data as Buffer).length);
      if (size > cfg.maxFrameBytes) return error('too_large', `A message may be at most ${cfg.maxFrameBytes} bytes.`);
      if (isBinary) return error('bad_frame', 'Messages are JSON text.');
      const text = Array.isArray(data)
        ? Buffer.concat(data).toString('utf8')
        : Buffer.from(data as Buffer).toString('utf8');
      queue = queue.then(() => handle(text)).catch((e) => log.error({ err: String(e) }, 'ws handler failed'));
    });
    ws.on('close', () => service.unsubscribe(conn));
    ws.on('error', () => service.unsubscribe(conn));

    async function handle(text: string): Promise<void> {
      let raw: unknown;
      try {
        raw = JSON.parse(text);
      } catch {
        return error('bad_json', 'A message is one JSON object.');
      }
      const parsed = clientMessageSchema.safeParse(raw);
      if (!parsed.success) {
        const id =
          typeof raw === 'object' && raw && typeof (raw as { id?: unknown }).id === 'string'
            ? (raw as { id: string }).id.slice(0, 64)
            : undefined;
        return error('malformed', describeZodError(parsed.error), id);
      }
      const m = parsed.data;
      try {
        switch (m.t) {
          case 'ping':
            return conn.send('{"t":"pong"}');
          case 'hello':
            return await service.hello(conn, m.gameId, m.token);
          case 'act': {
            const a = clientActionSchema.safeParse(m.action);
            if (!a.success) return error('malformed', `Action: ${describeZodError(a.error)}`, m.id);
            return await service.act(conn, m.gameId, m.seq, a.data as Record<string, unknown>, m.id);
          }
        }
      } catch (e) {
        if (e instanceof ApiError) {
          error(e.code, e.message, m.t === 'act' ? m.id : undefined);
          if (e.code === 'stale') {
            const fresh = await service.freshState(conn);
            if (fresh) conn.send(fresh);
          }
          return;
        }
        log.error({ err: e instanceof Error ? e.name : 'error', msg: m.t }, 'unexpected failure');
        error('internal', 'The server could not handle that message.', m.t === 'act' ? m.id : undefined);
      }
    }
  });

  const beat = setInterval(() => {
    for (const ws of wss.clients) {
      if (!alive.get(ws)) {
        ws.terminate();
        continue;
      }
      alive.set(ws, false);
      ws.ping();
    }
  }, cfg.heartbeatMs);
  beat.unref();

  return {
    wss,
    upgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname !== '/ws') {
        socket.destroy();
        return;
      }
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
    },
    close() {
      clearInterval(beat);
      for (const ws of wss.clients) ws.terminate();
      wss.close();
    },
  };
}
