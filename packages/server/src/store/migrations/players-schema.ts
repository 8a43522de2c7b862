// The player tables of migration 100 (docs/players.md), written once for both backends:
// pg/100_players.ts and sqlite/100_players.ts are this schema in their dialect (SQLite: integers
// for BIGINT and booleans, REAL for DOUBLE PRECISION, WITHOUT ROWID on tables keyed by two columns).
// Game ids are not foreign keys: the game store owns games, these tables point at them.
// Frozen once released: a later change to these tables is a new migration (101, ...), not an edit here.
export function playersSchema(dialect: 'pg' | 'sqlite'): string {
  const pg = dialect === 'pg';
  const INT8 = pg ? 'BIGINT' : 'INTEGER';
  const FLOAT = pg ? 'DOUBLE PRECISION' : 'REAL';
  const FALSE = pg ? 'false' : '0';
  const NO_ROWID = pg ? '' : ' WITHOUT ROWID';
  const bool = (col: string) => (pg ? 'BOOLEAN NOT NULL' : `INTEGER NOT NULL CHECK (${col} IN (0,1))`);
  return `
CREATE TABLE players (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  created_at ${INT8} NOT NULL,
  password_hash TEXT,
  bot TEXT
);
CREATE TABLE sessions (
  token_hash TEXT PRIMARY KEY,
  player_id TEXT NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  created_at ${INT8} NOT NULL,
  last_seen_at ${INT8} NOT NULL,
  expires_at ${INT8} NOT NULL
);
CREATE INDEX sessions_player ON sessions (player_id);
CREATE TABLE recorded_games (
  game_id TEXT PRIMARY KEY,
  recorded_at ${INT8} NOT NULL
);
CREATE TABLE player_games (
  player_id TEXT NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  game_id TEXT NOT NULL,
  finished_at ${INT8} NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('recruiter','agents')),
  seat INTEGER NOT NULL,
  place INTEGER,
  mode TEXT NOT NULL CHECK (mode IN ('full','training')),
  won ${bool('won')},
  rated ${bool('rated')},
  campaign_id TEXT,
  PRIMARY KEY (player_id, game_id)
)${NO_ROWID};
CREATE INDEX player_games_recent ON player_games (player_id, finished_at DESC);
CREATE INDEX player_games_game ON player_games (game_id);
CREATE TABLE ratings (
  player_id TEXT NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  role TEXT NOT NULL CHECK (role IN ('recruiter','agents')),
  rating ${FLOAT} NOT NULL,
  rd ${FLOAT} NOT NULL,
  vol ${FLOAT} NOT NULL,
  games INTEGER NOT NULL,
  updated_at ${INT8} NOT NULL,
  PRIMARY KEY (player_id, role)
)${NO_ROWID};
CREATE INDEX ratings_board ON ratings (role, (rating - 2 * rd) DESC);
CREATE TABLE campaigns (
  id TEXT PRIMARY KEY,
  created_at ${INT8} NOT NULL,
  updated_at ${INT8} NOT NULL,
  version INTEGER NOT NULL,
  ledger TEXT NOT NULL
);
CREATE TABLE campaign_members (
  campaign_id TEXT NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
  player_id TEXT NOT NULL,
  PRIMARY KEY (campaign_id, player_id)
)${NO_ROWID};
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
  at ${INT8} NOT NULL,
  seat INTEGER,
  player_id TEXT,
  name TEXT NOT NULL,
  text TEXT NOT NULL,
  removed ${bool('removed')} DEFAULT ${FALSE},
  PRIMARY KEY (game_id, n)
)${NO_ROWID};
CREATE INDEX chat_player ON chat (player_id) WHERE player_id IS NOT NULL;
`;
}
