// The operator's routes (docs/operations.md): GET /metrics (Prometheus text, behind a bearer
// token) and GET /api/ready (readiness: the database takes a write and the bot workers run).
// /api/health stays a liveness check: the process answers.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendError, sendJson } from '../http/headers.js';
import { bearerMatches, type Metrics } from './index.js';

/** Longest a readiness write may take before the instance counts as not ready. */
export const DEFAULT_READY_TIMEOUT_MS = 2000;
/** A successful readiness write is taken as the answer for this long: the route is public, and
 * a flood of it must not become a flood of commits. */
export const DEFAULT_READY_REUSE_MS = 1000;

export interface Readiness {
  /** Null when ready, else why not ('shutting_down', 'bots', 'database: ...'). */
  check(): Promise<string | null>;
}

export function readiness(o: {
  probe: (() => Promise<void>) | null;
  botsAlive: () => boolean;
  closing: () => boolean;
  timeoutMs: number;
  reuseMs: number;
  now?: () => number;
}): Readiness {
  const now = o.now ?? (() => performance.now());
  // One probe at a time: a hung database is asked once, not once per check.
  let running: Promise<string | null> | null = null;
  let okAt = -Infinity;
  const probe = (): Promise<string | null> => {
    if (!o.probe) return Promise.resolve(null);
    if (now() - okAt < o.reuseMs) return Promise.resolve(null);
    running ??= new Promise<string | null>((resolve) => {
      const timer = setTimeout(() => resolve('database: no answer in time'), o.timeoutMs);
      o.probe!().then(
        () => {
          clearTimeout(timer);
          okAt = now();
          resolve(null);
        },
        (e: unknown) => (
          clearTimeout(timer),
          resolve(`database: ${e instanceof Error ? e.message : 'error'}`.slice(0, 200))
        ),
      );
    }).finally(() => (running = null));
    return running;
  };
  return {
    async check() {
      if (o.closing()) return 'shutting_down';
      if (!o.botsAlive()) return 'bots: the bot workers are stopped';
      return probe();
    },
  };
}

/** Answers the operator's routes; false for any other request. */
export function createOpsRoutes(metrics: Metrics, token: string | null, ready: Readiness) {
  return async function route(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<boolean> {
    if (req.method !== 'GET') return false;
    if (pathname === '/metrics') {
      // Unset: no such route. A wrong or missing token gets the same 404, so the route's
      // existence is not told to whoever has no token.
      if (!token || !bearerMatches(req.headers.authorization, token)) {
        sendError(res, 404, 'not_found', 'No such route.');
        return true;
      }
      const body = await metrics.text();
      res.writeHead(200, { 'content-type': metrics.contentType, 'cache-control': 'no-store' });
      res.end(body);
      return true;
    }
    if (pathname === '/api/ready') {
      const why = await ready.check();
      if (why === null) sendJson(res, 200, { ok: true });
      else sendJson(res, 503, { ok: false, reason: why });
      return true;
    }
    return false;
  };
}
