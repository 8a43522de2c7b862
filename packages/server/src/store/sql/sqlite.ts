// All SQL of the SQLite store lives here (a PostgreSQL store gets its own file beside this one).
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

export const Q = {
  getMeta: `SELECT value FROM meta WHERE key = ?`,
  setMeta: `INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
  // listed: migration 104 (store/migrations/listed-tables-schema.ts)
  insertGame: `INSERT INTO games (id, title, created_at, status, options, host_place, start, engine_version, seq, deadline_at, deadline_seat, result, updated_at, listed)
    VALUES (@id, @title, @created_at, @status, @options, @host_place, @start, @engine_version, @seq, @deadline_at, @deadline_seat, @result, @updated_at, @listed)`,
  getGame: `SELECT * FROM games WHERE id = ?`,
  getPlaces: `SELECT * FROM places WHERE game_id = ? ORDER BY place`,
  insertPlace: `INSERT INTO places (game_id, place, name, token_hash, bot, volunteer, joined_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
  getPlace: `SELECT token_hash FROM places WHERE game_id = ? AND place = ?`,
  deletePlace: `DELETE FROM places WHERE game_id = ? AND place = ?`,
  insertToken: `INSERT OR IGNORE INTO tokens (token_hash, game_id) VALUES (?, ?)`,
  deleteToken: `DELETE FROM tokens WHERE token_hash = ?`,
  statusOf: `SELECT status FROM games WHERE id = ?`,
  setHost: `UPDATE games SET host_place = ?, status = ?, updated_at = ? WHERE id = ? AND status = 'lobby'`,
  touch: `UPDATE games SET updated_at = ? WHERE id = ?`,
  start: `UPDATE games SET status = 'active', start = ?, engine_version = ?, seq = 0, deadline_at = ?, deadline_seat = ?, updated_at = ?
    WHERE id = ? AND status = 'lobby'`,
  listOpen: `SELECT * FROM games WHERE status = 'lobby' AND updated_at >= ? ORDER BY created_at DESC LIMIT ? OFFSET ?`,
  listLive: `SELECT * FROM games WHERE listed = 1 AND status = 'active' ORDER BY created_at DESC, id LIMIT ? OFFSET ?`,
  gameForToken: `SELECT game_id FROM tokens WHERE token_hash = ?`,
  activeIds: `SELECT id FROM games WHERE status = 'active'`,
  // Compare-and-set on seq: the heart of "applied at most once".
  advance: `UPDATE games SET seq = @seq, deadline_at = @deadline_at, deadline_seat = @deadline_seat, result = @result,
    status = @status, updated_at = @at WHERE id = @id AND seq = @expected AND status = 'active'`,
  insertAction: `INSERT INTO actions (game_id, seq, action, at) VALUES (?, ?, ?, ?)`,
  insertSnapshot: `INSERT INTO snapshots (game_id, seq, state) VALUES (?, ?, ?)`,
  pruneSnapshots: `DELETE FROM snapshots WHERE game_id = ? AND seq < ?`,
  latestSnapshot: `SELECT seq, state FROM snapshots WHERE game_id = ? ORDER BY seq DESC LIMIT 1`,
  actionsAfter: `SELECT seq, action FROM actions WHERE game_id = ? AND seq > ? ORDER BY seq`,
  // game_notes: migration 102 (store/migrations/game-notes-schema.ts)
  notesOf: `SELECT at, note FROM game_notes WHERE game_id = ? ORDER BY at`,
  upsertNote: `INSERT INTO game_notes (game_id, at, seat, note, updated_at) VALUES (?, ?, ?, ?, ?)
    ON CONFLICT (game_id, at) DO UPDATE SET seat = excluded.seat, note = excluded.note, updated_at = excluded.updated_at`,
  deleteNote: `DELETE FROM game_notes WHERE game_id = ? AND at = ?`,
  due: `SELECT id, deadline_at, deadline_seat FROM games WHERE deadline_at IS NOT NULL AND deadline_at <= ? AND status = 'active'
    ORDER BY deadline_at LIMIT ?`,
} as const;
