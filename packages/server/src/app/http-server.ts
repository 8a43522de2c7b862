// The node HTTP server in front of the handlers: each socket admitted by the connection gate
// (http/connections.ts) or answered 503 when only the reserve is left, the operators' routes
// (`/metrics`, `/api/ready`) before the API, node's request timers, an access log line per
// request (ACCESS_LOG=1), and a request node cannot parse answered 400 or 408, never a throw.
import http from 'node:http';
import type { Socket } from 'node:net';
import type { Logger } from 'pino';
import { clientIp } from '../http/client.js';
import type { ConnectionGate } from '../http/connections.js';
import { SECURITY_HEADERS, sendError } from '../http/headers.js';
import { parseTarget } from '../http/target.js';
import type { LimitsConfig } from '../limits/config.js';
import type { Metrics } from '../metrics/index.js';

/** A request's headers must arrive within `headersMs` of its socket opening or of its first byte,
 * the whole request within `requestMs`; node checks every `checkMs`. */
export interface HttpTimeouts {
  headersMs: number;
  requestMs: number;
  checkMs: number;
}
export const DEFAULT_HTTP_TIMEOUTS: HttpTimeouts = { headersMs: 15_000, requestMs: 30_000, checkMs: 30_000 };

export interface HttpServerParts {
  readonly gate: ConnectionGate;
  readonly timeouts: HttpTimeouts;
  readonly accessLog: boolean;
  readonly log: Logger;
  readonly limits: LimitsConfig;
  readonly metrics: Metrics;
  /** `/metrics` and `/api/ready` (metrics/routes.ts): true when it answered. */
  readonly opsRoute: (req: http.IncomingMessage, res: http.ServerResponse, pathname: string) => Promise<boolean>;
  /** Everything else: the API and the static files (app/http.ts). */
  readonly handler: (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>;
}

export function createHttpServer({
  gate,
  timeouts,
  accessLog,
  log,
  limits,
  metrics,
  opsRoute,
  handler,
}: HttpServerParts): http.Server {
  const server = http.createServer({ connectionsCheckingInterval: timeouts.checkMs }, (req, res) => {
    // A request is being answered (not to be shed) once all of it has arrived: a socket still
    // sending its body is as half-sent as one still sending its headers.
    let answered = false;
    const length = req.headers['content-length'];
    const bodyToCome = (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
    if (!bodyToCome || req.complete) gate.requestStarted(req.socket);
    else req.once('end', () => answered || gate.requestStarted(req.socket));
    const t0 = accessLog ? performance.now() : 0;
    res.once('close', () => {
      answered = true;
      gate.requestEnded(req.socket);
      if (accessLog)
        log.info(
          {
            // `address`, as in the refusal lines: one key to follow a client through the log.
            address: clientIp(req, limits.trustProxy),
            method: req.method,
            path: (parseTarget(req.url)?.pathname ?? '?').slice(0, 200),
            status: res.statusCode,
            ms: Number((performance.now() - t0).toFixed(1)),
          },
          'http',
        );
    });
    const pathname = parseTarget(req.url)?.pathname ?? null;
    if (gate.allows(req.socket, pathname)) {
      if (pathname === '/metrics' || pathname === '/api/ready')
        return void opsRoute(req, res, pathname).then(
          (done) => void (done || handler(req, res)),
          () => sendError(res, 500, 'internal', 'Internal error.'),
        );
      return void handler(req, res);
    }
    // A socket taken from the reserve while connections are scarce: health checks only.
    metrics.refused('sockets', 'busy', clientIp(req, limits.trustProxy));
    res.shouldKeepAlive = false;
    sendError(res, 503, 'busy', 'The server is busy; try again in a few seconds.');
  });
  // Ours runs after node's own listener (registered in createServer), on the same tick.
  server.on('connection', (socket: Socket) => gate.admit(socket));
  server.requestTimeout = timeouts.requestMs;
  server.headersTimeout = timeouts.headersMs;
  // A request node cannot parse (bad request line, header bytes, sizes): 400 and close, never a
  // throw: one bad client must not stop the process.
  server.on('clientError', (err: NodeJS.ErrnoException, socket) => {
    // A timed-out request gets 408, as node itself would send. Node's timer starts when a socket
    // opens, so a socket a browser opened ahead of need and left idle times out with no request on
    // it; a browser that sends on it just then reads our answer as the answer to its request. It
    // retries on a 408; a 400 reached the page as an error (regression: the end panel's campaign
    // poll and the replay's record fetch failed now and then in CI).
    const timeout = err.code === 'ERR_HTTP_REQUEST_TIMEOUT';
    if (err.code === 'ECONNRESET') socket.destroy();
    else if (socket.writable && !(socket as { _httpMessage?: unknown })._httpMessage) {
      const body = timeout
        ? '{"error":{"code":"timeout","message":"The request took too long to arrive."}}'
        : '{"error":{"code":"bad_request","message":"Malformed request."}}';
      const head = Object.entries(SECURITY_HEADERS)
        .map(([k, v]) => `${k}: ${v}\r\n`)
        .join('');
      socket.end(
        `HTTP/1.1 ${timeout ? '408 Request Timeout' : '400 Bad Request'}\r\nconnection: close\r\ncontent-type: application/json\r\n${head}content-length: ${body.length}\r\n\r\n${body}`,
      );
    } else socket.destroy();
    log.debug({ code: err.code }, 'malformed request');
  });
  return server;
}
