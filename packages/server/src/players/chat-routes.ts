// Reading a table's chat over HTTP, a page at a time (the live chat goes over the WebSocket:
// players/table-chat.ts).
import { z } from 'zod';
import { ApiError } from '../http/api-error.js';
import { sendJson } from '../http/headers.js';
import { query } from '../http/query.js';
import { RateBudget } from '../limits/budget.js';
import type { LimitsConfig } from '../limits/config.js';
import { CHAT_PAGE_MAX } from '@mindmgmt/table';
import { spend } from './route-common.js';
import type { TableChat } from './table-chat.js';
import { requestLine, type RouteArgs } from '../http/route.js';

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

export function createChatRoutes(chat: TableChat, limits: LimitsConfig) {
  const chatReads = new RateBudget(limits.chatReadsPerIp);
  return async function route(...[req, res, p, search, ip]: RouteArgs): Promise<boolean> {
    const { m, parts } = requestLine(req, p);
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
    return false;
  };
}
