// The player routes (issue 13; docs/protocol.md "Players"): identity, profile, history, ratings,
// leaderboard. Bodies and queries go through the strict zod schemas of players/schemas.ts; every
// refusal is a code and a sentence that does not echo the input, and changes nothing. The session
// token travels in `Authorization: Bearer`, never in a URL.
//
// Caps: new players per IP; failed password attempts (sign-in, set/change) per IP, per network
// and per player id; at most `hashesRunning` scrypt hashes at once with `hashesQueued` waiting
// (`hashesPerHandle` per handle), beyond that 503; handle changes per IP and per network.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError } from '../api-error.js';
import { query } from '../http/query.js';
import { body } from '../http/body.js';
import { sendJson } from '../http/headers.js';
import { RateBudget } from '../limits/budget.js';
import type { LimitsConfig } from '../limits/config.js';
import { prefixKey } from '../http/address.js';
import { impersonates } from '@mindmgmt/table';
import { CHAT_PAGE_MAX } from '@mindmgmt/table';
import { BotProfileCache, isBotPlayerId } from './bot-profiles.js';
import type { PlayerRow } from '../store/players/types.js';
import {
  deleteProfile,
  firstVisit,
  rename,
  setPassword,
  signIn,
  signOut,
  signOutEverywhere,
  type AccountError,
} from './accounts.js';
import { exportPlayer } from './export.js';
import { checkPassword } from './identity.js';
import { checkHandle } from './handles.js';
import { HashGate } from './hash-gate.js';
import { deviceToken, trustedDevice } from './accounts-device.js';
import { revokeSeatTokens, type SeatTokens } from './accounts-seats.js';
import {
  createPlayerSchema,
  deleteProfileSchema,
  historyQuerySchema,
  leaderboardQuerySchema,
  renameSchema,
  setPasswordSchema,
  setHandleSchema,
  signInSchema,
  signOutEverywhereSchema,
  chooseModulesSchema,
  rematchSchema,
  vacationSchema,
} from './schemas.js';
import { offlineGameRow } from './offline-games.js';
import { newGameId } from '../tokens.js';
import { offlineUploadSchema, type OfflineUploadedBody } from '@mindmgmt/table';
import { z } from 'zod';
import type { Notifier } from '../notify/notifier.js';

const campaignQuerySchema = z.strictObject({ download: z.enum(['1']).optional() });
const campaignId = /^c_[A-Za-z0-9_-]{16}$/;

const chatQuerySchema = z.strictObject({
  after: z.coerce
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1)
    .optional(),
  before: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 31 - 1)
    .optional(),
  limit: z.coerce.number().int().min(1).max(CHAT_PAGE_MAX).default(50),
});
import { FINISH_RATE_GAMES, type PlayerService } from './service.js';
import type { TableChat } from '../play/chat.js';
import type { CampaignTables } from './campaign-tables.js';
import type { GameService } from '../games.js';
import { forgetInMemory } from './former-player-live.js';
import { isProvisional, PROVISIONAL_RD } from './ratings-rules.js';

/** Tables of a deleted player whose copies in memory are refreshed (each is one row read). */
const HELD_TABLES_REFRESHED = 1000;

/** Rated games a player needs before the leaderboard lists them. */
export const LEADERBOARD_MIN_GAMES = 5;
const RECENT_ON_PROFILE = 10;
/** Seat tokens GET /api/me/seats hands out: as many as POST /api/my-games takes. */
export const MY_SEATS = 200;

const STATUS: Record<AccountError['code'], number> = {
  bad_name: 400,
  bad_password: 400,
  sign_in_failed: 401,
  wrong_password: 403,
  not_confirmed: 400,
  no_player: 404,
};

function orThrow<T extends { ok: boolean }>(r: T | AccountError): Exclude<T, AccountError> {
  if (!r.ok) {
    const e = r as AccountError;
    throw new ApiError(STATUS[e.code], e.code, e.message);
  }
  return r as Exclude<T, AccountError>;
}

/** Profile names, like table names, may not read as a bot or the server (profiles and the
 * leaderboard list bots beside people). */
function notImpersonating(name: string): string {
  if (impersonates(name))
    throw new ApiError(400, 'malformed', 'name: That name is reserved for bots and the server; choose another.');
  return name;
}

const publicPlayer = (p: PlayerRow) => ({ id: p.id, name: p.name, bot: p.bot, createdAt: p.createdAt });

/** The players part of a running server (issue 13), built once by the composition root (server.ts). */
export interface PlayerParts {
  readonly accounts: PlayerService;
  readonly campaigns: CampaignTables;
  readonly chat: TableChat;
  /** Seat tokens to replace when a player signs out everywhere (the game service). */
  readonly seats: SeatTokens;
  /** The games in memory, refreshed after a deletion renamed their seats. */
  readonly games: GameService;
  /** Notifications (issue 27 §4); null when the server runs without them. */
  readonly notifier: Notifier | null;
}

export function createPlayerRoutes(
  { accounts: players, campaigns, chat, seats: seatTokens, games }: PlayerParts,
  limits: LimitsConfig,
) {
  const store = players.store;
  const newPlayers = new RateBudget(limits.newPlayersPerIp);
  const pwIp = new RateBudget(limits.passwordPerIp);
  const pwPlayer = new RateBudget(limits.passwordPerPlayer);
  const gate = new HashGate(limits.hashesRunning, limits.hashesQueued, limits.hashesPerHandle);
  const chatReads = new RateBudget(limits.chatReadsPerIp);
  const offlineUploads = new RateBudget(limits.offlineUploadsPerPlayer);
  const offlineByPrefix = new RateBudget(limits.offlineUploadsPerPrefix);
  const offlineTotal = new RateBudget(limits.offlineUploadsTotal, 1);

  function spend(budget: RateBudget, key: string, what: string): void {
    if (!budget.take(key))
      throw new ApiError(429, 'rate_limited', `Too many ${what}; try again in ${budget.retryAfterSec(key)} s.`);
  }

  const pwDevice = new RateBudget(limits.passwordPerPlayer);
  const pwPrefix = new RateBudget(limits.passwordPerPrefix);
  const handleIp = new RateBudget(limits.handleChangesPerIp);
  const handlePrefix = new RateBudget(limits.handleChangesPerPrefix);

  /** The offline upload budgets of a profile on a network: all checked, then (`take`) all spent. */
  function uploadBudgets(player: string, net: string, take: boolean): void {
    check(offlineUploads, player, 'offline games uploaded');
    check(offlineByPrefix, net, 'offline games uploaded from your network');
    const wait = offlineTotal.retryAfterSec('*');
    if (wait > 0)
      throw new ApiError(503, 'busy', `The server is storing too many offline games; try again in ${wait} s.`);
    if (!take) return;
    offlineUploads.take(player);
    offlineByPrefix.take(net);
    offlineTotal.take('*');
  }

  /** Has `key` a token in `budget` (nothing spent)? */
  function check(budget: RateBudget, key: string, what: string): void {
    const wait = budget.retryAfterSec(key);
    if (wait > 0) throw new ApiError(429, 'rate_limited', `Too many ${what}; try again in ${wait} s.`);
  }

  /**
   * A password check or hash (docs/players.md "Sign-in under attack"), queued in the lane of
   * `player` (the id or handle signed into). Budgets are checked before queueing, spent once the
   * hash runs (a `503 busy` spends nothing) and given back when the password was right: only
   * failures count. They count against the address and its network, and against a second budget:
   * the device's own when `device` is a device that signed in before, else the player's, a
   * ceiling above what a couple of addresses can fail (config.ts), so that those failing cannot
   * lock the player's owner out.
   */
  async function withPassword<T extends { ok: boolean }>(
    ip: string,
    player: string,
    device: string | null,
    f: () => Promise<T>,
  ): Promise<T> {
    const net = prefixKey(ip);
    const budgets: [RateBudget, string, string][] = [
      [pwIp, ip, 'password attempts from your address'],
      [pwPrefix, net, 'password attempts from your network'],
      device
        ? [pwDevice, device, 'password attempts from this device']
        : [pwPlayer, player, 'password attempts for this player'],
    ];
    for (const [budget, key, what] of budgets) check(budget, key, what);
    const r = await gate.run(
      async () => {
        // Checked again: the budget may have been spent while this one waited.
        for (const [budget, key, what] of budgets) check(budget, key, what);
        for (const [budget, key] of budgets) budget.take(key);
        const out = await f();
        if (out.ok) for (const [budget, key] of budgets) budget.refund(key);
        return out;
      },
      { lane: player, address: ip, prefix: net },
      device !== null,
    );
    if (r === null)
      throw new ApiError(503, 'busy', 'The server is busy checking passwords; try again in a few seconds.');
    return r;
  }

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
  return async function route(
    req: IncomingMessage,
    res: ServerResponse,
    p: string,
    search: URLSearchParams,
    ip: string,
  ): Promise<boolean> {
    const m = req.method ?? 'GET';
    const parts = p.split('/').filter(Boolean);
    const now = Date.now();
    if (p === '/api/players' && m === 'POST') {
      const b = await body(req, createPlayerSchema);
      spend(newPlayers, ip, 'new players from your address');
      const r = orThrow(await firstVisit(store, notImpersonating(b.name), now));
      sendJson(res, 200, { player: publicPlayer(r.player), token: r.token });
      return true;
    }
    if (p === '/api/me') {
      if (m === 'GET') {
        const { player } = await players.requirePlayer(req);
        sendJson(res, 200, {
          ...(await profile(player.id)),
          hasPassword: player.passwordHash !== null,
          handle: await store.handleOf(player.id),
        });
        return true;
      }
      if (m === 'PATCH') {
        const b = await body(req, renameSchema);
        const { player } = await players.requirePlayer(req);
        sendJson(res, 200, orThrow(await rename(store, player, notImpersonating(b.name))));
        return true;
      }
      if (m === 'DELETE') {
        const b = await body(req, deleteProfileSchema);
        const { player } = await players.requirePlayer(req);
        // Refused while the player holds a place at a waiting or running table: the seat names and
        // results of those games would otherwise change under the other people (docs/players.md).
        const open = await players.openTablesOf(player.id);
        if (open.length)
          throw new ApiError(
            409,
            'seated',
            `You hold a place at ${open.length} table(s) that are waiting or playing; leave or resign there first.`,
          );
        const held = await store.gamesWithPlaceOf(player.id, HELD_TABLES_REFRESHED);
        orThrow(await deleteProfile(store, player, b.confirm));
        // The copies in memory still carry the old names: they take the renamed rows.
        await forgetInMemory(games.master, held);
        sendJson(res, 200, { ok: true });
        return true;
      }
    }
    // D13: a vacation from turn-based play (days, within the operator's days a year)
    if (p === '/api/me/vacation' && m === 'POST') {
      const me = await players.requirePlayer(req);
      const b = await body(req, vacationSchema);
      const v = await players.takeVacation(me.player, b.days, limits.vacationDaysPerYear, Date.now());
      sendJson(res, 200, { until: v.until, usedDays: v.usedDays, perYear: limits.vacationDaysPerYear });
      return true;
    }
    if (p === '/api/me/password' && m === 'POST') {
      const b = await body(req, setPasswordSchema);
      const { player } = await players.requirePlayer(req);
      // Before the password budget: a too-short password is a typo, not a guess.
      orThrow(checkPassword(b.password));
      // A signed-in device changing its password: its own budget (sessions:<id>), not the one a
      // flood of sign-ins for this player may have emptied.
      orThrow(
        await withPassword(ip, player.id, `session\0${player.id}`, () =>
          setPassword(store, player, b.password, b.current),
        ),
      );
      const hash = (await store.getPlayer(player.id))?.passwordHash ?? null;
      sendJson(res, 200, { ok: true, ...(hash ? { device: deviceToken(player.id, hash) } : {}) });
      return true;
    }
    if (p === '/api/me/handle' && m === 'PUT') {
      const b = await body(req, setHandleSchema);
      const { player } = await players.requirePlayer(req);
      const h = checkHandle(b.handle);
      if (!h.ok) throw new ApiError(400, 'bad_handle', h.message);
      // Every answer from here says whether the handle is taken.
      spend(handleIp, ip, 'handle changes from your address');
      spend(handlePrefix, prefixKey(ip), 'handle changes from your network');
      const r = await store.setHandle(player.id, h.key, h.handle);
      if (r === 'taken')
        throw new ApiError(409, 'handle_taken', 'Someone already signs in with that handle; choose another.');
      if (r === 'no-player') throw new ApiError(404, 'no_player', 'This profile no longer exists.');
      sendJson(res, 200, { handle: h.handle });
      return true;
    }
    // Every device has your games (issue 27 §2): the seat tokens of the places this profile holds,
    // for a signed-in device to list and resume them (POST /api/my-games lists them).
    if (p === '/api/me/seats' && m === 'GET') {
      const { player } = await players.requirePlayer(req);
      sendJson(res, 200, { seats: await store.seatTokensOf(player.id, MY_SEATS) });
      return true;
    }
    // An offline solo game into this profile's history, unrated (issue 28 §1, docs/offline.md).
    if (p === '/api/me/offline-games' && m === 'POST') {
      const b = await body(req, offlineUploadSchema, limits.offlineRecordBytes);
      const { player } = await players.requirePlayer(req);
      // Every budget is checked before the count is read and before any is spent: they bound the
      // CPU (the replay) and the disk that one profile, one network and everyone together can
      // spend on uploads. Checked again and spent at once after the read (others may have come).
      const net = prefixKey(ip);
      uploadBudgets(player.id, net, false);
      const bytes = Buffer.byteLength(JSON.stringify(b.record));
      const held = await store.offlineGamesOf(player.id);
      if (held.count >= limits.offlineGamesPerPlayer || held.bytes + bytes > limits.offlineBytesPerPlayer)
        throw new ApiError(
          409,
          'too_many_offline_games',
          `This profile holds as many offline games as it may (${limits.offlineGamesPerPlayer} games, ${Math.floor(limits.offlineBytesPerPlayer / 1024)} KiB).`,
        );
      uploadBudgets(player.id, net, true);
      const { row, actions } = offlineGameRow(b, player, newGameId(), now);
      // Noted first: the game then never vouches for its player, counts towards the cap at once,
      // and never enters a bot's profile (players/service.ts).
      await store.noteOfflineGame(player.id, row.id, bytes, now);
      // The place is the player's before the row exists: the row queues the game for recording
      // (store trigger), and a sweep recording it at once must already find who played it.
      await store.linkPlace(row.id, 1, player.id, now);
      await games.master.store.createGame(row, actions);
      await players.gameOver(row);
      sendJson(res, 200, { gameId: row.id } satisfies OfflineUploadedBody);
      return true;
    }
    if (p === '/api/me/export' && m === 'GET') {
      const { player } = await players.requirePlayer(req);
      const data = await exportPlayer(store, player.id, now);
      if (!data) throw new ApiError(404, 'not_found', 'This profile no longer exists.');
      res.setHeader('content-disposition', 'attachment; filename="mindmgmt-player.json"');
      sendJson(res, 200, data);
      return true;
    }
    if (p === '/api/sessions') {
      if (m === 'POST') {
        const b = await body(req, signInSchema);
        // By handle (issue 27 §2) or by player id. An unknown or malformed handle reads and costs
        // the same as a wrong password (signIn hashes against a dummy); its attempts spend the
        // budget of its folded key, so guessing passwords for a handle is as slow as for an id.
        const handle = b.handle === undefined ? null : checkHandle(b.handle);
        const known =
          handle === null
            ? await store.getPlayer(b.playerId!)
            : handle.ok
              ? await store.playerByHandle(handle.key)
              : null;
        const id = known?.id ?? b.playerId ?? `handle\0${handle?.ok ? handle.key : ''}`;
        const device = trustedDevice(id, known?.passwordHash ?? null, b.device);
        // (The budget key of an unknown handle is never a lookup: PostgreSQL text holds no NUL.)
        const lookup = known?.id ?? b.playerId ?? '';
        const r = orThrow(await withPassword(ip, id, device, () => signIn(store, lookup, b.password, now)));
        // After the session exists: a ban committed meanwhile is seen here, and its session goes.
        const banned = await players.bans?.(r.player.id);
        if (banned) {
          await signOut(store, r.token);
          throw new ApiError(403, 'banned', banned);
        }
        const hash = (await store.getPlayer(r.player.id))?.passwordHash ?? null;
        sendJson(res, 200, {
          player: publicPlayer(r.player),
          token: r.token,
          ...(hash ? { device: deviceToken(r.player.id, hash) } : {}),
        });
        return true;
      }
      if (m === 'DELETE') {
        const b = await body(req, signOutEverywhereSchema);
        const { player, token } = await players.requirePlayer(req);
        const ended = await signOutEverywhere(store, player.id, token, b.keepThisDevice);
        // The seat tokens go too; the asking device, when it stays signed in, gets the new ones.
        const seats = await revokeSeatTokens(store, seatTokens, player.id);
        sendJson(res, 200, b.keepThisDevice ? { ended, seats } : { ended });
        return true;
      }
    }
    if (p === '/api/sessions/current' && m === 'DELETE') {
      const { token } = await players.requirePlayer(req);
      await signOut(store, token);
      sendJson(res, 200, { ok: true });
      return true;
    }
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
    if (parts[1] === 'games' && parts.length === 4 && /^[A-Za-z0-9_-]{1,64}$/.test(parts[2]!)) {
      const id = parts[2]!;
      if (parts[3] === 'rematch' && m === 'POST') {
        const b = await body(req, rematchSchema);
        sendJson(res, 200, await campaigns.rematch(id, b.token, b.swapSides));
        return true;
      }
      if (parts[3] === 'campaign' && m === 'GET') {
        const cid = await campaigns.campaignOf(id);
        sendJson(res, 200, {
          campaign: cid ? await campaigns.view(cid) : null,
          next: await store.tableAfter(id),
        });
        return true;
      }
    }
    if (parts[1] === 'campaigns' && parts.length >= 3 && parts.length <= 4) {
      const id = parts[2]!;
      if (!campaignId.test(id)) throw new ApiError(404, 'not_found', 'There is no such campaign.');
      if (parts.length === 3 && m === 'GET') {
        const q = query(search, campaignQuerySchema);
        if (q.download) res.setHeader('content-disposition', 'attachment; filename="mindmgmt-campaign.json"');
        sendJson(res, 200, await campaigns.view(id));
        return true;
      }
      if (parts[3] === 'modules' && m === 'POST') {
        const b = await body(req, chooseModulesSchema);
        const { player } = await players.requirePlayer(req);
        sendJson(res, 200, await campaigns.choose(id, player, b.side, b.count, b.text));
        return true;
      }
    }
    if (parts[1] === 'games' && parts.length === 4 && parts[3] === 'chat' && m === 'GET') {
      // Anyone with the game id may watch the table and so read its chat (as spectators do).
      const id = parts[2]!;
      if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) throw new ApiError(404, 'not_found', 'There is no such game.');
      const q = query(search, chatQuerySchema);
      if (q.after !== undefined && q.before !== undefined)
        throw new ApiError(400, 'malformed', 'after and before do not go together.');
      spend(chatReads, ip, 'chat reads from your address');
      sendJson(res, 200, { messages: await chat.read(id, q, q.limit) });
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
        // A bot plays everyone's games: paging back through them would list every game's id
        // (issue 29 §3). Its history is its most recent page only.
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
  };
}
