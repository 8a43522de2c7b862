// The game store's statements that both databases run as they are (store/sql/params.ts: written
// with $n, translated for SQLite). What only one of them has stays beside it: SQLite's schema,
// writer statements and reads in sql/sqlite.ts; PostgreSQL's append function, places aggregated
// as JSON, leases and notifications in pg.ts.
import type { GameRow, PlaceRow } from '../types.js';
import type { Param } from './params.js';

export const GAME_SQL = {
  insertGame: `INSERT INTO games (id, title, created_at, status, options, host_place, start, engine_version, seq,
    deadline_at, deadline_seat, result, updated_at, listed, vouched, creator_net, net_share)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)`,
  insertPlace: `INSERT INTO places (game_id, place, name, token_hash, bot, volunteer, joined_at)
    VALUES ($1, $2, $3, $4, $5, $6, $7)`,
  // SQLite's append and the import of a finished offline game (both backends)
  insertAction: `INSERT INTO actions (game_id, seq, action, at) VALUES ($1, $2, $3, $4)`,
  insertToken: `INSERT INTO tokens (token_hash, game_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
  deleteToken: `DELETE FROM tokens WHERE token_hash = $1`,
  replacePlaceToken: `UPDATE places SET token_hash = $1 WHERE game_id = $2 AND place = $3 AND token_hash = $4`,
  replaceStart: `UPDATE games SET start = $1 WHERE id = $2 AND status = 'active'`,
  statusOf: `SELECT status FROM games WHERE id = $1`,
  setHost: `UPDATE games SET host_place = $1, status = $2, updated_at = $3, title = COALESCE($4, title) WHERE id = $5 AND status = 'lobby'`,
  touch: `UPDATE games SET updated_at = $1 WHERE id = $2`,
  // vouched: migration 106 (store/migrations/vouched-tables-schema.ts); an integer for both backends
  countOpen: `SELECT count(*) AS n FROM games WHERE status = 'lobby' AND vouched = $1 AND updated_at >= $2`,
  // creator_net, net_share: migration 111 (store/migrations/creator-nets-schema.ts); $3 = 0, $4 = 1
  countOpenOfNet: `SELECT count(*) AS n FROM games WHERE creator_net = $1 AND status = 'lobby' AND updated_at >= $2
    AND vouched = $3 AND net_share = $4`,
  activeIds: `SELECT id FROM games WHERE status = 'active'`,
  latestSnapshot: `SELECT seq, state FROM snapshots WHERE game_id = $1 ORDER BY seq DESC LIMIT 1`,
  actionsAfter: `SELECT seq, action FROM actions WHERE game_id = $1 AND seq > $2 ORDER BY seq`,
  // game_notes: migration 102 (store/migrations/game-notes-schema.ts)
  notesOf: `SELECT at, note FROM game_notes WHERE game_id = $1 ORDER BY at`,
  upsertNote: `INSERT INTO game_notes (game_id, at, seat, note, updated_at) VALUES ($1, $2, $3, $4, $5)
    ON CONFLICT (game_id, at) DO UPDATE SET seat = excluded.seat, note = excluded.note, updated_at = excluded.updated_at`,
  deleteNote: `DELETE FROM game_notes WHERE game_id = $1 AND at = $2`,
  // game_analyses: migration 106 (store/migrations/game-analyses-schema.ts); the first one stays
  analysisOf: `SELECT body FROM game_analyses WHERE game_id = $1`,
  insertAnalysis: `INSERT INTO game_analyses (game_id, body, created_at) VALUES ($1, $2, $3) ON CONFLICT (game_id) DO NOTHING`,
} as const;

/** insertGame's parameters. */
export function gameParams(r: GameRow): Param[] {
  return [
    r.id,
    r.title,
    r.createdAt,
    r.status,
    JSON.stringify(r.options),
    r.hostPlace,
    r.start ? JSON.stringify(r.start) : null,
    r.start?.engineVersion ?? null,
    r.seq,
    r.deadline?.at ?? null,
    r.deadline?.seat ?? null,
    r.result ? JSON.stringify(r.result) : null,
    r.updatedAt,
    // listed (migration 104): an integer SQLite stores as is and PostgreSQL reads as a boolean.
    r.listed ? 1 : 0,
    r.vouched ? 1 : 0,
    r.creatorNet ?? null,
    r.netShare === false ? 0 : 1,
  ];
}

/** insertPlace's parameters. */
export function placeParams(gameId: string, p: PlaceRow): Param[] {
  return [gameId, p.place, p.name, p.tokenHash, p.bot, p.volunteer, p.joinedAt];
}
