export { startServer, DEFAULT_WEB_DIST, type ServerOptions, type RunningServer } from './app/server.js';
export { GameService } from './app/games.js';
export { ApiError, StaleError } from './http/api-error.js';
export { DEFAULT_SERVICE_CONFIG, type ServiceConfig } from './play/service-config.js';
export type { Conn } from './play/live.js';
export { assignSeats } from './play/seating.js';
export { hashToken } from './play/tokens.js';
export { initialState } from './play/setup.js';
export { DEFAULT_WS_CONFIG, type WsConfig } from './ws/config.js';
export { SqliteStore } from './store/sqlite.js';
export { backupSqlite, restoreSqlite, dataDirFromEnv, BackupError } from './store/backup.js';
export { MemoryStore } from './store/memory.js';
export { PgStore, type PgStoreOptions } from './store/pg.js';
export { PG_MIGRATIONS } from './store/migrations/pg/index.js';
export type * from './store/types.js';
export { BotPool, type BotTask, type Decision, type DecisionSource } from './bots/pool.js';
export {
  playThroughPool,
  nextBotSeat,
  decisionSeed,
  type PoolGameOptions,
  type PoolDecision,
} from './bots/pool-game.js';
export { BotDriver, type BotDriverConfig, type BotDriverHost } from './play/bot-driver.js';
export { BOT_GAMES_PER_WORKER, botGameCaps } from './bots/game-budget.js';
export { Mutex } from './play/lock.js';
export type { Live } from './play/live.js';
