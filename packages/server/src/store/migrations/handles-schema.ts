// Migration 105 (every device has your games): sign-in handles and the seat tokens
// a profile holds. A handle is a row of its own table, not a column of `players`: most players
// have none, its uniqueness is over the folded key (case and look-alikes, `handleKey`), and the
// row goes with its player (ON DELETE CASCADE), which frees the handle. `place_players.seat_token`
// is the seat token of a place the player holds, handed to the player's signed-in devices
// (docs/players.md "Every device has your games" says why it is kept readable). Frozen once released.
export function handlesSchema(dialect: 'pg' | 'sqlite'): string {
  const NO_ROWID = dialect === 'pg' ? '' : ' WITHOUT ROWID';
  return `
CREATE TABLE handles (
  handle_key TEXT PRIMARY KEY,
  player_id TEXT NOT NULL UNIQUE REFERENCES players (id) ON DELETE CASCADE,
  handle TEXT NOT NULL
)${NO_ROWID};
ALTER TABLE place_players ADD COLUMN seat_token TEXT;
`;
}
