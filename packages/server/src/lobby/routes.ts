// The lobby's HTTP routes: create, list (open, live, a player's own), look at one table, join,
// leave, start; a finished game's record and analysis. Each refusal is an ApiError (app/http.ts
// answers it); the limits on creating, joining and starting are per address and per profile.
import { ApiError } from '../http/api-error.js';
import { prefixKey } from '../http/address.js';
import { body } from '../http/body.js';
import { sendJson, sendJsonText } from '../http/headers.js';
import { RateBudget } from '../limits/budget.js';
import type { LimitsConfig } from '../limits/config.js';
import type { Analyses } from '../play/analyses.js';
import type { Records } from '../play/records.js';
import type { PlayerService } from '../players/service.js';
import { createGameSchema, joinSchema, myGamesSchema, tokenBodySchema } from '@mindmgmt/table';
import type { PlayerRow } from '../store/players/types.js';
import { CreateLanes } from './create-lanes.js';
import { OpenTablesByCreator } from './open-by-creator.js';
import { ClosedOnRefusal } from './start.js';
import type { Lobby } from './tables.js';
import { requestLine, type RouteArgs } from '../http/route.js';

/** The last page of a listing (open tables, live tables): deeper offsets cost the database and
 * show nobody anything. */
const MAX_PAGE = 1000;

/** What the lobby's routes reach, handed in when the server is wired. */
export interface LobbyRouteParts {
  readonly lobby: Lobby;
  readonly records: Records;
  readonly analyses: Analyses;
  /** Who is signed in, vouching, finish rates, the places a profile holds; null without players. */
  readonly players: PlayerService | null;
  /** The checks of the parts above before a join (a campaign's table, a block), in order; each
   * throws its refusal. */
  readonly joinChecks: readonly ((gameId: string, player: PlayerRow | null) => Promise<void>)[];
  /** Told of a join and of a start (notifications); null without them. */
  readonly told: { joined(gameId: string, place: number): void; started(gameId: string): void } | null;
}

export function createLobbyRoutes(
  { lobby, records, analyses, players, joinChecks, told }: LobbyRouteParts,
  limits: LimitsConfig,
) {
  const creates = new RateBudget(limits.createPerIp);
  const lanes = new CreateLanes(limits);
  const waiting = new OpenTablesByCreator(limits.openTablesPerIp, (id) => lobby.stillWaiting(id));
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

  /** Answers the request when it is one of the lobby's routes (true), else leaves it (false). */
  return async function route(...[req, res, p, search, ip]: RouteArgs): Promise<boolean> {
    const { m, parts } = requestLine(req, p); // ['api', ...]
    const json = (status: number, b: unknown): true => (sendJson(res, status, b), true);
    const jsonText = (status: number, text: string): true => (sendJsonText(res, status, text), true);
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
        r = await lobby.createGame(b, vouched, prefixKey(ip));
      } catch (e) {
        slot.cancel();
        profileSlot?.cancel();
        throw e;
      }
      slot.bind(r.gameId);
      profileSlot?.bind(r.gameId);
      await players?.placeTaken(r.gameId, r.place, me?.player ?? null, r.token);
      return json(200, r);
    }
    if (p === '/api/games' && m === 'GET') {
      return json(200, await lobby.listOpen(pageOf(search)));
    }
    // The live tables to watch: pages of limits.openPageSize, as many as the open list.
    if (p === '/api/live' && m === 'GET') return json(200, await lobby.listLive(pageOf(search)));
    if (p === '/api/my-games' && m === 'POST')
      return json(200, { games: await lobby.myGames((await body(req, myGamesSchema)).tokens) });
    if (parts[1] === 'games' && parts.length >= 3 && parts.length <= 4) {
      const id = parts[2]!;
      if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) throw new ApiError(404, 'not_found', 'There is no such game.');
      const verb = parts[3];
      if (verb === undefined && m === 'GET') return json(200, await lobby.getLobby(id));
      // D13: the finish rate of each player at the table (public, as their profiles are)
      if (verb === 'finish-rates' && m === 'GET')
        return json(200, { places: players ? await players.finishRates(id) : [] });
      if (verb === 'join' && m === 'POST') {
        const b = await body(req, joinSchema);
        spend(joins, ip, 'joins');
        const me = await players?.optionalPlayer(req);
        for (const check of joinChecks) await check(id, me?.player ?? null);
        await players?.checkFinishRate(id, me?.player ?? null);
        const r = await lobby.join(id, b.name, b.place, b.volunteer ?? false);
        await players?.placeTaken(id, r.place, me?.player ?? null, r.token);
        told?.joined(id, r.place);
        return json(200, r);
      }
      if (verb === 'leave' && m === 'POST') {
        const place = await lobby.leave(id, (await body(req, tokenBodySchema)).token);
        await players?.placeLeft(id, place);
        return json(200, { ok: true });
      }
      if (verb === 'start' && m === 'POST') {
        const b = await body(req, tokenBodySchema);
        spend(starts, ip, 'game starts');
        const me = await players?.optionalPlayer(req);
        try {
          await lobby.startGame(id, b.token, ip, me?.player.id ?? null);
        } catch (e) {
          // A refused start that closed the host's lone table: the host left it.
          if (e instanceof ClosedOnRefusal) await players?.placeLeft(id, e.place);
          throw e;
        }
        told?.started(id);
        return json(200, { ok: true });
      }
      // A finished game's record never changes: serialised once and kept, so a popular replay costs one serialisation.
      if (verb === 'record' && m === 'GET') return jsonText(200, await records.recordText(id));
      // A finished game's analysis: 409 not_over before the end (it shows the secrets); 202 while
      // computing; then the stored JSON.
      if (verb === 'analysis' && m === 'GET') {
        const a = await analyses.analysis(id);
        return a.status === 200 ? jsonText(200, a.text) : json(202, a.body);
      }
    }
    return false;
  };
}
