export { startServer, DEFAULT_WEB_DIST, type ServerOptions, type RunningServer } from './server.js';
export { GameService, ApiError, StaleError, DEFAULT_SERVICE_CONFIG, type ServiceConfig, type Conn } from './games.js';
export type { LobbyInfo, LobbySummary, PlaceInfo, SeatInfo } from './lobby-types.js';
export type * from './protocol.js';
export { ASSISTANT_LEVELS, type Assistant } from './levels.js';
export { assignSeats } from './seating.js';
export { hashToken } from './tokens.js';
export { initialState } from './play/setup.js';
export { DEFAULT_WS_CONFIG, type WsConfig } from './ws.js';
export { SqliteStore } from './store/sqlite.js';
export { backupSqlite, restoreSqlite, dataDirFromEnv, BackupError } from './store/backup.js';
export { MemoryStore } from './store/memory.js';
export { PgStore, type PgStoreOptions } from './store/pg/store.js';
export { PG_MIGRATIONS } from './store/migrations/pg/index.js';
export type * from './store/types.js';
export * from './schemas.js';
export { BotPool, type BotTask, type Decision, type DecisionSource } from './bots/pool.js';
export {
  playThroughPool,
  nextBotSeat,
  decisionSeed,
  type PoolGameOptions,
  type PoolDecision,
} from './bots/pool-game.js';
export { BotDriver, type BotDriverConfig, type BotDriverHost } from './bots/driver.js';
export { BOT_GAMES_PER_WORKER, botGameCaps } from './bots/game-budget.js';
export { Mutex } from './lock.js';
export type { Live } from './play/live.js';
export { RecentPositions } from './play/positions.js';
