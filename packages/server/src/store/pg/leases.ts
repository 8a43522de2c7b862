// Once-only work claimed through the database, so that of all the instances exactly one does it:
// a game's bot moves by a lease row (owner + expiry, renewed while the owner lives, taken over once
// it expired), and due turn-timer deadlines by a short claim on the game row (FOR UPDATE SKIP
// LOCKED: instances sweeping at the same moment get disjoint sets; a dead instance's claim expires).
import type pg from 'pg';
import type { Deadline } from '../types.js';

export class PgLeases {
  constructor(
    protected readonly pool: pg.Pool,
    /** This instance's name in lease rows. */
    readonly instanceId: string,
  ) {}

  /** Takes over bot work of active games with bot seats whose lease is missing or expired. */
  async claimBotGames(now: number, leaseMs: number, limit: number): Promise<string[]> {
    const r = await this.pool.query<{ game_id: string }>(
      `INSERT INTO leases (game_id, owner, expires_at)
         SELECT g.id, $1, $2 FROM games g LEFT JOIN leases l ON l.game_id = g.id
         WHERE g.status = 'active' AND g.has_bots AND (l.game_id IS NULL OR l.expires_at < $3)
         LIMIT $4
       ON CONFLICT (game_id) DO UPDATE SET owner = excluded.owner, expires_at = excluded.expires_at
         WHERE leases.expires_at < $3
       RETURNING game_id`,
      [this.instanceId, now + leaseMs, now, limit],
    );
    return r.rows.map((x) => x.game_id);
  }

  /** Claims one game's bot work (succeeds if free, expired, or already ours). */
  async claimBotGame(id: string, now: number, leaseMs: number): Promise<boolean> {
    const r = await this.pool.query(
      `INSERT INTO leases (game_id, owner, expires_at) VALUES ($1, $2, $3)
       ON CONFLICT (game_id) DO UPDATE SET owner = excluded.owner, expires_at = excluded.expires_at
         WHERE leases.expires_at < $4 OR leases.owner = excluded.owner
       RETURNING game_id`,
      [id, this.instanceId, now + leaseMs, now],
    );
    return (r.rowCount ?? 0) > 0;
  }

  /** Extends this instance's live leases; the games it still owns. */
  async renewLeases(now: number, leaseMs: number): Promise<string[]> {
    const r = await this.pool.query<{ game_id: string }>(
      'UPDATE leases SET expires_at = $2 WHERE owner = $1 AND expires_at >= $3 RETURNING game_id',
      [this.instanceId, now + leaseMs, now],
    );
    return r.rows.map((x) => x.game_id);
  }

  /** Gives up all leases (graceful shutdown: others take over at once). */
  async releaseLeases(): Promise<void> {
    await this.pool.query('DELETE FROM leases WHERE owner = $1', [this.instanceId]);
  }
}

/** Due deadlines, claimed until `now + claimMs`. */
export async function claimDueDeadlines(
  pool: pg.Pool,
  now: number,
  limit: number,
  claimMs: number,
): Promise<{ gameId: string; deadline: Deadline }[]> {
  const r = await pool.query<{ id: string; deadline_at: number; deadline_seat: number }>(
    `UPDATE games SET deadline_claim_until = $2 WHERE id IN (
       SELECT id FROM games WHERE status = 'active' AND deadline_at IS NOT NULL AND deadline_at <= $1
         AND (deadline_claim_until IS NULL OR deadline_claim_until < $1)
       ORDER BY deadline_at LIMIT $3 FOR UPDATE SKIP LOCKED)
     RETURNING id, deadline_at, deadline_seat`,
    [now, now + claimMs, limit],
  );
  return r.rows.map((x) => ({ gameId: x.id, deadline: { at: x.deadline_at, seat: x.deadline_seat } }));
}
