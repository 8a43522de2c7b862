// Migration 103: what a cluster of instances and a restart must share about chat and
// game over, written once for both backends.
// - `chat.log_at`: how many game-log entries there were when a message was said, so the log and
//   the replay show it at that point. The log's length is the same for every seat (only the
//   secret details of entries differ), so it tells nobody anything hidden.
// - `chat_settings` / `chat_mutes`: the host's chat policy (spectators may write; muted seats),
//   stored with the table so it survives the game leaving memory, a restart, and reaches every
//   instance. A mute is a row (insert/delete), so two changes never overwrite each other.
// - `unrecorded_games`: finished games whose result (history, ratings, campaign) is not recorded
//   yet. A trigger on `games` queues a game in the same transaction as the commit that ends it, so
//   no instance dying afterwards can lose it; recordFinishedGame dequeues it in its transaction,
//   and a sweep on every instance retries what is left. Games already over when this migration
//   runs and not recorded are queued too.
// Frozen once released.
export function chatRecordSchema(dialect: 'pg' | 'sqlite'): string {
  const pg = dialect === 'pg';
  const INT8 = pg ? 'BIGINT' : 'INTEGER';
  const BOOL = pg ? 'BOOLEAN NOT NULL' : 'INTEGER NOT NULL CHECK (spectators_write IN (0,1))';
  const NO_ROWID = pg ? '' : ' WITHOUT ROWID';
  const tables = `
ALTER TABLE chat ADD COLUMN log_at INTEGER;
CREATE TABLE chat_settings (
  game_id TEXT PRIMARY KEY,
  spectators_write ${BOOL},
  updated_at ${INT8} NOT NULL
);
CREATE TABLE chat_mutes (
  game_id TEXT NOT NULL,
  seat INTEGER NOT NULL,
  PRIMARY KEY (game_id, seat)
)${NO_ROWID};
CREATE TABLE unrecorded_games (
  game_id TEXT PRIMARY KEY,
  over_at ${INT8} NOT NULL
);
INSERT INTO unrecorded_games (game_id, over_at)
  SELECT g.id, g.updated_at FROM games g
  WHERE g.status = 'over' AND NOT EXISTS (SELECT 1 FROM recorded_games r WHERE r.game_id = g.id);
`;
  if (pg)
    return `${tables}
CREATE FUNCTION queue_game_over() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $fn$
BEGIN
  INSERT INTO unrecorded_games (game_id, over_at) VALUES (NEW.id, NEW.updated_at)
    ON CONFLICT (game_id) DO NOTHING;
  RETURN NEW;
END
$fn$;
CREATE TRIGGER games_queue_over AFTER INSERT OR UPDATE OF status ON games
  FOR EACH ROW WHEN (NEW.status = 'over') EXECUTE FUNCTION queue_game_over();
`;
  const queue = `INSERT OR IGNORE INTO unrecorded_games (game_id, over_at) VALUES (NEW.id, NEW.updated_at);`;
  return `${tables}
CREATE TRIGGER games_queue_over_insert AFTER INSERT ON games WHEN NEW.status = 'over'
BEGIN ${queue} END;
CREATE TRIGGER games_queue_over_update AFTER UPDATE OF status ON games
  WHEN NEW.status = 'over' AND OLD.status <> 'over'
BEGIN ${queue} END;
`;
}
