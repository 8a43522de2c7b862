// Migration 113: seat clocks (docs/rules.md D13). A real-time table's time banks, one per seat,
// as of the last commit (`clock`, JSON), written in the same compare-and-set as the action that
// moved them, so a restart or another instance reads the banks the last commit left. Stand-ins
// are kept in the game's `start` (each seat's `standIn`): a stand-in taking or leaving a seat is
// a compare-and-set on the seq and the `start` read (`seatChange`), so in a cluster one instance
// seats it. A history row says whether its player was absent at the end (`absent`: a stand-in
// held the seat), for the finish rate (docs/players.md "Absent players"). `vacations`: a player's
// vacation from turn-based play (until when, and the days taken in the calendar year `year`).
// Frozen once released.
const VACATIONS = (INT8: string) => `CREATE TABLE vacations (
  player_id TEXT PRIMARY KEY REFERENCES players (id) ON DELETE CASCADE,
  until_at ${INT8} NOT NULL,
  year INTEGER NOT NULL,
  used_days INTEGER NOT NULL
);`;

export function seatClocksSchema(dialect: 'pg' | 'sqlite'): string {
  if (dialect === 'sqlite')
    return `ALTER TABLE games ADD COLUMN clock TEXT;
ALTER TABLE player_games ADD COLUMN absent INTEGER NOT NULL DEFAULT 0 CHECK (absent IN (0,1));
${VACATIONS('INTEGER')}`;
  return `
ALTER TABLE games ADD COLUMN clock TEXT;
ALTER TABLE player_games ADD COLUMN absent BOOLEAN NOT NULL DEFAULT false;
${VACATIONS('BIGINT')}
CREATE FUNCTION mm_append_clock(p_id TEXT, p_expected INTEGER, p_action TEXT, p_at BIGINT, p_deadline_at BIGINT,
  p_deadline_seat INTEGER, p_result TEXT, p_snapshot TEXT, p_clock TEXT, p_start TEXT) RETURNS BOOLEAN AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended(p_id, 0));
  UPDATE games SET seq = p_expected + 1, deadline_at = p_deadline_at, deadline_seat = p_deadline_seat,
      deadline_claim_until = NULL, result = p_result,
      status = CASE WHEN p_result IS NULL THEN 'active' ELSE 'over' END, updated_at = p_at,
      clock = p_clock, start = COALESCE(p_start, start)
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
}
