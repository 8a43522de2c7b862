// Migration 1: the game tables (same shape as the SQLite schema), bot-work leases, deadline
// claims, and mm_append(): lock + compare-and-set + append + snapshot + NOTIFY in one statement
// (so one round trip and one transaction per action).
export const name = 'init';

export const sql = `
CREATE TABLE games (
  id TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('lobby','active','over','closed')),
  options TEXT NOT NULL,
  host_place INTEGER,
  start TEXT,
  engine_version TEXT,
  has_bots BOOLEAN NOT NULL DEFAULT false,
  seq INTEGER NOT NULL DEFAULT 0,
  deadline_at BIGINT,
  deadline_seat INTEGER,
  deadline_claim_until BIGINT,
  result TEXT,
  updated_at BIGINT NOT NULL
);
CREATE INDEX games_status ON games (status, created_at);
CREATE INDEX games_deadline ON games (deadline_at) WHERE deadline_at IS NOT NULL;
CREATE INDEX games_bots ON games (id) WHERE has_bots AND status = 'active';
CREATE TABLE places (
  game_id TEXT NOT NULL REFERENCES games (id),
  place INTEGER NOT NULL,
  name TEXT NOT NULL,
  token_hash TEXT,
  bot TEXT,
  volunteer BOOLEAN NOT NULL,
  joined_at BIGINT NOT NULL,
  PRIMARY KEY (game_id, place)
);
CREATE TABLE tokens (
  token_hash TEXT PRIMARY KEY,
  game_id TEXT NOT NULL REFERENCES games (id)
);
CREATE TABLE actions (
  game_id TEXT NOT NULL REFERENCES games (id),
  seq INTEGER NOT NULL,
  action TEXT NOT NULL,
  at BIGINT NOT NULL,
  PRIMARY KEY (game_id, seq)
);
CREATE TABLE snapshots (
  game_id TEXT NOT NULL REFERENCES games (id),
  seq INTEGER NOT NULL,
  state TEXT NOT NULL,
  PRIMARY KEY (game_id, seq)
);
-- Who moves the bots of a game: one instance at a time, until expires_at (ms since epoch).
CREATE TABLE leases (
  game_id TEXT PRIMARY KEY REFERENCES games (id),
  owner TEXT NOT NULL,
  expires_at BIGINT NOT NULL
);

CREATE FUNCTION mm_append(p_id TEXT, p_expected INTEGER, p_action TEXT, p_at BIGINT, p_deadline_at BIGINT,
  p_deadline_seat INTEGER, p_result TEXT, p_snapshot TEXT) RETURNS BOOLEAN AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended(p_id, 0));
  UPDATE games SET seq = p_expected + 1, deadline_at = p_deadline_at, deadline_seat = p_deadline_seat,
      deadline_claim_until = NULL, result = p_result,
      status = CASE WHEN p_result IS NULL THEN 'active' ELSE 'over' END, updated_at = p_at
    WHERE id = p_id AND seq = p_expected AND status = 'active';
  IF NOT FOUND THEN
    RETURN false;
  END IF;
  INSERT INTO actions (game_id, seq, action, at) VALUES (p_id, p_expected + 1, p_action, p_at);
  IF p_snapshot IS NOT NULL THEN
    INSERT INTO snapshots (game_id, seq, state) VALUES (p_id, p_expected + 1, p_snapshot);
    DELETE FROM snapshots WHERE game_id = p_id AND seq < p_expected + 1;
  END IF;
  IF p_result IS NOT NULL THEN
    DELETE FROM leases WHERE game_id = p_id;
  END IF;
  -- Delivered to every listening instance when (and only if) this transaction commits.
  PERFORM pg_notify('mm_' || current_schema(), p_id || ' ' || (p_expected + 1));
  RETURN true;
END
$$ LANGUAGE plpgsql;
`;
