// Migration 109: which finished games of a profile are offline games it uploaded (docs/offline.md).
// An upload is unverified (the browser held every secret and a record can be written by hand), so
// it never vouches for a host, it counts towards the profile's cap of stored uploads (count and
// bytes), and it is kept out of the bots' profiles: the bot seat of an upload gets no history row.
// Games uploaded before this migration are found by their `local` option; their bot rows go.
// Frozen once released.
export function offlineGamesSchema(dialect: 'pg' | 'sqlite'): string {
  const pg = dialect === 'pg';
  const INT8 = pg ? 'BIGINT' : 'INTEGER';
  const NO_ROWID = pg ? '' : ' WITHOUT ROWID';
  const LOCAL = `SELECT id FROM games WHERE options LIKE '%"local":true%'`;
  return `
CREATE TABLE offline_games (
  player_id TEXT NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  game_id TEXT NOT NULL,
  bytes INTEGER NOT NULL,
  uploaded_at ${INT8} NOT NULL,
  PRIMARY KEY (player_id, game_id)
)${NO_ROWID};
CREATE INDEX offline_games_game ON offline_games (game_id);
INSERT INTO offline_games (player_id, game_id, bytes, uploaded_at)
  SELECT player_id, game_id, 0, finished_at FROM player_games
  WHERE player_id NOT LIKE 'bot-%' AND game_id IN (${LOCAL});
DELETE FROM player_games WHERE player_id LIKE 'bot-%' AND game_id IN (${LOCAL});
`;
}
