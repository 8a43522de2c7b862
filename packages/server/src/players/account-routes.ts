// The account routes (docs/protocol.md "Players"): a first visit, the signed-in profile (read,
// rename, delete, vacation, password, handle, its seat tokens, its export) and sessions (sign in,
// sign out here or everywhere). Bodies go through the contract's strict zod schemas (requests.ts, names checked on top by players/schemas.ts);
// every refusal is a code and a sentence that does not echo the input, and changes nothing. The
// session token travels in `Authorization: Bearer`, never in a URL.
//
// Caps: new players per IP; failed password attempts (sign-in, set/change) per IP, per network
// and per player id; at most `hashesRunning` scrypt hashes at once with `hashesQueued` waiting
// (`hashesPerHandle` per handle), beyond that 503; handle changes per IP and per network.
import { ApiError } from '../http/api-error.js';
import { prefixKey } from '../http/address.js';
import { body } from '../http/body.js';
import { sendJson } from '../http/headers.js';
import { impersonates } from '@mindmgmt/table';
import { RateBudget } from '../limits/budget.js';
import type { LimitsConfig } from '../limits/config.js';
import type { GameMaster } from '../play/master.js';
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
import { deviceToken, trustedDevice } from './accounts-device.js';
import { revokeSeatTokens, type SeatTokens } from './accounts-seats.js';
import { exportPlayer } from './export.js';
import { forgetInMemory } from './former-player-live.js';
import { checkHandle } from './handles.js';
import { HashGate } from './hash-gate.js';
import { checkPassword } from './identity.js';
import { check, publicPlayer, spend } from './route-common.js';
import {
  deleteProfileSchema,
  setHandleSchema,
  setPasswordSchema,
  signInSchema,
  signOutEverywhereSchema,
  vacationSchema,
} from '@mindmgmt/table';
import { createPlayerChecked, renameChecked } from './schemas.js';
import type { createProfileRoutes } from './profile-routes.js';
import type { PlayerService } from './service.js';
import { requestLine, type RouteArgs } from '../http/route.js';

/** Tables of a deleted player whose copies in memory are refreshed (each is one row read). */
const HELD_TABLES_REFRESHED = 1000;

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

export interface AccountParts {
  readonly players: PlayerService;
  /** Seat tokens to replace when a player signs out everywhere. */
  readonly seatTokens: SeatTokens;
  /** The games in memory, refreshed after a deletion renamed their seats. */
  readonly master: GameMaster;
  /** The public profile of a player (profile-routes.ts), which GET /api/me extends. */
  readonly profile: ReturnType<typeof createProfileRoutes>['profile'];
}

export function createAccountRoutes({ players, seatTokens, master, profile }: AccountParts, limits: LimitsConfig) {
  const store = players.store;
  const newPlayers = new RateBudget(limits.newPlayersPerIp);
  const pwIp = new RateBudget(limits.passwordPerIp);
  const pwPlayer = new RateBudget(limits.passwordPerPlayer);
  const pwDevice = new RateBudget(limits.passwordPerPlayer);
  const pwPrefix = new RateBudget(limits.passwordPerPrefix);
  const gate = new HashGate(limits.hashesRunning, limits.hashesQueued, limits.hashesPerHandle);
  const handleIp = new RateBudget(limits.handleChangesPerIp);
  const handlePrefix = new RateBudget(limits.handleChangesPerPrefix);

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

  /** Answers true when the route was one of ours. */
  return async function route(...[req, res, p, , ip]: RouteArgs): Promise<boolean> {
    const { m } = requestLine(req, p);
    const now = Date.now();
    if (p === '/api/players' && m === 'POST') {
      const b = await body(req, createPlayerChecked);
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
        const b = await body(req, renameChecked);
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
        await forgetInMemory(master, held);
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
    // Every device has your games: the seat tokens of the places this profile holds,
    // for a signed-in device to list and resume them (POST /api/my-games lists them).
    if (p === '/api/me/seats' && m === 'GET') {
      const { player } = await players.requirePlayer(req);
      sendJson(res, 200, { seats: await store.seatTokensOf(player.id, MY_SEATS) });
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
        // By handle or by player id. An unknown or malformed handle reads and costs
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
    return false;
  };
}
