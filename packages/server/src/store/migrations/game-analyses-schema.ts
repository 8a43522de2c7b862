// Migration 108: the analysis of each finished game, computed once on a bot worker
// and kept (it never changes: the game is over). One row per game; the body is the analysis JSON
// (@mindmgmt/ai GameAnalysis), a few tens of kilobytes at most.
export function gameAnalysesSchema(dialect: 'pg' | 'sqlite'): string {
  const INT8 = dialect === 'pg' ? 'BIGINT' : 'INTEGER';
  const NO_ROWID = dialect === 'pg' ? '' : ' WITHOUT ROWID';
  return `
CREATE TABLE game_analyses (
  game_id TEXT PRIMARY KEY,
  body TEXT NOT NULL,
  created_at ${INT8} NOT NULL
)${NO_ROWID};
`;
}
