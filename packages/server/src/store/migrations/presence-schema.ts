// Migration 130: who is connected to which table on which instance (notify/presence.ts). Each
// instance refreshes its own rows on a heartbeat; a row past `expires_at` is not presence (its
// instance stopped without saying so). The same table on both backends, so one number means one
// change; a single SQLite server reads only its own memory and leaves it empty.
export const presenceSchema = `
CREATE TABLE presence (
  game_id TEXT NOT NULL,
  token_hash TEXT NOT NULL,
  instance TEXT NOT NULL,
  expires_at BIGINT NOT NULL,
  PRIMARY KEY (game_id, token_hash, instance)
);
CREATE INDEX presence_instance ON presence (instance);
CREATE INDEX presence_expires ON presence (expires_at);
`;
