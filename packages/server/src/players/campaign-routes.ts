// A campaign's routes: the rematch table after a game, the campaign a game belongs to, a
// campaign's ledger (or its download), and the modules its sides choose.
import { z } from 'zod';
import { ApiError } from '../http/api-error.js';
import { body } from '../http/body.js';
import { sendJson } from '../http/headers.js';
import { query } from '../http/query.js';
import type { CampaignTables } from './campaign-tables.js';
import { chooseModulesSchema, rematchSchema } from '@mindmgmt/table';
import type { PlayerService } from './service.js';
import { requestLine, type RouteArgs } from '../http/route.js';

const campaignQuerySchema = z.strictObject({ download: z.enum(['1']).optional() });
const campaignId = /^c_[A-Za-z0-9_-]{16}$/;

export function createCampaignRoutes(players: PlayerService, campaigns: CampaignTables) {
  const store = players.store;
  /** Answers true when the route was one of ours. */
  return async function route(...[req, res, p, search]: RouteArgs): Promise<boolean> {
    const { m, parts } = requestLine(req, p);
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
    return false;
  };
}
