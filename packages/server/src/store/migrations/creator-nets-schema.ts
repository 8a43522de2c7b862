// Migration 111: the network (`prefixKey`: IPv4 /24, IPv6 /48) a waiting table was created from,
// and whether it fell within that network's share of the open list when it was made. The open
// list shows only the first `openUnvouchedPerNet` unvouched tables of a network waiting at once,
// so a flood from a few networks fills at most their share of it, not the whole unvouched part.
// Decided at creation and kept (a listing reads one index range, which skips the tables beyond their share; no counting per
// network at read time). A table that starts forgets its network
// (only waiting tables are counted). Tables made before it have no network and count as within their share. Frozen once
// released.
export function creatorNetsSchema(dialect: 'pg' | 'sqlite'): string {
  const pg = dialect === 'pg';
  const BOOL = pg ? 'BOOLEAN NOT NULL DEFAULT true' : 'INTEGER NOT NULL DEFAULT 1 CHECK (net_share IN (0,1))';
  return `
ALTER TABLE games ADD COLUMN creator_net TEXT;
ALTER TABLE games ADD COLUMN net_share ${BOOL};
CREATE INDEX games_open_net ON games (creator_net) WHERE status = 'lobby';
DROP INDEX games_open;
CREATE INDEX games_open_shared ON games (vouched, net_share, created_at DESC) WHERE status = 'lobby';
`;
}
