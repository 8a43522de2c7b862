// Commits announced with their content, so the other instances apply them without reading the
// store back (one PostgreSQL round trip less per remote commit: docs/scaling.md). The content is
// sealed in node (AES-256-GCM, store/pg.ts) with a per-installation key kept in this schema:
// LISTEN needs no privilege on the schema, so a plain payload would show any session on the
// database the recruiter's moves. mm_append_sealed = mm_append (001_init) + a notification on
// "mm_<schema>_c" carrying the sealed commit, sent before the seq-only one, which stays for
// instances of the previous version during a rolling upgrade.
export const name = 'sealed_commits';

export const sql = `
CREATE TABLE cluster_key (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  key TEXT NOT NULL
);
CREATE FUNCTION mm_append_sealed(p_id TEXT, p_expected INTEGER, p_action TEXT, p_at BIGINT, p_deadline_at BIGINT,
  p_deadline_seat INTEGER, p_result TEXT, p_snapshot TEXT, p_sealed TEXT) RETURNS BOOLEAN AS $$
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
  -- Delivered together, in this order, when (and only if) this transaction commits: the sealed
  -- commit first, so a listener of this version can drop the seq-only one that follows it.
  PERFORM pg_notify('mm_' || current_schema() || '_c', p_sealed);
  PERFORM pg_notify('mm_' || current_schema(), p_id || ' ' || (p_expected + 1));
  RETURN true;
END
$$ LANGUAGE plpgsql;
`;
