// Migration 106: whether a waiting table's host was vouched for when it was made
// (signed in to a profile with at least one finished game). The open list shows vouched tables
// first, so a flood of anonymous tables from many addresses cannot push them off the first page.
// A column of `games` with its own index of waiting tables, so the listing reads one index range
// per kind instead of sorting every waiting table. Tables made before it count as not vouched.
// Frozen once released.
export function vouchedTablesSchema(dialect: 'pg' | 'sqlite'): string {
  const pg = dialect === 'pg';
  const BOOL = pg ? 'BOOLEAN NOT NULL DEFAULT false' : 'INTEGER NOT NULL DEFAULT 0 CHECK (vouched IN (0,1))';
  return `
ALTER TABLE games ADD COLUMN vouched ${BOOL};
CREATE INDEX games_open ON games (vouched, created_at DESC) WHERE status = 'lobby';
`;
}
