// HTTP: the JSON API (the lobby's routes, then admin, notifications and players, each in its
// part) and the web client's static files. Every request is answered inside one try/catch: a
// malformed target or header gets 400, a refusal its ApiError, a request-scoped failure 500 with
// a log line, and the process keeps serving.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { ApiError } from '../http/api-error.js';
import type { GameService } from './games.js';
import { clientIp } from '../http/client.js';
import { sendError, sendJson } from '../http/headers.js';
import { createStaticHandler } from '../http/static.js';
import { parseTarget } from '../http/target.js';
import type { LimitsConfig } from '../limits/config.js';
import { createLobbyRoutes } from '../lobby/routes.js';
import { createPlayerRoutes, type PlayerParts } from '../players/routes.js';
import { createNotifyRoutes } from '../notify/routes.js';
import { createAdminRoutes } from '../admin/routes.js';
import type { AdminService } from '../admin/service.js';
import type { Mailer } from '../notify/mail.js';
import type { Notifier } from '../notify/notifier.js';
import type { PlayerRow } from '../store/players/types.js';

export { MAX_BODY_BYTES } from '../http/body.js';

export function createHttpHandler(
  service: GameService,
  log: Logger,
  webDist: string,
  limits: LimitsConfig,
  playerParts: PlayerParts | null = null,
  notifier: Notifier | null = null,
  pushLoopback = false,
  mailer: Mailer | null = null,
  /** Told of each request refused by a limit (429, or 503 busy): metrics and a sampled log line. */
  onRefused: (limit: string, code: string, address: string) => void = () => {},
  admin: AdminService | null = null,
) {
  const serveStatic = createStaticHandler(webDist);
  const players = playerParts?.accounts ?? null;
  // Before a join, in this order: a campaign's table takes its own players, a block keeps a
  // player from the blocker's table, a table may ask for a finish rate.
  const joinChecks: ((gameId: string, player: PlayerRow | null) => Promise<void>)[] = [];
  if (playerParts) joinChecks.push((id, p) => playerParts.campaigns.checkJoin(id, p));
  if (admin) joinChecks.push((id, p) => admin.checkJoin(id, p));
  if (players) joinChecks.push((id, p) => players.checkFinishRate(id, p));
  const lobbyRoute = createLobbyRoutes(
    {
      lobby: service.lobby,
      records: service.records,
      analyses: service.analyses,
      players,
      joinChecks,
      told: notifier,
    },
    limits,
  );
  const playerRoute = playerParts ? createPlayerRoutes(playerParts, limits) : null;
  const adminRoute = admin && players ? createAdminRoutes(admin, players, limits) : null;
  const notifyRoute = notifier && players ? createNotifyRoutes(notifier, players, limits, pushLoopback, mailer) : null;

  async function route(req: IncomingMessage, res: ServerResponse, p: string, search: URLSearchParams) {
    const m = req.method ?? 'GET';
    const ip = clientIp(req, limits.trustProxy);
    if (p === '/api/health' && m === 'GET') return sendJson(res, 200, { ok: true });
    if (await lobbyRoute(req, res, p, search, ip)) return;
    if (adminRoute && (await adminRoute(req, res, p, search, ip))) return;
    if (notifyRoute && (await notifyRoute(req, res, p, search, ip))) return;
    if (playerRoute && (await playerRoute(req, res, p, search, ip))) return;
    throw new ApiError(404, 'not_found', 'No such API route.');
  }

  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const target = parseTarget(req.url);
    try {
      if (!target) return sendError(res, 400, 'bad_target', 'The request target is not a valid path.');
      if (!target.pathname.startsWith('/api/')) return await serveStatic(req, res, target.pathname);
      await route(req, res, target.pathname, target.search);
    } catch (e) {
      if (e instanceof ApiError) {
        if ((e.status === 429 || e.status === 503) && target)
          onRefused(routeKey(req.method ?? 'GET', target.pathname), e.code, clientIp(req, limits.trustProxy));
        return sendError(res, e.status, e.code, e.message);
      }
      log.error(
        {
          err: e instanceof Error ? `${e.name}: ${e.message}`.slice(0, 300) : 'error',
          route: target?.pathname.slice(0, 40),
        },
        'http handler failed',
      );
      sendError(res, 500, 'internal', 'Internal error.');
    }
  };
}

/** The route a refused request was for, ids left out ("POST /api/games/:id/join"): a few values
 * whatever paths are sent (a refusal only comes from a real route, whose 4th segment is a verb). */
function routeKey(method: string, pathname: string): string {
  const parts = pathname.split('/').filter(Boolean);
  const word = (x: string | undefined) => (x !== undefined && /^[a-z][a-z-]{0,30}$/.test(x) ? x : ':id');
  const tail = parts.length > 2 ? `/:id${parts.length > 3 ? `/${word(parts[3])}` : ''}` : '';
  return `${method.slice(0, 7)} /${word(parts[0])}/${word(parts[1])}${tail}`;
}
