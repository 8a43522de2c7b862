// Migration 101: which player holds which place of a table. Kept in the player tables
// rather than as a column of `places`, so the game store's schema and hot path stay as they were;
// the game store owns places, this table only points at them (no foreign key, like the others).
// Also `campaign_tables`: the waiting table that is the next game of a campaign (a rematch), since
// campaign_games lists only finished games. Frozen once released.
export function placePlayersSchema(dialect: 'pg' | 'sqlite'): string {
  const INT8 = dialect === 'pg' ? 'BIGINT' : 'INTEGER';
  const NO_ROWID = dialect === 'pg' ? '' : ' WITHOUT ROWID';
  return `
CREATE TABLE place_players (
  game_id TEXT NOT NULL,
  place INTEGER NOT NULL,
  player_id TEXT NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  linked_at ${INT8} NOT NULL,
  PRIMARY KEY (game_id, place)
)${NO_ROWID};
CREATE INDEX place_players_player ON place_players (player_id);
CREATE TABLE campaign_tables (
  game_id TEXT PRIMARY KEY,
  campaign_id TEXT NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
  after_game_id TEXT NOT NULL UNIQUE
);
`;
}
