// Migration 104: whether a table is listed among the live tables anyone may watch.
// The host decides at creation (default: listed between people, not solo). A column of `games`,
// not a field of the options JSON, so the listing query reads an index of the listed running
// games instead of every game's options. Tables made before this migration were never offered
// to strangers: they stay unlisted. Frozen once released.
export function listedTablesSchema(dialect: 'pg' | 'sqlite'): string {
  const pg = dialect === 'pg';
  const BOOL = pg ? 'BOOLEAN NOT NULL DEFAULT false' : 'INTEGER NOT NULL DEFAULT 0 CHECK (listed IN (0,1))';
  const LISTED = pg ? 'listed' : 'listed = 1';
  return `
ALTER TABLE games ADD COLUMN listed ${BOOL};
CREATE INDEX games_live ON games (created_at DESC, id) WHERE ${LISTED} AND status = 'active';
`;
}
