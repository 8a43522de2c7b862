// Moderation (docs/players.md "Running it in public"): who holds a role, and what each admin
// action does to players, tables and chat. Every action is checked for the role here, on the
// server, and written to the audit log. Operators are named by handle in ADMIN_HANDLES (their
// folded keys, players/handles.ts) and grant or withdraw the moderator role; a moderator acts on
// plain players only, never on an operator or another moderator.
import type { Logger } from 'pino';
import { RECRUITER_SEAT, type Action, type Seat } from '@mindmgmt/engine';
import { ApiError, StaleError } from '../http/api-error.js';
import type { Lobby } from '../lobby/tables.js';
import type { GameMaster } from '../play/master.js';
import { type HandOver, seatStandIn } from '../play/standins.js';
import type { PlayerService } from '../players/service.js';
import type { TableChat } from '../players/table-chat.js';
import { checkHandle } from '../players/handles.js';
import { checkName } from '../players/identity.js';
import { impersonates } from '@mindmgmt/table';
import type { PlayerRow } from '../store/players/types.js';
import type { GameRow } from '../store/types.js';
import type { AdminStore, BanRow } from './store.js';

export type AdminRole = 'operator' | 'moderator';
/** The tables a ban looks at (as sign-out everywhere: the player's most recently joined). */
const BAN_TABLES = 200;

/** ADMIN_HANDLES ("ann, bob") -> the folded keys of the valid handles among them. */
export function operatorKeys(raw: string | undefined): Set<string> {
  const out = new Set<string>();
  for (const h of (raw ?? '').split(',')) {
    const c = checkHandle(h.trim());
    if (c.ok) out.add(c.key);
  }
  return out;
}

/** How a ban is told to the banned player (sign-in refused). */
export function banMessage(b: BanRow): string {
  const until = b.until === null ? 'until further notice' : `until ${new Date(b.until).toISOString()}`;
  return `This profile is banned ${until}: ${b.reason}`;
}

/** The ban in force at `now`, as told to the player, or null. */
export async function bannedBecause(store: AdminStore, playerId: string, now: number): Promise<string | null> {
  const b = await store.banOf(playerId, now);
  return b ? banMessage(b) : null;
}

/** A refusal (ApiError: the table is gone, over or started) answers `v`; anything else throws. */
const refusedAs =
  <T>(v: T) =>
  (e: unknown): T => {
    if (e instanceof ApiError) return v;
    throw e;
  };

export class AdminService {
  constructor(
    readonly store: AdminStore,
    private readonly players: PlayerService,
    private readonly master: GameMaster,
    private readonly lobby: Lobby,
    private readonly chat: TableChat,
    private readonly operators: ReadonlySet<string>,
    private readonly log: Logger,
  ) {}

  async roleOf(playerId: string): Promise<AdminRole | null> {
    if (this.operators.size) {
      const h = await this.players.store.handleOf(playerId);
      const c = h === null ? null : checkHandle(h);
      if (c?.ok && this.operators.has(c.key)) return 'operator';
    }
    return this.store.roleOf(playerId);
  }

  /** The signed-in player of the request with at least `need`, else 401/403. */
  async require(me: { player: PlayerRow }, need: AdminRole): Promise<{ player: PlayerRow; role: AdminRole }> {
    const role = await this.roleOf(me.player.id);
    if (!role || (need === 'operator' && role !== 'operator'))
      throw new ApiError(
        403,
        'not_admin',
        need === 'operator' ? 'Only an operator may do that.' : 'Only moderators may do that.',
      );
    return { player: me.player, role };
  }

  /** The player an admin acts on: exists, is a person, and is below the actor's role. */
  private async target(actor: { role: AdminRole }, id: string): Promise<PlayerRow> {
    const p = await this.players.store.getPlayer(id);
    if (!p || p.bot) throw new ApiError(404, 'not_found', 'There is no such player.');
    const role = await this.roleOf(id);
    if (role === 'operator' || (role === 'moderator' && actor.role !== 'operator'))
      throw new ApiError(403, 'protected', 'That player holds a role at or above yours.');
    return p;
  }

  private async audit(
    actor: PlayerRow,
    action: string,
    target: string | null,
    reason: string | null,
    detail: Record<string, unknown> | null = null,
  ): Promise<number> {
    const at = Date.now();
    const id = await this.store.audit({
      at,
      actor: actor.id,
      action,
      target,
      reason,
      detail: detail && JSON.stringify(detail),
    });
    this.log.info({ actor: actor.id, action, target }, 'admin action');
    return id;
  }

  /** Every admin request, refused ones too (never its body: a reason may name someone). */
  logRequest(method: string, path: string, status: number, player: string | null): void {
    this.log.info({ method, path, status, player }, 'admin request');
  }

  async rename(actor: { player: PlayerRow; role: AdminRole }, id: string, raw: string, reason: string) {
    const p = await this.target(actor, id);
    const c = checkName(raw);
    if (!c.ok) throw new ApiError(400, 'bad_name', c.message);
    if (impersonates(c.name))
      throw new ApiError(400, 'bad_name', 'That name is reserved for bots and the server; choose another.');
    if (!(await this.players.store.rename(id, c.name)))
      throw new ApiError(404, 'not_found', 'There is no such player.');
    await this.audit(actor.player, 'rename', id, reason, { from: p.name, to: c.name });
    return { id, name: c.name };
  }

  async setModerator(actor: { player: PlayerRow; role: AdminRole }, id: string, on: boolean, reason: string) {
    if (actor.role !== 'operator') throw new ApiError(403, 'not_admin', 'Only an operator may do that.');
    const p = await this.players.store.getPlayer(id);
    if (!p || p.bot) throw new ApiError(404, 'not_found', 'There is no such player.');
    if ((await this.roleOf(id)) === 'operator')
      throw new ApiError(403, 'protected', 'Operators are named in ADMIN_HANDLES, not here.');
    await this.store.setModerator(id, on, actor.player.id, Date.now());
    await this.audit(actor.player, on ? 'grant-moderator' : 'withdraw-moderator', id, reason);
    return { id, role: on ? 'moderator' : null };
  }

  /**
   * Bans a player: the ban row first, then every session goes and every seat token is replaced,
   * so their old tokens open nothing on any instance (the store is shared; the seat change
   * reaches the other instances as sign-out everywhere does). Their places at waiting tables are
   * left; their seats in running games go to stand-ins (D13), or are resigned where nobody else
   * at the table still plays. A sign-in that raced the ban finds the row (players/routes.ts checks
   * it after the session exists).
   */
  async ban(actor: { player: PlayerRow; role: AdminRole }, id: string, reason: string, until: number | null) {
    await this.target(actor, id);
    const now = Date.now();
    if (until !== null && until <= now) throw new ApiError(400, 'malformed', 'until: a time in the future.');
    await this.store.ban({ playerId: id, reason, until, by: actor.player.id, at: now });
    const sessions = await this.players.store.deleteSessions(id);
    const seats = await this.vacate(id);
    await this.audit(actor.player, 'ban', id, reason, { until, sessions, ...seats });
    return { id, until, sessions, ...seats };
  }

  async unban(actor: { player: PlayerRow; role: AdminRole }, id: string, reason: string) {
    await this.target(actor, id);
    const lifted = await this.store.unban(id);
    await this.audit(actor.player, 'unban', id, reason);
    return { id, lifted };
  }

  /** Every place the player holds: left (waiting), or in a running game handed to a stand-in
   * (D13), which resigns the seat instead when no other person at the table still plays. */
  private async vacate(id: string): Promise<{ left: number; standIns: number; resigned: number }> {
    const store = this.players.store;
    let left = 0;
    let standIns = 0;
    let resigned = 0;
    for (const gameId of await store.gamesWithPlaceOf(id, BAN_TABLES))
      for (const [place, holder] of await store.placePlayers(gameId)) {
        if (holder !== id) continue;
        // A table gone or over meanwhile has no token left to stop; anything else fails the ban.
        const token = await this.lobby.replaceToken(gameId, place).catch(refusedAs(null));
        if (!token) continue;
        if (await this.lobby.leave(gameId, token).then(() => true, refusedAs(false))) {
          await this.players.placeLeft(gameId, place);
          left++;
        } else {
          const handed = await this.standIn(gameId, (r) => r.start?.seats.find((s) => s.place === place)?.seat);
          if (handed === 'standIn') standIns++;
          else if (handed === 'ended') resigned++;
        }
      }
    return { left, standIns, resigned };
  }

  /** A seat (`seatOf` the row) goes to a stand-in, or the game ends where nobody else plays
   * (play/standins.ts); again if another instance moved the game meanwhile. */
  private async standIn(gameId: string, seatOf: (row: GameRow) => number | undefined): Promise<HandOver> {
    const m = this.master;
    const g = await m.getLive(gameId);
    if (!g) return 'none';
    for (let attempt = 0; ; attempt++)
      try {
        return await g.lock.run(async () => {
          await m.fresh(g);
          const seat = seatOf(g.row);
          if (!g.state || g.state.result || seat === undefined) return 'none';
          return seatStandIn(m, g, seat as Seat, 'left');
        });
      } catch (e) {
        if (!(e instanceof StaleError) || attempt >= 3) throw e;
      }
  }

  /** A seat (`seatOf` the row) resigns, through the master's one action path (again if another
   * instance moved the game meanwhile); false when the game is not running. */
  private async resign(gameId: string, seatOf: (row: GameRow) => number | undefined): Promise<boolean> {
    const m = this.master;
    const g = await m.getLive(gameId);
    if (!g) return false;
    for (let attempt = 0; ; attempt++)
      try {
        return await g.lock.run(async () => {
          await m.fresh(g);
          const seat = seatOf(g.row);
          if (!g.state || g.state.result || seat === undefined) return false;
          await m.submit(g, { type: 'resign', seat } as Action, { by: 'timer', seq: g.state.seq });
          return true;
        });
      } catch (e) {
        if (!(e instanceof StaleError) || attempt >= 3) throw e;
      }
  }

  async tables(status: 'lobby' | 'active' | 'over', q: string) {
    return this.store.tables(status, q.toLowerCase(), 100);
  }

  /**
   * Ends a running table: the recruiter's seat resigns (the engine has no ending without a result,
   * so the agents are recorded as winners), then its subscribers on every instance are sent the
   * notice.
   */
  async endTable(actor: { player: PlayerRow; role: AdminRole }, id: string, reason: string, notice: string) {
    const g = await this.master.getLive(id);
    if (!g || g.row.status !== 'active' || !g.state)
      throw new ApiError(409, 'not_running', 'That table is not running.');
    const ended = await this.resign(id, () => RECRUITER_SEAT);
    if (!ended) throw new ApiError(409, 'not_running', 'That table is not running.');
    this.chat.notice(id, notice, await this.audit(actor.player, 'end-table', id, reason, { notice }));
    return { id, ended };
  }

  /** Deletes a waiting table: every place is left (the last one closes it). */
  async deleteTable(actor: { player: PlayerRow; role: AdminRole }, id: string, reason: string) {
    const g = await this.master.getLive(id);
    if (!g || g.row.status !== 'lobby')
      throw new ApiError(409, 'not_waiting', 'That table is not waiting for players.');
    for (const p of g.row.places) {
      if (!p.tokenHash) continue;
      const token = await this.lobby.replaceToken(id, p.place);
      if (!token) continue;
      if (await this.lobby.leave(id, token).then(() => true, refusedAs(false)))
        await this.players.placeLeft(id, p.place);
    }
    const after = await this.master.getLive(id);
    await this.audit(actor.player, 'delete-table', id, reason);
    return { id, closed: after?.row.status === 'closed' };
  }

  async hideChat(actor: { player: PlayerRow; role: AdminRole }, gameId: string, n: number, reason: string) {
    const msg = await this.store.chatMessage(gameId, n);
    if (!msg) throw new ApiError(404, 'not_found', 'There is no such message.');
    await this.store.hideChat(gameId, n, actor.player.id);
    await this.chat.refresh(gameId);
    await this.audit(actor.player, 'hide-chat', msg.playerId, reason, { gameId, n });
    return { gameId, n, hidden: true };
  }

  async closeReport(actor: { player: PlayerRow; role: AdminRole }, id: number, reason: string) {
    if (!(await this.store.closeReport(id, actor.player.id, Date.now())))
      throw new ApiError(404, 'not_found', 'There is no such open report.');
    await this.audit(actor.player, 'close-report', String(id), reason);
    return { id, status: 'closed' };
  }

  async announce(actor: { player: PlayerRow; role: AdminRole }, text: string, until: number) {
    const now = Date.now();
    if (until <= now) throw new ApiError(400, 'malformed', 'until: a time in the future.');
    const id = await this.store.announce(text, until, actor.player.id, now);
    await this.audit(actor.player, 'announce', null, null, { text, until });
    return { id, text, until };
  }

  async endAnnouncement(actor: { player: PlayerRow; role: AdminRole }) {
    const ended = await this.store.endAnnouncements(Date.now());
    await this.audit(actor.player, 'end-announcement', null, null);
    return { ended };
  }

  /** Whether `joiner` may join table `gameId`: refused when a player seated there blocked them. */
  async checkJoin(gameId: string, joiner: PlayerRow | null): Promise<void> {
    if (!joiner) return;
    const owners = [...new Set((await this.players.store.placePlayers(gameId)).values())];
    if (await this.store.blockedByAny(owners, joiner.id))
      throw new ApiError(403, 'blocked', 'A player at this table does not want to play with you.');
  }
}
