// Migration 120 (running the server in public): moderation. Roles granted by operators, bans, chat
// hidden by a moderator (the text stays for the record), reports, blocks between players, the
// announcement banner and the audit log of every admin action. Player-owned rows go with their
// player (ON DELETE CASCADE); reports and the audit log keep ids and texts as they were, for the
// record. Frozen once released.
export function adminSchema(dialect: 'pg' | 'sqlite'): string {
  const pg = dialect === 'pg';
  const INT8 = pg ? 'BIGINT' : 'INTEGER';
  const SERIAL = pg ? 'BIGSERIAL PRIMARY KEY' : 'INTEGER PRIMARY KEY AUTOINCREMENT';
  const NO_ROWID = pg ? '' : ' WITHOUT ROWID';
  return `
CREATE TABLE player_roles (
  player_id TEXT PRIMARY KEY REFERENCES players (id) ON DELETE CASCADE,
  role TEXT NOT NULL CHECK (role IN ('moderator')),
  granted_by TEXT NOT NULL,
  granted_at ${INT8} NOT NULL
)${NO_ROWID};
CREATE TABLE bans (
  player_id TEXT PRIMARY KEY REFERENCES players (id) ON DELETE CASCADE,
  reason TEXT NOT NULL,
  until_at ${INT8},
  by_player TEXT NOT NULL,
  at ${INT8} NOT NULL
)${NO_ROWID};
ALTER TABLE chat ADD COLUMN hidden_by TEXT;
CREATE TABLE reports (
  id ${SERIAL},
  at ${INT8} NOT NULL,
  reporter TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('chat', 'name')),
  target TEXT,
  game_id TEXT,
  n INTEGER,
  text TEXT NOT NULL,
  context TEXT NOT NULL,
  reason TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
  closed_by TEXT,
  closed_at ${INT8}
);
CREATE INDEX reports_open ON reports (status, id);
CREATE TABLE blocks (
  player_id TEXT NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  blocked_id TEXT NOT NULL,
  at ${INT8} NOT NULL,
  PRIMARY KEY (player_id, blocked_id)
)${NO_ROWID};
CREATE INDEX blocks_blocked ON blocks (blocked_id);
CREATE TABLE announcements (
  id ${SERIAL},
  text TEXT NOT NULL,
  until_at ${INT8} NOT NULL,
  by_player TEXT NOT NULL,
  at ${INT8} NOT NULL
);
CREATE TABLE audit_log (
  id ${SERIAL},
  at ${INT8} NOT NULL,
  actor TEXT NOT NULL,
  action TEXT NOT NULL,
  target TEXT,
  reason TEXT,
  detail TEXT
);
`;
}
