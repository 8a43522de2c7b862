// The moderation routes (docs/protocol.md "Moderation"): the admin area's (/api/admin/*, a
// moderator or an operator, checked here on every request), and the players' own: reports,
// blocks, the announcement and their role. Bodies go through the contract's schemas (requests.ts), queries through admin/schemas.ts; every
// refusal is a code and a sentence, and changes nothing. Every admin request is logged (who, which
// route, the answer's status); every admin action is in the audit log (admin/service.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError } from '../http/api-error.js';
import { query } from '../http/query.js';
import { body } from '../http/body.js';
import { sendJson } from '../http/headers.js';
import { RateBudget } from '../limits/budget.js';
import type { LimitsConfig } from '../limits/config.js';
import { checkHandle } from '../players/handles.js';
import type { PlayerService } from '../players/service.js';
import {
  adminRenameSchema,
  announceSchema,
  banSchema,
  blockSchema,
  endTableSchema,
  hideChatSchema,
  reasonBodySchema,
  reportSchema,
  roleSchema,
} from '@mindmgmt/table';
import { auditQuery, findPlayersQuery, reportsQuery, tablesQuery } from './schemas.js';
import type { AdminService } from './service.js';
import type { AuditRow } from './store.js';
import { requestLine, type RouteArgs } from '../http/route.js';

/** Players one block list holds. */
export const BLOCKS_MAX = 500;
/** Messages on each side of a reported one kept as its context. */
const REPORT_CONTEXT = 3;
const AUDIT_PAGE = 500;
const PLAYER_ID = /^p_[A-Za-z0-9_-]{16}$/;
const GAME_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** Every page polls the announcement: one database read per instance per this long serves them
 * all (an announcement made or ended here is seen here at once, elsewhere within this). */
const ANNOUNCEMENT_CACHE_MS = 5_000;

/** CSV with every field quoted; a field starting with = + - @ gets a leading ' so a spreadsheet
 * never runs it as a formula. */
export function auditCsv(rows: readonly AuditRow[]): string {
  const cell = (v: string | number | null) => {
    let s = v === null ? '' : String(v);
    if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
    return `"${s.replace(/"/g, '""')}"`;
  };
  const head = ['id', 'at', 'actor', 'action', 'target', 'reason', 'detail'];
  const lines = rows.map((r) =>
    [r.id, new Date(r.at).toISOString(), r.actor, r.action, r.target, r.reason, r.detail].map(cell).join(','),
  );
  return [head.join(','), ...lines].join('\r\n') + '\r\n';
}

export function createAdminRoutes(admin: AdminService, players: PlayerService, limits: LimitsConfig) {
  const store = admin.store;
  const reportsPlayer = new RateBudget(limits.reportsPerPlayer);
  const reportsIp = new RateBudget(limits.reportsPerIp);
  let announced: { readAt: number; value: Promise<{ text: string; until: number } | null> } | null = null;
  function announcement(now: number) {
    if (!announced || now - announced.readAt >= ANNOUNCEMENT_CACHE_MS) {
      const value = store.announcement(now).then((a) => a && { text: a.text, until: a.until });
      announced = { readAt: now, value };
      value.catch(() => (announced = null));
    }
    return announced.value.then((a) => (a && a.until > now ? a : null));
  }

  function spend(budget: RateBudget, key: string, what: string): void {
    if (!budget.take(key))
      throw new ApiError(429, 'rate_limited', `Too many ${what}; try again in ${budget.retryAfterSec(key)} s.`);
  }

  async function adminRoute(
    req: IncomingMessage,
    res: ServerResponse,
    parts: string[],
    search: URLSearchParams,
    seen: { who: string | null },
  ): Promise<boolean> {
    const m = req.method ?? 'GET';
    const me = await players.requirePlayer(req);
    seen.who = me.player.id;
    const actor = await admin.require(me, 'moderator');
    const [, , what, id, verb] = parts;
    if (what === 'players' && parts.length === 3 && m === 'GET') {
      const q = query(search, findPlayersQuery);
      const h = checkHandle(q.q);
      const found = await store.findPlayers(q.q, h.ok ? h.key : null, 50);
      const bans = await store.bansOf(
        found.map((p) => p.id),
        Date.now(),
      );
      const rows = [];
      for (const p of found) rows.push({ ...p, role: await admin.roleOf(p.id), ban: bans.get(p.id) ?? null });
      sendJson(res, 200, { players: rows });
      return true;
    }
    if (what === 'players' && parts.length === 5 && m !== 'GET') {
      if (!PLAYER_ID.test(id!)) throw new ApiError(404, 'not_found', 'There is no such player.');
      if (verb === 'name' && m === 'PUT') {
        const b = await body(req, adminRenameSchema);
        sendJson(res, 200, await admin.rename(actor, id!, b.name, b.reason));
        return true;
      }
      if (verb === 'ban' && m === 'POST') {
        const b = await body(req, banSchema);
        sendJson(res, 200, await admin.ban(actor, id!, b.reason, b.until));
        return true;
      }
      if (verb === 'unban' && m === 'POST') {
        const b = await body(req, reasonBodySchema);
        sendJson(res, 200, await admin.unban(actor, id!, b.reason));
        return true;
      }
      if (verb === 'role' && m === 'PUT') {
        const b = await body(req, roleSchema);
        sendJson(res, 200, await admin.setModerator(actor, id!, b.moderator, b.reason));
        return true;
      }
    }
    if (what === 'moderators' && parts.length === 3 && m === 'GET') {
      sendJson(res, 200, { moderators: await store.moderators() });
      return true;
    }
    if (what === 'tables' && parts.length === 3 && m === 'GET') {
      const q = query(search, tablesQuery);
      sendJson(res, 200, { tables: await admin.tables(q.status, q.q) });
      return true;
    }
    if (what === 'tables' && parts.length === 5 && m === 'POST') {
      if (!GAME_ID.test(id!)) throw new ApiError(404, 'not_found', 'There is no such game.');
      if (verb === 'end') {
        const b = await body(req, endTableSchema);
        sendJson(res, 200, await admin.endTable(actor, id!, b.reason, b.notice));
        return true;
      }
      if (verb === 'delete') {
        const b = await body(req, reasonBodySchema);
        sendJson(res, 200, await admin.deleteTable(actor, id!, b.reason));
        return true;
      }
    }
    if (what === 'chat' && id === 'hide' && parts.length === 4 && m === 'POST') {
      const b = await body(req, hideChatSchema);
      sendJson(res, 200, await admin.hideChat(actor, b.gameId, b.n, b.reason));
      return true;
    }
    if (what === 'reports' && parts.length === 3 && m === 'GET') {
      const q = query(search, reportsQuery);
      const rows = await store.reports(q.status, 200);
      sendJson(res, 200, { reports: rows.map((r) => ({ ...r, context: JSON.parse(r.context) as unknown })) });
      return true;
    }
    if (what === 'reports' && parts.length === 5 && verb === 'close' && m === 'POST') {
      const n = Number(id);
      if (!/^[1-9][0-9]{0,14}$/.test(id!)) throw new ApiError(404, 'not_found', 'There is no such report.');
      const b = await body(req, reasonBodySchema);
      sendJson(res, 200, await admin.closeReport(actor, n, b.reason));
      return true;
    }
    if (what === 'announcement' && parts.length === 3) {
      if (m === 'POST') {
        const b = await body(req, announceSchema);
        sendJson(res, 200, await admin.announce(actor, b.text, b.until));
        return true;
      }
      if (m === 'DELETE') {
        sendJson(res, 200, await admin.endAnnouncement(actor));
        return true;
      }
    }
    if (what === 'audit' && parts.length === 3 && m === 'GET') {
      const q = query(search, auditQuery);
      const rows = await store.auditLog(AUDIT_PAGE, q.before ?? null);
      if (q.format === 'csv') {
        res.writeHead(200, {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="mindmgmt-audit.csv"',
          'cache-control': 'no-store',
        });
        res.end(auditCsv(rows));
      } else sendJson(res, 200, { entries: rows, more: rows.length === AUDIT_PAGE });
      return true;
    }
    return false;
  }

  /** Answers true when the route was one of ours. */
  return async function route(...[req, res, p, search, ip]: RouteArgs): Promise<boolean> {
    const { m, parts } = requestLine(req, p);
    if (parts[1] === 'admin') {
      if (parts.length > 5) return false;
      let status = 0;
      const seen = { who: null as string | null };
      try {
        const ok = await adminRoute(req, res, parts, search, seen);
        if (parts[2] === 'announcement') announced = null;
        status = ok ? res.statusCode : 404;
        return ok;
      } catch (e) {
        status = e instanceof ApiError ? e.status : 500;
        throw e;
      } finally {
        // Every admin request, refused ones too; never a body (it may hold a reason about someone).
        admin.logRequest(m, p.slice(0, 80), status, seen.who);
      }
    }
    if (p === '/api/announcement' && m === 'GET') {
      const a = await announcement(Date.now());
      res.setHeader('cache-control', 'no-store');
      sendJson(res, 200, { announcement: a });
      return true;
    }
    if (p === '/api/me/role' && m === 'GET') {
      const { player } = await players.requirePlayer(req);
      sendJson(res, 200, { role: await admin.roleOf(player.id) });
      return true;
    }
    if (p === '/api/reports' && m === 'POST') {
      const b = await body(req, reportSchema);
      const { player } = await players.requirePlayer(req);
      spend(reportsIp, ip, 'reports from your address');
      spend(reportsPlayer, player.id, 'reports from this profile');
      const now = Date.now();
      if (b.kind === 'chat') {
        const msg = await store.chatMessage(b.gameId, b.n);
        if (!msg) throw new ApiError(404, 'not_found', 'There is no such message.');
        const around = await store.chatAround(b.gameId, b.n, REPORT_CONTEXT);
        const id = await store.addReport({
          at: now,
          reporter: player.id,
          kind: 'chat',
          target: msg.playerId,
          gameId: b.gameId,
          n: b.n,
          text: msg.text,
          context: JSON.stringify({ name: msg.name, at: msg.at, around }),
          reason: b.reason,
        });
        sendJson(res, 200, { id });
        return true;
      }
      const target = await players.store.getPlayer(b.playerId);
      if (!target || target.bot) throw new ApiError(404, 'not_found', 'There is no such player.');
      const id = await store.addReport({
        at: now,
        reporter: player.id,
        kind: 'name',
        target: target.id,
        gameId: null,
        n: null,
        text: target.name,
        context: JSON.stringify({ handle: await players.store.handleOf(target.id) }),
        reason: b.reason,
      });
      sendJson(res, 200, { id });
      return true;
    }
    if (p === '/api/me/blocks') {
      if (m === 'GET') {
        const { player } = await players.requirePlayer(req);
        sendJson(res, 200, { blocks: await store.blocksOf(player.id) });
        return true;
      }
      if (m === 'POST') {
        const b = await body(req, blockSchema);
        const { player } = await players.requirePlayer(req);
        if (b.playerId === player.id) throw new ApiError(400, 'malformed', 'You cannot block yourself.');
        const target = await players.store.getPlayer(b.playerId);
        if (!target || target.bot) throw new ApiError(404, 'not_found', 'There is no such player.');
        if ((await store.block(player.id, target.id, Date.now(), BLOCKS_MAX)) === 'full')
          throw new ApiError(409, 'blocks_full', `You have blocked ${BLOCKS_MAX} players; unblock some first.`);
        sendJson(res, 200, { blocks: await store.blocksOf(player.id) });
        return true;
      }
    }
    if (parts[1] === 'me' && parts[2] === 'blocks' && parts.length === 4 && m === 'DELETE') {
      const { player } = await players.requirePlayer(req);
      if (!PLAYER_ID.test(parts[3]!)) throw new ApiError(404, 'not_found', 'There is no such player.');
      await store.unblock(player.id, parts[3]!);
      sendJson(res, 200, { blocks: await store.blocksOf(player.id) });
      return true;
    }
    return false;
  };
}
