// The SQLite game store's schema, pragmas and statements (the statements both databases share:
// sql/games.ts; the convention: sql/params.ts).
import { GAME_SQL } from './games.js';
import { inOrderForSqlite } from './params.js';

export const SCHEMA_VERSION = 1;

export type SyncMode = 'full' | 'normal';

/** FULL (default): the WAL is fsynced at every commit, so an acknowledged action survives power
 * loss too. NORMAL (opt-in, SQLITE_SYNC=normal): a commit has been written to the WAL file (the
 * kernel holds it) before it returns, so kill -9 of the server loses nothing (crash test), but
 * an OS crash or power cut can lose the last commits. */
export const sqlitePragmas = (sync: SyncMode) => [
  'journal_mode = WAL',
  `synchronous = ${sync === 'normal' ? 'NORMAL' : 'FULL'}`,
  'foreign_keys = ON',
  'busy_timeout = 5000',
  // Deleted or overwritten cells (a deleted player's name, chat text) are zeroed in
  // the file instead of lingering where a copy of it would show them; FAST costs no extra I/O
  // (ON would also zero whole freed pages: one more write of every pruned snapshot).
  'secure_delete = FAST',
];

export const SQLITE_SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS games (
  id TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('lobby','active','over','closed')),
  options TEXT NOT NULL,
  host_place INTEGER,
  start TEXT,
  engine_version TEXT,
  seq INTEGER NOT NULL DEFAULT 0,
  deadline_at INTEGER,
  deadline_seat INTEGER,
  result TEXT,
  updated_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS games_status ON games (status, created_at);
CREATE INDEX IF NOT EXISTS games_deadline ON games (deadline_at) WHERE deadline_at IS NOT NULL;
CREATE TABLE IF NOT EXISTS places (
  game_id TEXT NOT NULL REFERENCES games (id),
  place INTEGER NOT NULL,
  name TEXT NOT NULL,
  token_hash TEXT,
  bot TEXT,
  volunteer INTEGER NOT NULL,
  joined_at INTEGER NOT NULL,
  PRIMARY KEY (game_id, place)
);
CREATE TABLE IF NOT EXISTS tokens (
  token_hash TEXT PRIMARY KEY,
  game_id TEXT NOT NULL REFERENCES games (id)
);
CREATE TABLE IF NOT EXISTS actions (
  game_id TEXT NOT NULL REFERENCES games (id),
  seq INTEGER NOT NULL,
  action TEXT NOT NULL,
  at INTEGER NOT NULL,
  PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS snapshots (
  game_id TEXT NOT NULL REFERENCES games (id),
  seq INTEGER NOT NULL,
  state TEXT NOT NULL,
  PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
`;

/** SQLite's statements: the shared ones (sql/games.ts) and its own, in the $n form of
 * sql/params.ts, translated once here (positional, in order). */
export const Q = inOrderForSqlite({
  ...GAME_SQL,
  getMeta: `SELECT value FROM meta WHERE key = $1`,
  setMeta: `INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
  getGame: `SELECT * FROM games WHERE id = $1`,
  getPlaces: `SELECT * FROM places WHERE game_id = $1 ORDER BY place`,
  getPlace: `SELECT token_hash FROM places WHERE game_id = $1 AND place = $2`,
  deletePlace: `DELETE FROM places WHERE game_id = $1 AND place = $2`,
  start: `UPDATE games SET status = 'active', start = $1, engine_version = $2, seq = 0, deadline_at = $3, deadline_seat = $4,
    updated_at = $5, creator_net = NULL, clock = $6 WHERE id = $7 AND status = 'lobby'`,
  listOpen: `SELECT * FROM games WHERE status = 'lobby' AND updated_at >= $1 ORDER BY created_at DESC LIMIT $2 OFFSET $3`,
  // net_share: migration 111 (store/migrations/creator-nets-schema.ts)
  listOpenOf: `SELECT * FROM games WHERE status = 'lobby' AND vouched = $1 AND net_share = 1 AND updated_at >= $2
    ORDER BY created_at DESC LIMIT $3 OFFSET $4`,
  // listed: migration 104 (store/migrations/listed-tables-schema.ts)
  listLive: `SELECT * FROM games WHERE listed = 1 AND status = 'active' ORDER BY created_at DESC, id LIMIT $1 OFFSET $2`,
  gameForToken: `SELECT game_id FROM tokens WHERE token_hash = $1`,
  // Compare-and-set on seq: the heart of "applied at most once".
  advance: `UPDATE games SET seq = $1, deadline_at = $2, deadline_seat = $3, result = $4, status = $5, updated_at = $6,
    clock = $7, start = COALESCE($8, start) WHERE id = $9 AND seq = $10 AND status = 'active'`,
  // D13: a stand-in seated or gone, decided on the seq and the seats read (clock: migration 113)
  seatChange: `UPDATE games SET start = $1, deadline_at = $2, deadline_seat = $3, clock = $4
    WHERE id = $5 AND seq = $6 AND status = 'active' AND start = $7`,
  insertSnapshot: `INSERT INTO snapshots (game_id, seq, state) VALUES ($1, $2, $3)`,
  pruneSnapshots: `DELETE FROM snapshots WHERE game_id = $1 AND seq < $2`,
  due: `SELECT id, deadline_at, deadline_seat FROM games WHERE deadline_at IS NOT NULL AND deadline_at <= $1
    AND status = 'active' ORDER BY deadline_at LIMIT $2`,
});
