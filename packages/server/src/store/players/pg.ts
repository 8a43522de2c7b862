// The player store on PostgreSQL: the SQL store over the game store's pool (same schema; the
// player tables come with the game store's migrations, version 100+), and chat across instances
// through pg_notify (pg-chat-bus.ts).
import type { PgStore } from '../pg/store.js';
import { pgDriver } from './sql-driver.js';
import { SqlPlayerStore } from './sql.js';
import { PgChatBus } from './pg-chat-bus.js';

export function pgPlayerStore(games: PgStore): SqlPlayerStore {
  return new SqlPlayerStore(pgDriver(games.pool), new PgChatBus(games));
}
