// Reading games: the row with its places (one statement, the places aggregated as JSON), and a
// game's actions after a seq. Shared by the store (loads, listings) and the bus (catching up).
import type pg from 'pg';
import type { Action } from '@mindmgmt/engine';
import { gameRow, type RawGame, type RawPlace } from '../rows.js';
import { GAME_SQL } from '../sql/games.js';
import type { GameRow } from '../types.js';

/** A games row with its places aggregated as JSON (GAME_SELECT). */
export interface RawGameWithPlaces extends RawGame {
  places: RawPlace[] | null;
}

export const GAME_SELECT = `SELECT g.id, g.title, g.created_at, g.status, g.options, g.host_place, g.start, g.seq, g.deadline_at,
  g.deadline_seat, g.result, g.updated_at, g.listed, g.vouched, g.creator_net, g.net_share, g.clock,
  (SELECT json_agg(json_build_object('place', p.place, 'name', p.name, 'token_hash', p.token_hash, 'bot', p.bot,
     'volunteer', p.volunteer, 'joined_at', p.joined_at) ORDER BY p.place) FROM places p WHERE p.game_id = g.id) AS places
  FROM games g`;

export function rowOf(g: RawGameWithPlaces | undefined): GameRow | null {
  return g ? gameRow(g, g.places ?? []) : null;
}

export async function actionsAfter(pool: pg.Pool, id: string, seq: number): Promise<{ seq: number; action: Action }[]> {
  const r = await pool.query<{ seq: number; action: string }>(GAME_SQL.actionsAfter, [id, seq]);
  return r.rows.map((x) => ({ seq: x.seq, action: JSON.parse(x.action) as Action }));
}

/** The row and the actions after `seq` in one statement, so one round trip and one snapshot: the
 * actions end exactly at the row's seq. */
export async function changesAfter(
  pool: pg.Pool,
  id: string,
  seq: number,
): Promise<{ row: GameRow | null; actions: { seq: number; action: Action }[] }> {
  const r = await pool.query<RawGameWithPlaces & { missed: { seq: number; action: string }[] | null }>(
    `SELECT q.*, (SELECT json_agg(json_build_object('seq', a.seq, 'action', a.action) ORDER BY a.seq)
       FROM actions a WHERE a.game_id = q.id AND a.seq > $2) AS missed FROM (${GAME_SELECT} WHERE g.id = $1) q`,
    [id, seq],
  );
  const raw = r.rows[0];
  return {
    row: rowOf(raw),
    actions: (raw?.missed ?? []).map((x) => ({ seq: x.seq, action: JSON.parse(x.action) as Action })),
  };
}
