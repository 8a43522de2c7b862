// Migration 102: the agents' white notes as table state (R30, D8), one row per
// (game, location), replaced by upsert and deleted on removal, so a game holds at most 42 rows
// however many changes are made. Before this, each change was a `note` action in the game's log;
// the migration moves the notes those actions left (per game and location, the last action wins,
// a removal leaves none) into the table. The actions themselves stay in the log: they keep their
// seqs and replay as legacy entries (engine `applyLogged`). Needs the game tables' base schema.
export function gameNotesSchema(dialect: 'pg' | 'sqlite'): string {
  const INT8 = dialect === 'pg' ? 'BIGINT' : 'INTEGER';
  const NO_ROWID = dialect === 'pg' ? '' : ' WITHOUT ROWID';
  const table = `
CREATE TABLE game_notes (
  game_id TEXT NOT NULL,
  at INTEGER NOT NULL,
  seat INTEGER NOT NULL,
  note TEXT NOT NULL,
  updated_at ${INT8} NOT NULL,
  PRIMARY KEY (game_id, at)
)${NO_ROWID};
`;
  const legacy =
    dialect === 'pg'
      ? `
INSERT INTO game_notes (game_id, at, seat, note, updated_at)
SELECT game_id, (a->>'at')::int, (a->>'seat')::int, (a->'note')::text, created FROM (
  SELECT DISTINCT ON (game_id, action::jsonb->>'at') game_id, action::jsonb AS a, at AS created
  FROM actions WHERE action::jsonb->>'type' = 'note'
  ORDER BY game_id, action::jsonb->>'at', seq DESC
) last WHERE jsonb_typeof(a->'note') = 'object';
`
      : `
INSERT INTO game_notes (game_id, at, seat, note, updated_at)
SELECT game_id, json_extract(action, '$.at'), json_extract(action, '$.seat'), json_extract(action, '$.note'), at
FROM (
  SELECT game_id, action, at,
    row_number() OVER (PARTITION BY game_id, json_extract(action, '$.at') ORDER BY seq DESC) AS rn
  FROM actions WHERE json_extract(action, '$.type') = 'note'
) WHERE rn = 1 AND json_type(action, '$.note') = 'object';
`;
  return table + legacy;
}
