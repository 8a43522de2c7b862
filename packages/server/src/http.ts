// HTTP: the JSON API and the web client's static files. Every request is answered inside one
// try/catch: a malformed target or header gets 400, a request-scoped failure 500 with a log line,
// and the process keeps serving.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { ApiError } from './api-error.js';
import type { GameService } from './games.js';
import { body } from './http/body.js';
import { clientIp } from './http/client.js';
import { prefixKey } from './http/address.js';
import { sendError, sendJson, sendJsonText } from './http/headers.js';
import { createStaticHandler } from './http/static.js';
import { parseTarget } from './http/target.js';
import { RateBudget } from './limits/budget.js';
import { OpenTablesByCreator } from './lobby/open-by-creator.js';
import { CreateLanes } from './lobby/create-lanes.js';
import { ClosedOnRefusal } from './lobby/start.js';
import type { LimitsConfig } from './limits/config.js';
import { createGameSchema, joinSchema, myGamesSchema, tokenBodySchema } from './schemas.js';
import { createPlayerRoutes, type PlayerParts } from './players/routes.js';
import { createNotifyRoutes } from './notify/routes.js';
import { createAdminRoutes } from './admin/routes.js';
import type { AdminService } from './admin/service.js';
import type { Mailer } from './notify/mail.js';

export { MAX_BODY_BYTES } from './http/body.js';

/** The last page of a listing (open tables, live tables): deeper offsets cost the database and
 * show nobody anything. */
const MAX_PAGE = 1000;

export function createHttpHandler(
  service: GameService,
  log: Logger,
  webDist: string,
  limits: LimitsConfig,
  playerParts: PlayerParts | null = null,
  pushLoopback = false,
  mailer: Mailer | null = null,
  /** Told of each request refused by a limit (429, or 503 busy): metrics and a sampled log line. */
  onRefused: (limit: string, code: string, address: string) => void = () => {},
  admin: AdminService | null = null,
) {
  const serveStatic = createStaticHandler(webDist);
  const playerRoute = playerParts ? createPlayerRoutes(playerParts, limits) : null;
  const players = playerParts?.accounts ?? null;
  const notifier = playerParts?.notifier ?? null;
  const adminRoute = admin && players ? createAdminRoutes(admin, players, limits) : null;
  const notifyRoute = notifier && players ? createNotifyRoutes(notifier, players, limits, pushLoopback, mailer) : null;
  const creates = new RateBudget(limits.createPerIp);
  const lanes = new CreateLanes(limits);
  const waiting = new OpenTablesByCreator(limits.openTablesPerIp, (id) => service.stillWaiting(id));
  const joins = new RateBudget(limits.joinPerIp);
  const starts = new RateBudget(limits.startPerIp);

  function spend(budget: RateBudget, ip: string, what: string): void {
    if (!budget.take(ip))
      throw new ApiError(
        429,
        'rate_limited',
        `Too many ${what} from your address; try again in ${budget.retryAfterSec(ip)} s.`,
      );
  }

  function pageOf(search: URLSearchParams): number {
    const page = Number(search.get('page') ?? '0');
    if (!Number.isInteger(page) || page < 0 || page > MAX_PAGE)
      throw new ApiError(400, 'malformed', `page: a whole number from 0 to ${MAX_PAGE}.`);
    return page;
  }

  async function route(req: IncomingMessage, res: ServerResponse, p: string, search: URLSearchParams) {
    const m = req.method ?? 'GET';
    const ip = clientIp(req, limits.trustProxy);
    const parts = p.split('/').filter(Boolean); // ['api', ...]
    if (p === '/api/health' && m === 'GET') return sendJson(res, 200, { ok: true });
    if (p === '/api/games' && m === 'POST') {
      const b = await body(req, createGameSchema);
      // Limits before anything that may write; a refused create holds no slot and spends nothing
      // server-wide.
      const slot = await waiting.reserve(ip);
      if (!slot)
        throw new ApiError(
          429,
          'too_many_open_tables',
          `Your address already has ${limits.openTablesPerIp} tables waiting for players; start or leave one first.`,
        );
      let r;
      let me;
      let profileSlot: Awaited<ReturnType<typeof waiting.reserve>> = null;
      try {
        spend(creates, ip, 'new tables');
        me = await players?.optionalPlayer(req);
        const vouched = me ? await players!.vouchesFor(me.player) : false;
        // A vouched table is listed first (lobby/tables.ts) and created in a lane of its own
        // (lobby/create-lanes.ts): one profile from many addresses creates no faster and keeps no
        // more of them waiting than one address may.
        if (vouched) {
          if (!creates.take(`player:${me!.player.id}`))
            throw new ApiError(
              429,
              'rate_limited',
              `Too many new tables from your profile; try again in ${creates.retryAfterSec(`player:${me!.player.id}`)} s.`,
            );
          profileSlot = await waiting.reserve(`player:${me!.player.id}`);
          if (!profileSlot)
            throw new ApiError(
              429,
              'too_many_open_tables',
              `You already have ${limits.openTablesPerIp} tables waiting for players; start or leave one first.`,
            );
        }
        if (!lanes.admit(ip, vouched))
          throw new ApiError(
            503,
            'busy',
            `The server is opening too many new tables; try again in ${lanes.retryAfterSec(vouched)} s.`,
          );
        r = await service.createGame(b, vouched, prefixKey(ip));
      } catch (e) {
        slot.cancel();
        profileSlot?.cancel();
        throw e;
      }
      slot.bind(r.gameId);
      profileSlot?.bind(r.gameId);
      await players?.placeTaken(r.gameId, r.place, me?.player ?? null, r.token);
      return sendJson(res, 200, r);
    }
    if (p === '/api/games' && m === 'GET') {
      return sendJson(res, 200, await service.listOpen(pageOf(search)));
    }
    // The live tables to watch: pages of limits.openPageSize, as many as the open list.
    if (p === '/api/live' && m === 'GET') return sendJson(res, 200, await service.listLive(pageOf(search)));
    if (p === '/api/my-games' && m === 'POST')
      return sendJson(res, 200, { games: await service.myGames((await body(req, myGamesSchema)).tokens) });
    if (parts[1] === 'games' && parts.length >= 3 && parts.length <= 4) {
      const id = parts[2]!;
      if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) throw new ApiError(404, 'not_found', 'There is no such game.');
      const verb = parts[3];
      if (verb === undefined && m === 'GET') return sendJson(res, 200, await service.getLobby(id));
      // D13: the finish rate of each player at the table (public, as their profiles are)
      if (verb === 'finish-rates' && m === 'GET')
        return sendJson(res, 200, { places: players ? await players.finishRates(id) : [] });
      if (verb === 'join' && m === 'POST') {
        const b = await body(req, joinSchema);
        spend(joins, ip, 'joins');
        const me = await players?.optionalPlayer(req);
        await playerParts?.campaigns.checkJoin(id, me?.player ?? null);
        await admin?.checkJoin(id, me?.player ?? null);
        await players?.checkFinishRate(id, me?.player ?? null);
        const r = await service.join(id, b.name, b.place, b.volunteer ?? false);
        await players?.placeTaken(id, r.place, me?.player ?? null, r.token);
        notifier?.joined(id, r.place);
        return sendJson(res, 200, r);
      }
      if (verb === 'leave' && m === 'POST') {
        const place = await service.leave(id, (await body(req, tokenBodySchema)).token);
        await players?.placeLeft(id, place);
        return sendJson(res, 200, { ok: true });
      }
      if (verb === 'start' && m === 'POST') {
        const b = await body(req, tokenBodySchema);
        spend(starts, ip, 'game starts');
        const me = await players?.optionalPlayer(req);
        try {
          await service.startGame(id, b.token, ip, me?.player.id ?? null);
        } catch (e) {
          // A refused start that closed the host's lone table: the host left it.
          if (e instanceof ClosedOnRefusal) await players?.placeLeft(id, e.place);
          throw e;
        }
        notifier?.started(id);
        return sendJson(res, 200, { ok: true });
      }
      // A finished game's record never changes: serialised once and kept.
      if (verb === 'record' && m === 'GET') return sendJsonText(res, 200, await service.recordText(id));
      // 409 not_over before the end; 202 while computing; then the stored JSON.
      if (verb === 'analysis' && m === 'GET') {
        const a = await service.analysis(id);
        return a.status === 200 ? sendJsonText(res, 200, a.text) : sendJson(res, 202, a.body);
      }
    }
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
