// Migration 107 (your turn reaches you): the server's VAPID key pair, the Web Push
// subscriptions of each profile's devices, each profile's e-mail address (verified or waiting for
// its link) and the last turn of each game a profile was mailed about. Every row of a player goes
// with the player (ON DELETE CASCADE): deleting a profile deletes its address and subscriptions,
// so nothing of a deleted player stays. The VAPID private key is kept readable: the server signs
// every push with it and a new key would orphan every subscription. Frozen once released.
export function notifySchema(dialect: 'pg' | 'sqlite'): string {
  const pg = dialect === 'pg';
  const INT8 = pg ? 'BIGINT' : 'INTEGER';
  const NO_ROWID = pg ? '' : ' WITHOUT ROWID';
  const bool = (col: string) => (pg ? 'BOOLEAN NOT NULL' : `INTEGER NOT NULL CHECK (${col} IN (0,1))`);
  return `
CREATE TABLE vapid_keys (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  public_key TEXT NOT NULL,
  private_key TEXT NOT NULL,
  created_at ${INT8} NOT NULL
);
CREATE TABLE push_subscriptions (
  endpoint TEXT PRIMARY KEY,
  player_id TEXT NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  p256dh TEXT NOT NULL,
  auth TEXT NOT NULL,
  lang TEXT NOT NULL,
  created_at ${INT8} NOT NULL
)${NO_ROWID};
CREATE INDEX push_subscriptions_player ON push_subscriptions (player_id);
CREATE TABLE email_addresses (
  player_id TEXT PRIMARY KEY REFERENCES players (id) ON DELETE CASCADE,
  address TEXT NOT NULL,
  lang TEXT NOT NULL,
  verified ${bool('verified')},
  token_hash TEXT,
  token_expires ${INT8},
  created_at ${INT8} NOT NULL
)${NO_ROWID};
CREATE UNIQUE INDEX email_addresses_token ON email_addresses (token_hash);
CREATE TABLE mailed_turns (
  player_id TEXT NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  game_id TEXT NOT NULL,
  turn TEXT NOT NULL,
  PRIMARY KEY (player_id, game_id)
)${NO_ROWID};
`;
}
