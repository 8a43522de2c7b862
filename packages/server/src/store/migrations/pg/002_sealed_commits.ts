// Commits announced after they commit, with their content (store/pg/append.ts). mm_append (001_init)
// sends its NOTIFY inside the append's transaction, and PostgreSQL serialises every committing
// transaction that has notified, WAL flush included (a database-wide lock taken at pre-commit and
// held until after the commit record is flushed): with one fsync at a time, commits of all games
// queue behind each other under load. mm_append_quiet is the same append without NOTIFY; the
// commit is announced in a transaction of its own right after it (store/pg/seal.ts
// seals the content with the installation's key, kept here: LISTEN needs no privilege on the
// schema, so a plain payload would show any session on the database the recruiter's moves).
export const name = 'sealed_commits';

export const sql = `
CREATE TABLE cluster_key (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  key TEXT NOT NULL
);
CREATE FUNCTION mm_append_quiet(p_id TEXT, p_expected INTEGER, p_action TEXT, p_at BIGINT, p_deadline_at BIGINT,
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
  RETURN true;
END
$$ LANGUAGE plpgsql;
`;
