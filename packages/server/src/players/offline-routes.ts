// An offline solo game into a profile's history, unrated (docs/offline.md): replayed by the
// engine before it is stored, within budgets per profile, per network and for everyone.
import { ApiError } from '../http/api-error.js';
import { prefixKey } from '../http/address.js';
import { body } from '../http/body.js';
import { sendJson } from '../http/headers.js';
import { RateBudget } from '../limits/budget.js';
import type { LimitsConfig } from '../limits/config.js';
import type { GameMaster } from '../play/master.js';
import { newGameId } from '../play/tokens.js';
import { offlineUploadSchema, type OfflineUploadedBody } from '@mindmgmt/table';
import { offlineGameRow } from './offline-games.js';
import { check } from './route-common.js';
import type { PlayerService } from './service.js';
import { requestLine, type RouteArgs } from '../http/route.js';

export function createOfflineRoutes(players: PlayerService, master: GameMaster, limits: LimitsConfig) {
  const store = players.store;
  const offlineUploads = new RateBudget(limits.offlineUploadsPerPlayer);
  const offlineByPrefix = new RateBudget(limits.offlineUploadsPerPrefix);
  const offlineTotal = new RateBudget(limits.offlineUploadsTotal, 1);

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

  /** Answers true when the route was one of ours. */
  return async function route(...[req, res, p, , ip]: RouteArgs): Promise<boolean> {
    const { m } = requestLine(req, p);
    const now = Date.now();
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
      await master.store.createGame(row, actions);
      await players.gameOver(row);
      sendJson(res, 200, { gameId: row.id } satisfies OfflineUploadedBody);
      return true;
    }
    return false;
  };
}
