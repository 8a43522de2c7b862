// Migration 100 for SQLite: the same tables as pg/100_players.ts (booleans as 0/1 integers).
export const name = 'players';

export const sql = `
CREATE TABLE players (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  password_hash TEXT,
  bot TEXT
);
CREATE TABLE sessions (
  token_hash TEXT PRIMARY KEY,
  player_id TEXT NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  last_seen_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX sessions_player ON sessions (player_id);
CREATE TABLE recorded_games (
  game_id TEXT PRIMARY KEY,
  recorded_at INTEGER NOT NULL
);
CREATE TABLE player_games (
  player_id TEXT NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  game_id TEXT NOT NULL,
  finished_at INTEGER NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('recruiter','agents')),
  seat INTEGER NOT NULL,
  place INTEGER,
  mode TEXT NOT NULL CHECK (mode IN ('full','training')),
  won INTEGER NOT NULL CHECK (won IN (0,1)),
  rated INTEGER NOT NULL CHECK (rated IN (0,1)),
  campaign_id TEXT,
  PRIMARY KEY (player_id, game_id)
) WITHOUT ROWID;
CREATE INDEX player_games_recent ON player_games (player_id, finished_at DESC);
CREATE INDEX player_games_game ON player_games (game_id);
CREATE TABLE ratings (
  player_id TEXT NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  role TEXT NOT NULL CHECK (role IN ('recruiter','agents')),
  rating REAL NOT NULL,
  rd REAL NOT NULL,
  vol REAL NOT NULL,
  games INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (player_id, role)
) WITHOUT ROWID;
CREATE INDEX ratings_board ON ratings (role, (rating - 2 * rd) DESC);
CREATE TABLE campaigns (
  id TEXT PRIMARY KEY,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  version INTEGER NOT NULL,
  ledger TEXT NOT NULL
);
CREATE TABLE campaign_members (
  campaign_id TEXT NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
  player_id TEXT NOT NULL,
  PRIMARY KEY (campaign_id, player_id)
) WITHOUT ROWID;
CREATE INDEX campaign_members_player ON campaign_members (player_id);
CREATE TABLE campaign_games (
  campaign_id TEXT NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
  ord INTEGER NOT NULL,
  game_id TEXT NOT NULL UNIQUE,
  PRIMARY KEY (campaign_id, ord)
);
CREATE TABLE chat (
  game_id TEXT NOT NULL,
  n INTEGER NOT NULL,
  at INTEGER NOT NULL,
  seat INTEGER,
  player_id TEXT,
  name TEXT NOT NULL,
  text TEXT NOT NULL,
  removed INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (game_id, n)
) WITHOUT ROWID;
CREATE INDEX chat_player ON chat (player_id) WHERE player_id IS NOT NULL;
`;
