// Moderation storage over the players' SQL database (migration 120), SQLite and PostgreSQL through
// the players' sql-driver.ts. Statements in the `$n` convention (store/sql/params.ts).
import type { SqlDb } from '../store/players/sql-driver.js';

export interface BanRow {
  readonly playerId: string;
  readonly reason: string;
  /** null: until lifted. */
  readonly until: number | null;
  readonly by: string;
  readonly at: number;
}

export interface ReportRow {
  readonly id: number;
  readonly at: number;
  readonly reporter: string;
  readonly kind: 'chat' | 'name';
  /** The reported player (null: a spectator's message). */
  readonly target: string | null;
  readonly gameId: string | null;
  readonly n: number | null;
  /** The reported text as it was when reported. */
  readonly text: string;
  /** JSON: the messages around it (chat) or nothing more (name). */
  readonly context: string;
  readonly reason: string;
  readonly status: 'open' | 'closed';
  readonly closedBy: string | null;
  readonly closedAt: number | null;
}
export type NewReport = Omit<ReportRow, 'id' | 'status' | 'closedBy' | 'closedAt'>;

export interface AuditRow {
  readonly id: number;
  readonly at: number;
  readonly actor: string;
  readonly action: string;
  readonly target: string | null;
  readonly reason: string | null;
  readonly detail: string | null;
}
export type NewAudit = Omit<AuditRow, 'id'>;

export interface Announcement {
  readonly id: number;
  readonly text: string;
  readonly until: number;
  readonly by: string;
  readonly at: number;
}

const num = (v: unknown): number => Number(v);
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

export class AdminStore {
  constructor(readonly db: SqlDb) {}

  async roleOf(playerId: string): Promise<'moderator' | null> {
    const [r] = await this.db.all<{ role: string }>('SELECT role FROM player_roles WHERE player_id = $1', [playerId]);
    return r ? 'moderator' : null;
  }

  async setModerator(playerId: string, on: boolean, by: string, at: number): Promise<boolean> {
    if (!on) return (await this.db.run('DELETE FROM player_roles WHERE player_id = $1', [playerId])) > 0;
    return (
      (await this.db.run(
        `INSERT INTO player_roles (player_id, role, granted_by, granted_at) VALUES ($1, 'moderator', $2, $3)
         ON CONFLICT (player_id) DO NOTHING`,
        [playerId, by, at],
      )) > 0
    );
  }

  async moderators(): Promise<{ playerId: string; grantedBy: string; grantedAt: number }[]> {
    const rows = await this.db.all<{ player_id: string; granted_by: string; granted_at: unknown }>(
      'SELECT player_id, granted_by, granted_at FROM player_roles ORDER BY granted_at',
    );
    return rows.map((r) => ({ playerId: r.player_id, grantedBy: r.granted_by, grantedAt: num(r.granted_at) }));
  }

  /** The ban in force at `now` (an expired one is not). */
  async banOf(playerId: string, now: number): Promise<BanRow | null> {
    const [r] = await this.db.all<{ reason: string; until_at: unknown; by_player: string; at: unknown }>(
      'SELECT reason, until_at, by_player, at FROM bans WHERE player_id = $1 AND (until_at IS NULL OR until_at > $2)',
      [playerId, now],
    );
    return r ? { playerId, reason: r.reason, until: numOrNull(r.until_at), by: r.by_player, at: num(r.at) } : null;
  }

  async bansOf(ids: readonly string[], now: number): Promise<Map<string, BanRow>> {
    const out = new Map<string, BanRow>();
    for (const id of ids) {
      const b = await this.banOf(id, now);
      if (b) out.set(id, b);
    }
    return out;
  }

  async ban(b: BanRow): Promise<void> {
    await this.db.run(
      `INSERT INTO bans (player_id, reason, until_at, by_player, at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (player_id) DO UPDATE SET reason = $2, until_at = $3, by_player = $4, at = $5`,
      [b.playerId, b.reason, b.until, b.by, b.at],
    );
  }

  async unban(playerId: string): Promise<boolean> {
    return (await this.db.run('DELETE FROM bans WHERE player_id = $1', [playerId])) > 0;
  }

  /** Players whose name contains `q` or whose handle is `handleKey`, at most `limit`. */
  async findPlayers(
    q: string,
    handleKey: string | null,
    limit: number,
  ): Promise<{ id: string; name: string; createdAt: number; handle: string | null }[]> {
    const like = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const rows = await this.db.all<{ id: string; name: string; created_at: unknown; handle: string | null }>(
      `SELECT p.id, p.name, p.created_at, h.handle FROM players p LEFT JOIN handles h ON h.player_id = p.id
       WHERE p.bot IS NULL AND (lower(p.name) LIKE $1 ESCAPE '\\' OR h.handle_key = $2 OR p.id = $3)
       ORDER BY p.created_at DESC LIMIT $4`,
      [like, handleKey ?? '', q, limit],
    );
    return rows.map((r) => ({ id: r.id, name: r.name, createdAt: num(r.created_at), handle: r.handle }));
  }

  /** Hides message n (the text stays); false when there is no such message. */
  async hideChat(gameId: string, n: number, by: string | null): Promise<boolean> {
    return (await this.db.run('UPDATE chat SET hidden_by = $1 WHERE game_id = $2 AND n = $3', [by, gameId, n])) > 0;
  }

  async chatMessage(
    gameId: string,
    n: number,
  ): Promise<{ playerId: string | null; name: string; text: string; at: number } | null> {
    const [r] = await this.db.all<{ player_id: string | null; name: string; text: string; at: unknown }>(
      'SELECT player_id, name, text, at FROM chat WHERE game_id = $1 AND n = $2',
      [gameId, n],
    );
    return r ? { playerId: r.player_id, name: r.name, text: r.text, at: num(r.at) } : null;
  }

  async chatAround(gameId: string, n: number, each: number): Promise<{ n: number; name: string; text: string }[]> {
    return this.db.all<{ n: number; name: string; text: string }>(
      'SELECT n, name, text FROM chat WHERE game_id = $1 AND n >= $2 AND n <= $3 ORDER BY n',
      [gameId, n - each, n + each],
    );
  }

  async addReport(r: NewReport): Promise<number> {
    const [row] = await this.db.all<{ id: unknown }>(
      `INSERT INTO reports (at, reporter, kind, target, game_id, n, text, context, reason)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
      [r.at, r.reporter, r.kind, r.target, r.gameId, r.n, r.text, r.context, r.reason],
    );
    return num(row!.id);
  }

  async reports(status: 'open' | 'closed', limit: number): Promise<ReportRow[]> {
    const rows = await this.db.all<Record<string, unknown>>(
      'SELECT * FROM reports WHERE status = $1 ORDER BY id DESC LIMIT $2',
      [status, limit],
    );
    return rows.map((r) => ({
      id: num(r.id),
      at: num(r.at),
      reporter: r.reporter as string,
      kind: r.kind as 'chat' | 'name',
      target: (r.target as string | null) ?? null,
      gameId: (r.game_id as string | null) ?? null,
      n: numOrNull(r.n),
      text: r.text as string,
      context: r.context as string,
      reason: r.reason as string,
      status: r.status as 'open' | 'closed',
      closedBy: (r.closed_by as string | null) ?? null,
      closedAt: numOrNull(r.closed_at),
    }));
  }

  async closeReport(id: number, by: string, at: number): Promise<boolean> {
    return (
      (await this.db.run(
        "UPDATE reports SET status = 'closed', closed_by = $1, closed_at = $2 WHERE id = $3 AND status = 'open'",
        [by, at, id],
      )) > 0
    );
  }

  async block(playerId: string, blockedId: string, at: number, max: number): Promise<'ok' | 'full'> {
    return this.db.tx(async (c) => {
      await c.lock(`blocks:${playerId}`);
      const [k] = await c.all<{ k: unknown }>('SELECT count(*) AS k FROM blocks WHERE player_id = $1', [playerId]);
      if (num(k?.k ?? 0) >= max) return 'full';
      await c.run(
        'INSERT INTO blocks (player_id, blocked_id, at) VALUES ($1, $2, $3) ON CONFLICT (player_id, blocked_id) DO NOTHING',
        [playerId, blockedId, at],
      );
      return 'ok';
    });
  }

  async unblock(playerId: string, blockedId: string): Promise<boolean> {
    return (
      (await this.db.run('DELETE FROM blocks WHERE player_id = $1 AND blocked_id = $2', [playerId, blockedId])) > 0
    );
  }

  async blocksOf(playerId: string): Promise<{ playerId: string; name: string | null; at: number }[]> {
    const rows = await this.db.all<{ blocked_id: string; name: string | null; at: unknown }>(
      `SELECT b.blocked_id, p.name, b.at FROM blocks b LEFT JOIN players p ON p.id = b.blocked_id
       WHERE b.player_id = $1 ORDER BY b.at`,
      [playerId],
    );
    return rows.map((r) => ({ playerId: r.blocked_id, name: r.name, at: num(r.at) }));
  }

  /** Whether any of `owners` blocked `playerId`. */
  async blockedByAny(owners: readonly string[], playerId: string): Promise<boolean> {
    for (const o of owners)
      if ((await this.db.all('SELECT 1 FROM blocks WHERE player_id = $1 AND blocked_id = $2', [o, playerId])).length)
        return true;
    return false;
  }

  async announce(text: string, until: number, by: string, at: number): Promise<number> {
    const [row] = await this.db.all<{ id: unknown }>(
      'INSERT INTO announcements (text, until_at, by_player, at) VALUES ($1, $2, $3, $4) RETURNING id',
      [text, until, by, at],
    );
    return num(row!.id);
  }

  async endAnnouncements(now: number): Promise<number> {
    return this.db.run('UPDATE announcements SET until_at = $1 WHERE until_at > $1', [now]);
  }

  /** The newest announcement still showing at `now`. */
  async announcement(now: number): Promise<Announcement | null> {
    const [r] = await this.db.all<{ id: unknown; text: string; until_at: unknown; by_player: string; at: unknown }>(
      'SELECT id, text, until_at, by_player, at FROM announcements WHERE until_at > $1 ORDER BY id DESC LIMIT 1',
      [now],
    );
    return r ? { id: num(r.id), text: r.text, until: num(r.until_at), by: r.by_player, at: num(r.at) } : null;
  }

  /** Tables by status, newest first, optionally whose title contains `q`. */
  async tables(
    status: 'lobby' | 'active' | 'over',
    q: string,
    limit: number,
  ): Promise<{ id: string; title: string; status: string; createdAt: number; updatedAt: number }[]> {
    const like = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const rows = await this.db.all<{
      id: string;
      title: string;
      status: string;
      created_at: unknown;
      updated_at: unknown;
    }>(
      `SELECT id, title, status, created_at, updated_at FROM games WHERE status = $1 AND lower(title) LIKE $2 ESCAPE '\\'
       ORDER BY updated_at DESC LIMIT $3`,
      [status, like, limit],
    );
    return rows.map((r) => ({
      id: r.id,
      title: r.title,
      status: r.status,
      createdAt: num(r.created_at),
      updatedAt: num(r.updated_at),
    }));
  }

  /** Answers the entry's id. */
  async audit(a: NewAudit): Promise<number> {
    const [row] = await this.db.all<{ id: unknown }>(
      'INSERT INTO audit_log (at, actor, action, target, reason, detail) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
      [a.at, a.actor, a.action, a.target, a.reason, a.detail],
    );
    return num(row!.id);
  }

  /** The notice of an "end-table" audit entry (another instance sends it to its subscribers). */
  async noticeText(id: number): Promise<string | null> {
    const [r] = await this.db.all<{ detail: string | null }>(
      "SELECT detail FROM audit_log WHERE id = $1 AND action = 'end-table'",
      [id],
    );
    const notice = r?.detail ? (JSON.parse(r.detail) as { notice?: unknown }).notice : null;
    return typeof notice === 'string' ? notice : null;
  }

  /** Newest first; `before` = the id of the last row of the previous page. */
  async auditLog(limit: number, before: number | null): Promise<AuditRow[]> {
    const rows = await this.db.all<Record<string, unknown>>(
      'SELECT * FROM audit_log WHERE id < $1 ORDER BY id DESC LIMIT $2',
      [before ?? Number.MAX_SAFE_INTEGER, limit],
    );
    return rows.map((r) => ({
      id: num(r.id),
      at: num(r.at),
      actor: r.actor as string,
      action: r.action as string,
      target: (r.target as string | null) ?? null,
      reason: (r.reason as string | null) ?? null,
      detail: (r.detail as string | null) ?? null,
    }));
  }
}
