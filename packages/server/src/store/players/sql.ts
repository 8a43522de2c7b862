// PlayerStore over SQL (SQLite or PostgreSQL through sql-driver.ts), on the tables of migration 100.
import { needsTouch } from './session-touch.js';
import type { Campaign } from './campaign-ledger.js';
import { FORMER_PLAYER_TITLE, titleWithout } from './former-player.js';
import { StoreError } from '../types.js';
import type { Param, SqlConn, SqlDb } from './sql-driver.js';
import {
  ratingKey,
  type CampaignRow,
  type HistoryCursor,
  type ChatBus,
  type ChatRow,
  type ChatSettings,
  type HeldSeat,
  type LeaderRow,
  type NewChat,
  type PlayerGameRow,
  type PlayerRow,
  type PlayerStore,
  type RateFn,
  type RatingRow,
  type Vacation,
  type Role,
  type RoleModeStats,
  NOT_OVER,
  type SessionRow,
} from './types.js';

const INT_MAX = 2 ** 31 - 1;

type Bool = boolean | number;
const bool = (b: Bool) => b === true || b === 1;

interface RawPlayer {
  id: string;
  name: string;
  created_at: number;
  password_hash: string | null;
  bot: string | null;
}
const player = (r: RawPlayer): PlayerRow => ({
  id: r.id,
  name: r.name,
  createdAt: Number(r.created_at),
  passwordHash: r.password_hash,
  bot: r.bot,
});

interface RawSession {
  token_hash: string;
  player_id: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
}
const session = (r: RawSession): SessionRow => ({
  tokenHash: r.token_hash,
  playerId: r.player_id,
  createdAt: Number(r.created_at),
  lastSeenAt: Number(r.last_seen_at),
  expiresAt: Number(r.expires_at),
});

interface RawGame {
  player_id: string;
  game_id: string;
  finished_at: number;
  role: Role;
  seat: number;
  place: number | null;
  mode: PlayerGameRow['mode'];
  won: Bool;
  rated: Bool;
  campaign_id: string | null;
  /** Migration 113 (D13). */
  absent: Bool;
  /** Migration 114 (D14). */
  abandoned: Bool;
}
const history = (r: RawGame): PlayerGameRow => ({
  playerId: r.player_id,
  gameId: r.game_id,
  finishedAt: Number(r.finished_at),
  role: r.role,
  seat: r.seat,
  place: r.place,
  mode: r.mode,
  won: bool(r.won),
  rated: bool(r.rated),
  campaignId: r.campaign_id,
  ...(bool(r.absent) ? { absent: true } : {}),
  ...(bool(r.abandoned) ? { abandoned: true } : {}),
});

interface RawRating {
  player_id: string;
  role: Role;
  rating: number;
  rd: number;
  vol: number;
  games: number;
  updated_at: number;
}
const rating = (r: RawRating): RatingRow => ({
  playerId: r.player_id,
  role: r.role,
  rating: Number(r.rating),
  rd: Number(r.rd),
  vol: Number(r.vol),
  games: r.games,
  updatedAt: Number(r.updated_at),
});

interface RawChat {
  game_id: string;
  n: number;
  at: number;
  seat: number | null;
  player_id: string | null;
  name: string;
  text: string;
  removed: Bool;
  log_at: number | null;
  hidden_by?: string | null;
}
const chat = (r: RawChat): ChatRow => ({
  gameId: r.game_id,
  n: r.n,
  at: Number(r.at),
  seat: r.seat,
  playerId: r.player_id,
  name: r.name,
  text: r.text,
  removed: bool(r.removed),
  logAt: r.log_at === null ? null : Number(r.log_at),
  ...(r.hidden_by != null ? { hidden: true } : {}),
});

interface RawCampaign {
  id: string;
  created_at: number;
  updated_at: number;
  version: number;
  ledger: string;
}

const PLAYER_COLS = 'id, name, created_at, password_hash, bot';
const GAME_COLS =
  'player_id, game_id, finished_at, role, seat, place, mode, won, rated, campaign_id, absent, abandoned';

/** Player ids of a ledger's seating and games (only real ids end up as members). */
const ledgerPeople = (l: Campaign) =>
  new Set([
    ...l.seating.recruiter,
    ...l.seating.agents,
    ...l.games.flatMap((g) => [...g.seating.recruiter, ...g.seating.agents]),
  ]);

export class SqlPlayerStore implements PlayerStore {
  constructor(
    /** Also the notification store's connection (store/notify/sql.ts, same database). */
    readonly db: SqlDb,
    readonly chatBus: ChatBus | null = null,
  ) {}

  async createPlayer(p: PlayerRow, first: SessionRow | null): Promise<void> {
    await this.db.tx(async (c) => {
      await c.run(`INSERT INTO players (${PLAYER_COLS}) VALUES ($1, $2, $3, $4, $5)`, [
        p.id,
        p.name,
        p.createdAt,
        p.passwordHash,
        p.bot,
      ]);
      if (first) await this.insertSession(c, first);
    });
  }

  private insertSession(c: SqlConn, s: SessionRow) {
    return c.run(
      'INSERT INTO sessions (token_hash, player_id, created_at, last_seen_at, expires_at) VALUES ($1, $2, $3, $4, $5)',
      [s.tokenHash, s.playerId, s.createdAt, s.lastSeenAt, s.expiresAt],
    );
  }

  async getPlayer(id: string): Promise<PlayerRow | null> {
    const r = await this.db.all<RawPlayer>(`SELECT ${PLAYER_COLS} FROM players WHERE id = $1`, [id]);
    return r[0] ? player(r[0]) : null;
  }

  async rename(id: string, name: string): Promise<boolean> {
    return (await this.db.run('UPDATE players SET name = $1 WHERE id = $2', [name, id])) > 0;
  }

  async setPasswordHash(id: string, hash: string | null): Promise<boolean> {
    return (await this.db.run('UPDATE players SET password_hash = $1 WHERE id = $2', [hash, id])) > 0;
  }

  async addSession(s: SessionRow): Promise<boolean> {
    return this.db.tx(async (c) => {
      if (!(await c.all('SELECT 1 FROM players WHERE id = $1 AND bot IS NULL', [s.playerId])).length) return false;
      await this.insertSession(c, s);
      return true;
    });
  }

  async sessionPlayer(tokenHash: string, now: number, slideTo: number): Promise<PlayerRow | null> {
    // A read, without a transaction: most signed-in requests change nothing.
    const s = await this.db.all<{ player_id: string; expires_at: number; last_seen_at: number }>(
      'SELECT player_id, expires_at, last_seen_at FROM sessions WHERE token_hash = $1',
      [tokenHash],
    );
    if (!s[0]) return null;
    const expires = Number(s[0].expires_at);
    if (expires <= now) {
      await this.db.run('DELETE FROM sessions WHERE token_hash = $1 AND expires_at <= $2', [tokenHash, now]);
      return null;
    }
    if (needsTouch(Number(s[0].last_seen_at), now))
      await this.db.run('UPDATE sessions SET last_seen_at = $1, expires_at = $2 WHERE token_hash = $3', [
        now,
        Math.max(slideTo, expires),
        tokenHash,
      ]);
    return this.getPlayer(s[0].player_id);
  }

  async deleteSession(tokenHash: string): Promise<boolean> {
    return (await this.db.run('DELETE FROM sessions WHERE token_hash = $1', [tokenHash])) > 0;
  }

  async deleteSessions(playerId: string, keep?: string): Promise<number> {
    return this.db.run('DELETE FROM sessions WHERE player_id = $1 AND token_hash <> $2', [playerId, keep ?? '']);
  }

  async sessionsOf(playerId: string): Promise<SessionRow[]> {
    return (
      await this.db.all<RawSession>('SELECT * FROM sessions WHERE player_id = $1 ORDER BY created_at, token_hash', [
        playerId,
      ])
    ).map(session);
  }

  async recordFinishedGame(gameId: string, rows: readonly PlayerGameRow[], rate: RateFn | null): Promise<boolean> {
    return this.db.tx(async (c) => {
      const g = await c.all<{ status: string }>('SELECT status FROM games WHERE id = $1', [gameId]);
      if (g[0] && g[0].status !== 'over') throw new StoreError(NOT_OVER);
      const first = await c.run(
        'INSERT INTO recorded_games (game_id, recorded_at) VALUES ($1, $2) ON CONFLICT (game_id) DO NOTHING',
        [gameId, Date.now()],
      );
      if (!first) return false;
      await c.run('DELETE FROM unrecorded_games WHERE game_id = $1', [gameId]);
      for (const r of rows) {
        if (r.gameId !== gameId) throw new Error('history row of another game');
        await c.run(
          `INSERT INTO player_games (${GAME_COLS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
          [
            r.playerId,
            r.gameId,
            r.finishedAt,
            r.role,
            r.seat,
            r.place,
            r.mode,
            r.won,
            r.rated,
            r.campaignId,
            r.absent ?? false,
            r.abandoned ?? false,
          ],
        );
      }
      if (!rate) return true;
      // Ratings of the same player can change in two games finishing together: lock them in a
      // fixed order (no deadlock), then read, compute, write.
      const keys = [...new Set(rows.map((r) => ratingKey(r.playerId, r.role)))].sort();
      for (const k of keys) await c.lock(`rating:${k}`);
      const before = new Map<string, RatingRow | null>();
      for (const r of rows) {
        const got = await c.all<RawRating>('SELECT * FROM ratings WHERE player_id = $1 AND role = $2', [
          r.playerId,
          r.role,
        ]);
        before.set(ratingKey(r.playerId, r.role), got[0] ? rating(got[0]) : null);
      }
      for (const n of rate(before))
        await c.run(
          `INSERT INTO ratings (player_id, role, rating, rd, vol, games, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
           ON CONFLICT (player_id, role) DO UPDATE SET rating = excluded.rating, rd = excluded.rd, vol = excluded.vol,
             games = excluded.games, updated_at = excluded.updated_at`,
          [n.playerId, n.role, n.rating, n.rd, n.vol, n.games, n.updatedAt],
        );
      return true;
    });
  }

  async historyOf(playerId: string, limit: number, before?: HistoryCursor): Promise<PlayerGameRow[]> {
    return (
      await this.db.all<RawGame>(
        `SELECT ${GAME_COLS} FROM player_games WHERE player_id = $1 AND (finished_at < $2 OR (finished_at = $2 AND game_id < $3))
         ORDER BY finished_at DESC, game_id DESC LIMIT $4`,
        [playerId, before?.finishedAt ?? Number.MAX_SAFE_INTEGER, before?.gameId ?? '', limit],
      )
    ).map(history);
  }

  async statsOf(playerId: string): Promise<RoleModeStats[]> {
    const rows = await this.db.all<{ role: Role; mode: RoleModeStats['mode']; played: number; won: number }>(
      `SELECT role, mode, count(*) AS played, sum(CASE WHEN won THEN 1 ELSE 0 END) AS won FROM player_games
       WHERE player_id = $1 AND NOT abandoned GROUP BY role, mode ORDER BY role, mode`,
      [playerId],
    );
    return rows.map((r) => ({ role: r.role, mode: r.mode, played: Number(r.played), won: Number(r.won) }));
  }

  async vacationOf(playerId: string): Promise<Vacation | null> {
    const r = await this.db.all<{ until_at: number; year: number; used_days: number }>(
      'SELECT until_at, year, used_days FROM vacations WHERE player_id = $1',
      [playerId],
    );
    return r[0] ? { until: Number(r[0].until_at), year: Number(r[0].year), usedDays: Number(r[0].used_days) } : null;
  }

  async setVacation(playerId: string, v: Vacation): Promise<void> {
    await this.db.run(
      `INSERT INTO vacations (player_id, until_at, year, used_days) VALUES ($1, $2, $3, $4)
       ON CONFLICT (player_id) DO UPDATE SET until_at = excluded.until_at, year = excluded.year, used_days = excluded.used_days`,
      [playerId, v.until, v.year, v.usedDays],
    );
  }

  async finishedCounts(playerIds: readonly string[]): Promise<Map<string, number>> {
    const out = new Map(playerIds.map((id) => [id, 0]));
    for (const id of new Set(playerIds)) {
      const r = await this.db.all<{ n: number }>('SELECT count(*) AS n FROM player_games WHERE player_id = $1', [id]);
      out.set(id, Number(r[0]?.n ?? 0));
    }
    return out;
  }

  async noteOfflineGame(playerId: string, gameId: string, bytes: number, now: number): Promise<void> {
    await this.db.run(
      `INSERT INTO offline_games (player_id, game_id, bytes, uploaded_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (player_id, game_id) DO NOTHING`,
      [playerId, gameId, bytes, now],
    );
  }

  async offlineGamesOf(playerId: string): Promise<{ count: number; bytes: number }> {
    const r = await this.db.all<{ n: number; b: number | null }>(
      'SELECT count(*) AS n, sum(bytes) AS b FROM offline_games WHERE player_id = $1',
      [playerId],
    );
    return { count: Number(r[0]?.n ?? 0), bytes: Number(r[0]?.b ?? 0) };
  }

  async hasVerifiedGame(playerId: string): Promise<boolean> {
    const r = await this.db.all<{ one: number }>(
      `SELECT 1 AS one FROM player_games p WHERE p.player_id = $1
       AND NOT EXISTS (SELECT 1 FROM offline_games o WHERE o.player_id = p.player_id AND o.game_id = p.game_id) LIMIT 1`,
      [playerId],
    );
    return r.length > 0;
  }

  async ratingsOf(playerId: string): Promise<RatingRow[]> {
    return (await this.db.all<RawRating>('SELECT * FROM ratings WHERE player_id = $1 ORDER BY role', [playerId])).map(
      rating,
    );
  }

  async leaderboard(role: Role, limit: number, minGames: number, maxRd: number): Promise<LeaderRow[]> {
    const rows = await this.db.all<RawRating & { name: string; bot: string | null }>(
      `SELECT r.*, p.name, p.bot FROM ratings r JOIN players p ON p.id = r.player_id
       WHERE r.role = $1 AND r.games >= $2 AND r.rd <= $3 ORDER BY r.rating - 2 * r.rd DESC, r.player_id LIMIT $4`,
      [role, minGames, maxRd, limit],
    );
    return rows.map((r) => ({ ...rating(r), name: r.name, bot: r.bot }));
  }

  async createCampaign(row: CampaignRow): Promise<void> {
    await this.db.tx(async (c) => {
      await c.run('INSERT INTO campaigns (id, created_at, updated_at, version, ledger) VALUES ($1, $2, $3, $4, $5)', [
        row.id,
        row.createdAt,
        row.updatedAt,
        row.version,
        JSON.stringify(row.ledger),
      ]);
      await this.syncCampaign(c, row.id, row.ledger, row.members);
    });
  }

  /** Members and games of a campaign follow its ledger (both only grow). */
  private async syncCampaign(c: SqlConn, id: string, l: Campaign, extra: readonly string[] = []) {
    const people = new Set([...ledgerPeople(l), ...extra]);
    for (const p of people)
      await c.run(
        `INSERT INTO campaign_members (campaign_id, player_id) SELECT $1, $2 WHERE EXISTS (SELECT 1 FROM players WHERE id = $2)
         ON CONFLICT DO NOTHING`,
        [id, p],
      );
    for (const [i, g] of l.games.entries())
      await c.run(
        'INSERT INTO campaign_games (campaign_id, ord, game_id) VALUES ($1, $2, $3) ON CONFLICT (campaign_id, ord) DO NOTHING',
        [id, i + 1, g.gameId],
      );
  }

  private async campaignRow(c: SqlConn, r: RawCampaign): Promise<CampaignRow> {
    const m = await c.all<{ player_id: string }>(
      'SELECT player_id FROM campaign_members WHERE campaign_id = $1 ORDER BY player_id',
      [r.id],
    );
    return {
      id: r.id,
      createdAt: Number(r.created_at),
      updatedAt: Number(r.updated_at),
      version: r.version,
      ledger: JSON.parse(r.ledger) as Campaign,
      members: m.map((x) => x.player_id),
    };
  }

  async getCampaign(id: string): Promise<CampaignRow | null> {
    return this.db.tx(async (c) => {
      const r = await c.all<RawCampaign>('SELECT * FROM campaigns WHERE id = $1', [id]);
      return r[0] ? this.campaignRow(c, r[0]) : null;
    });
  }

  async updateCampaign(id: string, expectedVersion: number, ledger: Campaign, now: number): Promise<'ok' | 'stale'> {
    return this.db.tx(async (c) => {
      const n = await c.run(
        'UPDATE campaigns SET ledger = $1, version = version + 1, updated_at = $2 WHERE id = $3 AND version = $4',
        [JSON.stringify(ledger), now, id, expectedVersion],
      );
      if (!n) return 'stale';
      await this.syncCampaign(c, id, ledger);
      return 'ok';
    });
  }

  async campaignOfGame(gameId: string): Promise<string | null> {
    const r = await this.db.all<{ campaign_id: string }>('SELECT campaign_id FROM campaign_games WHERE game_id = $1', [
      gameId,
    ]);
    return r[0]?.campaign_id ?? null;
  }

  async campaignsOf(playerId: string): Promise<CampaignRow[]> {
    return this.db.tx(async (c) => {
      const rows = await c.all<RawCampaign>(
        `SELECT c.* FROM campaigns c JOIN campaign_members m ON m.campaign_id = c.id WHERE m.player_id = $1
         ORDER BY c.created_at, c.id`,
        [playerId],
      );
      const out: CampaignRow[] = [];
      for (const r of rows) out.push(await this.campaignRow(c, r));
      return out;
    });
  }

  async addChat(
    m: NewChat,
    maxPerGame: number,
    maxSpectators = maxPerGame,
  ): Promise<ChatRow | 'full' | 'spectators-full'> {
    return this.db.tx(async (c) => {
      await c.lock(`chat:${m.gameId}`);
      const top = await c.all<{ n: number | null; k: number; s: number | null }>(
        'SELECT max(n) AS n, count(*) AS k, sum(CASE WHEN seat IS NULL THEN 1 ELSE 0 END) AS s FROM chat WHERE game_id = $1',
        [m.gameId],
      );
      if (Number(top[0]?.k ?? 0) >= maxPerGame) return 'full';
      if (m.seat === null && Number(top[0]?.s ?? 0) >= maxSpectators) return 'spectators-full';
      const n = Number(top[0]?.n ?? 0) + 1;
      const args: Param[] = [m.gameId, n, m.at, m.seat, m.playerId, m.name, m.text, false, m.logAt];
      await c.run(
        'INSERT INTO chat (game_id, n, at, seat, player_id, name, text, removed, log_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)',
        args,
      );
      return { ...m, n, removed: false };
    });
  }

  async chatOf(gameId: string, after: number, limit: number): Promise<ChatRow[]> {
    return (
      await this.db.all<RawChat>('SELECT * FROM chat WHERE game_id = $1 AND n > $2 ORDER BY n LIMIT $3', [
        gameId,
        after,
        limit,
      ])
    ).map(chat);
  }

  async chatBefore(gameId: string, before: number | null, limit: number): Promise<ChatRow[]> {
    const rows = await this.db.all<RawChat>(
      'SELECT * FROM chat WHERE game_id = $1 AND n < $2 ORDER BY n DESC LIMIT $3',
      // n is an INTEGER column: the cursor stays inside its range.
      [gameId, Math.min(before ?? INT_MAX, INT_MAX), limit],
    );
    return rows.reverse().map(chat);
  }

  async chatBy(playerId: string, limit: number): Promise<ChatRow[]> {
    return (
      await this.db.all<RawChat>('SELECT * FROM chat WHERE player_id = $1 ORDER BY at, game_id, n LIMIT $2', [
        playerId,
        limit,
      ])
    ).map(chat);
  }
  async chatSettings(gameId: string): Promise<ChatSettings> {
    const on = await this.db.all<{ spectators_write: Bool }>(
      'SELECT spectators_write FROM chat_settings WHERE game_id = $1',
      [gameId],
    );
    const muted = await this.db.all<{ seat: number }>('SELECT seat FROM chat_mutes WHERE game_id = $1 ORDER BY seat', [
      gameId,
    ]);
    return { spectatorsWrite: on[0] ? bool(on[0].spectators_write) : false, muted: muted.map((m) => m.seat) };
  }

  async setSpectatorsWrite(gameId: string, on: boolean, at: number): Promise<void> {
    await this.db.run(
      `INSERT INTO chat_settings (game_id, spectators_write, updated_at) VALUES ($1, $2, $3)
       ON CONFLICT (game_id) DO UPDATE SET spectators_write = excluded.spectators_write, updated_at = excluded.updated_at`,
      [gameId, on, at],
    );
  }

  async setSeatMuted(gameId: string, seat: number, muted: boolean): Promise<void> {
    if (muted)
      await this.db.run('INSERT INTO chat_mutes (game_id, seat) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
        gameId,
        seat,
      ]);
    else await this.db.run('DELETE FROM chat_mutes WHERE game_id = $1 AND seat = $2', [gameId, seat]);
  }

  async unrecordedGames(limit: number): Promise<string[]> {
    const rows = await this.db.all<{ game_id: string }>(
      'SELECT game_id FROM unrecorded_games ORDER BY over_at, game_id LIMIT $1',
      [limit],
    );
    return rows.map((r) => r.game_id);
  }

  async linkPlace(
    gameId: string,
    place: number,
    playerId: string,
    at: number,
    seatToken: string | null = null,
  ): Promise<void> {
    await this.db.tx(async (c) => {
      await c.run('DELETE FROM place_players WHERE game_id = $1 AND place = $2', [gameId, place]);
      await c.run(
        'INSERT INTO place_players (game_id, place, player_id, linked_at, seat_token) VALUES ($1, $2, $3, $4, $5)',
        [gameId, place, playerId, at, seatToken],
      );
    });
  }

  async setSeatToken(gameId: string, place: number, playerId: string, seatToken: string): Promise<void> {
    await this.db.run('UPDATE place_players SET seat_token = $1 WHERE game_id = $2 AND place = $3 AND player_id = $4', [
      seatToken,
      gameId,
      place,
      playerId,
    ]);
  }

  async seatTokensOf(playerId: string, limit: number): Promise<HeldSeat[]> {
    const rows = await this.db.all<{ game_id: string; place: number; seat_token: string }>(
      'SELECT game_id, place, seat_token FROM place_players WHERE player_id = $1 AND seat_token IS NOT NULL ORDER BY linked_at DESC, game_id LIMIT $2',
      [playerId, limit],
    );
    return rows.map((r) => ({ gameId: r.game_id, place: Number(r.place), token: r.seat_token }));
  }

  async setHandle(playerId: string, key: string, handle: string): Promise<'ok' | 'taken' | 'no-player'> {
    return this.db.tx(async (c) => {
      if (!(await c.all('SELECT 1 FROM players WHERE id = $1 AND bot IS NULL', [playerId])).length) return 'no-player';
      const holder = await c.all<{ player_id: string }>('SELECT player_id FROM handles WHERE handle_key = $1', [key]);
      if (holder[0] && holder[0].player_id !== playerId) return 'taken';
      await c.run('DELETE FROM handles WHERE player_id = $1', [playerId]);
      // Two players claiming one key at once: the primary key lets one insert win; the other
      // finds no row inserted.
      const n = await c.run(
        'INSERT INTO handles (handle_key, player_id, handle) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
        [key, playerId, handle],
      );
      return n > 0 ? 'ok' : 'taken';
    });
  }

  async playerByHandle(key: string): Promise<PlayerRow | null> {
    const r = await this.db.all<{ player_id: string }>('SELECT player_id FROM handles WHERE handle_key = $1', [key]);
    return r[0] ? this.getPlayer(r[0].player_id) : null;
  }

  async handleOf(playerId: string): Promise<string | null> {
    const r = await this.db.all<{ handle: string }>('SELECT handle FROM handles WHERE player_id = $1', [playerId]);
    return r[0]?.handle ?? null;
  }

  async unlinkPlace(gameId: string, place: number): Promise<void> {
    await this.db.run('DELETE FROM place_players WHERE game_id = $1 AND place = $2', [gameId, place]);
  }

  async placePlayers(gameId: string): Promise<Map<number, string>> {
    const rows = await this.db.all<{ place: number; player_id: string }>(
      'SELECT place, player_id FROM place_players WHERE game_id = $1',
      [gameId],
    );
    return new Map(rows.map((r) => [Number(r.place), r.player_id]));
  }

  async finishRatesAt(places: readonly { gameId: string; place: number }[], last: number) {
    const out = new Map<string, { finished: number; started: number }>();
    if (!places.length) return out;
    // The page's profiles, then each one's newest `last` history rows (player_games_recent).
    const which = places.map((_, i) => `(game_id = $${2 * i + 2} AND place = $${2 * i + 3})`).join(' OR ');
    const rows = await this.db.all<{ game_id: string; started: number | string; finished: number | string | null }>(
      `WITH here AS (SELECT game_id, player_id FROM place_players WHERE ${which}),
       recent AS (
         SELECT player_id, absent,
           ROW_NUMBER() OVER (PARTITION BY player_id ORDER BY finished_at DESC, game_id DESC) AS n
         FROM player_games WHERE player_id IN (SELECT player_id FROM here))
       SELECT here.game_id, count(recent.player_id) AS started,
         sum(CASE WHEN recent.player_id IS NOT NULL AND NOT recent.absent THEN 1 ELSE 0 END) AS finished
       FROM here LEFT JOIN recent ON recent.player_id = here.player_id AND recent.n <= $1
       GROUP BY here.game_id`,
      [last, ...places.flatMap((p) => [p.gameId, p.place])],
    );
    for (const r of rows) out.set(r.game_id, { finished: Number(r.finished ?? 0), started: Number(r.started) });
    return out;
  }

  async gamesWithPlaceOf(playerId: string, limit: number): Promise<string[]> {
    const rows = await this.db.all<{ game_id: string }>(
      'SELECT game_id FROM place_players WHERE player_id = $1 ORDER BY linked_at DESC, game_id LIMIT $2',
      [playerId, limit],
    );
    return rows.map((r) => r.game_id);
  }

  async linkCampaignTable(gameId: string, campaignId: string, afterGameId: string): Promise<boolean> {
    return (
      (await this.db.run(
        'INSERT INTO campaign_tables (game_id, campaign_id, after_game_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
        [gameId, campaignId, afterGameId],
      )) > 0
    );
  }

  async campaignOfTable(gameId: string): Promise<string | null> {
    const r = await this.db.all<{ campaign_id: string }>('SELECT campaign_id FROM campaign_tables WHERE game_id = $1', [
      gameId,
    ]);
    return r[0]?.campaign_id ?? null;
  }

  async tableAfter(gameId: string): Promise<string | null> {
    const r = await this.db.all<{ game_id: string }>('SELECT game_id FROM campaign_tables WHERE after_game_id = $1', [
      gameId,
    ]);
    return r[0]?.game_id ?? null;
  }

  async deletePlayer(id: string, neutralName: string): Promise<boolean> {
    return this.db.tx(async (c) => {
      const me = await c.all<{ name: string }>('SELECT name FROM players WHERE id = $1', [id]);
      if (!me.length) return false;
      // Every place it held: linked places (tables it left or that closed, games not recorded
      // yet) and the seats of its history rows. In game order, so the per-game locks are taken
      // in one order by every deletion.
      const held = await c.all<{ game_id: string; seat: number | null; place: number | null }>(
        `SELECT game_id, seat, place FROM player_games WHERE player_id = $1
         UNION SELECT game_id, NULL, place FROM place_players WHERE player_id = $1
         ORDER BY game_id`,
        [id],
      );
      const byGame = new Map<string, { seats: Set<number>; places: Set<number> }>();
      for (const h of held) {
        const e = byGame.get(h.game_id) ?? { seats: new Set<number>(), places: new Set<number>() };
        if (h.seat !== null) e.seats.add(Number(h.seat));
        if (h.place !== null) e.places.add(Number(h.place));
        byGame.set(h.game_id, e);
      }
      // Every name it went by at those tables (it may have renamed itself since): a title made
      // from any of them goes too.
      const names = [me[0]!.name];
      const rows = new Map<string, { title: string; start: string | null }>();
      for (const [gameId, e] of byGame) {
        await c.lock(gameId); // the game store's per-game lock (PostgreSQL)
        const g = await c.all<{ title: string; start: string | null }>('SELECT title, start FROM games WHERE id = $1', [
          gameId,
        ]);
        if (!g[0]) continue;
        rows.set(gameId, g[0]);
        for (const place of e.places) {
          const p = await c.all<{ name: string }>('SELECT name FROM places WHERE game_id = $1 AND place = $2', [
            gameId,
            place,
          ]);
          if (p[0]) names.push(p[0].name);
        }
      }
      for (const [gameId, row] of rows) {
        const e = byGame.get(gameId)!;
        for (const place of e.places)
          await c.run('UPDATE places SET name = $1 WHERE game_id = $2 AND place = $3', [neutralName, gameId, place]);
        let start = row.start;
        if (start) {
          const parsed = JSON.parse(start) as { seats: { seat: number; place: number | null; name: string }[] };
          for (const seat of parsed.seats)
            if (e.seats.has(seat.seat) || (seat.place !== null && e.places.has(seat.place))) seat.name = neutralName;
          start = JSON.stringify(parsed);
        }
        const title = titleWithout(row.title, names, neutralName, FORMER_PLAYER_TITLE);
        if (start !== row.start || title !== row.title)
          await c.run('UPDATE games SET start = $1, title = $2 WHERE id = $3', [start, title, gameId]);
      }
      await c.run('UPDATE chat SET text = $1, name = $2, removed = $3, player_id = NULL WHERE player_id = $4', [
        '',
        neutralName,
        true,
        id,
      ]);
      await c.run('DELETE FROM campaign_members WHERE player_id = $1', [id]);
      for (const t of ['sessions', 'ratings', 'player_games', 'place_players', 'offline_games'])
        await c.run(`DELETE FROM ${t} WHERE player_id = $1`, [id]);
      await c.run('DELETE FROM players WHERE id = $1', [id]);
      return true;
    });
  }

  async close(): Promise<void> {
    await this.chatBus?.close();
    await this.db.close();
  }
}
