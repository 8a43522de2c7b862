// Migration 114: a history row says whether its game was abandoned by agreement (docs/rules.md
// D14: no winner, unrated), so a player's history and stats show it as abandoned, not as a loss.
// Frozen once released.
export function abandonedGamesSchema(dialect: 'pg' | 'sqlite'): string {
  if (dialect === 'sqlite')
    return `ALTER TABLE player_games ADD COLUMN abandoned INTEGER NOT NULL DEFAULT 0 CHECK (abandoned IN (0,1));`;
  return `ALTER TABLE player_games ADD COLUMN abandoned BOOLEAN NOT NULL DEFAULT false;`;
}
