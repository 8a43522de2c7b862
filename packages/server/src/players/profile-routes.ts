// Profiles, game histories and the leaderboard: public reads of what the players' games left.
import { ApiError } from '../http/api-error.js';
import { sendJson } from '../http/headers.js';
import { query } from '../http/query.js';
import type { PlayerStore } from '../store/players/types.js';
import { BotProfileCache, isBotPlayerId } from './bot-profiles.js';
import { isProvisional, PROVISIONAL_RD } from './ratings-rules.js';
import { publicPlayer } from './route-common.js';
import { historyQuerySchema, leaderboardQuerySchema } from './schemas.js';
import { FINISH_RATE_GAMES } from './service.js';
import { requestLine, type RouteArgs } from '../http/route.js';

/** Rated games a player needs before the leaderboard lists them. */
export const LEADERBOARD_MIN_GAMES = 5;
const RECENT_ON_PROFILE = 10;

export function createProfileRoutes(store: PlayerStore) {
  /** A bot's counts, shared by every request until its next game ends (bot-profiles.ts). */
  const botCounts = new BotProfileCache<Awaited<ReturnType<typeof counts>>>();

  async function profile(id: string) {
    const p = await store.getPlayer(id);
    if (!p) throw new ApiError(404, 'not_found', 'There is no such player.');
    // One after the other, the history first: a game's history rows and its rating change commit
    // together, so ratings and counts read after the history include every game it lists. Read
    // in parallel on separate PostgreSQL connections, a profile could list a game whose rating
    // was not there yet (regression: chat-record-durable, "a failure injected at record time").
    const recent = await store.historyOf(id, RECENT_ON_PROFILE);
    // The latest game is the cache's key: a bot's counts are counted again when a game ends.
    const latest = recent[0] ? `${recent[0].finishedAt}/${recent[0].gameId}` : '';
    const { stats, ratings } = isBotPlayerId(id)
      ? await botCounts.get(id, latest, Date.now(), () => counts(id))
      : await counts(id);
    // D13: games finished out of games started, over the last FINISH_RATE_GAMES (a game its
    // player left, or whose time ran out, ends with a stand-in in the seat: not finished).
    const last = recent.length < RECENT_ON_PROFILE ? recent : await store.historyOf(id, FINISH_RATE_GAMES);
    // (the same count as PlayerService.finishRate, from the rows read already)
    return {
      player: publicPlayer(p),
      finishRate: { finished: last.filter((g) => !g.absent).length, started: last.length },
      stats,
      ratings: ratings.map(({ role, rating, rd, games }) => ({
        role,
        rating,
        rd,
        games,
        provisional: isProvisional(rd),
      })),
      recent: recent.map(gameEntry),
    };
  }

  async function counts(id: string) {
    const stats = await store.statsOf(id);
    const ratings = await store.ratingsOf(id);
    return { stats, ratings };
  }

  /** Only finished games are in history (store contract), so a replay link is always safe. */
  const gameEntry = (g: Awaited<ReturnType<typeof store.historyOf>>[number]) => ({
    gameId: g.gameId,
    finishedAt: g.finishedAt,
    role: g.role,
    mode: g.mode,
    won: g.won,
    rated: g.rated,
    ...(g.abandoned ? { abandoned: true } : {}),
    campaignId: g.campaignId,
    replay: `/api/games/${g.gameId}/record`,
  });

  /** Answers true when the route was one of ours. */
  async function route(...[req, res, p, search]: RouteArgs): Promise<boolean> {
    const { m, parts } = requestLine(req, p);
    if (p === '/api/leaderboard' && m === 'GET') {
      const q = query(search, leaderboardQuerySchema);
      const rows = await store.leaderboard(q.role, q.limit, LEADERBOARD_MIN_GAMES, PROVISIONAL_RD);
      sendJson(res, 200, {
        role: q.role,
        minGames: LEADERBOARD_MIN_GAMES,
        maxRd: PROVISIONAL_RD,
        players: rows.map((r) => ({
          id: r.playerId,
          name: r.name,
          bot: r.bot,
          rating: r.rating,
          rd: r.rd,
          games: r.games,
        })),
      });
      return true;
    }
    if (parts[1] === 'players' && parts.length >= 3 && parts.length <= 4 && m === 'GET') {
      const id = parts[2]!;
      if (!/^(p_[A-Za-z0-9_-]{16}|bot-[a-z]{1,16})$/.test(id))
        throw new ApiError(404, 'not_found', 'There is no such player.');
      if (parts.length === 3) {
        sendJson(res, 200, await profile(id));
        return true;
      }
      if (parts[3] === 'games') {
        const q = query(search, historyQuerySchema);
        if ((q.beforeAt === undefined) !== (q.beforeGame === undefined))
          throw new ApiError(400, 'malformed', 'beforeAt and beforeGame go together.');
        // A bot plays everyone's games: paging back through them would list every game's id.
        // Its history is its most recent page only.
        if (q.beforeAt !== undefined && isBotPlayerId(id))
          throw new ApiError(400, 'malformed', "A bot's history shows its recent games only.");
        const rows = await store.historyOf(
          id,
          q.limit,
          q.beforeAt !== undefined ? { finishedAt: q.beforeAt, gameId: q.beforeGame! } : undefined,
        );
        sendJson(res, 200, { games: rows.map(gameEntry) });
        return true;
      }
    }
    return false;
  }

  return { profile, route };
}
