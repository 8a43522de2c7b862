// The player store on PostgreSQL: the SQL store over the game store's pool (same schema; the
// player tables come with the game store's migrations, version 100).
import type { PgStore } from '../pg.js';
import { pgDriver } from './sql-driver.js';
import { SqlPlayerStore } from './sql.js';

export function pgPlayerStore(games: PgStore): SqlPlayerStore {
  return new SqlPlayerStore(pgDriver(games.pool));
}
