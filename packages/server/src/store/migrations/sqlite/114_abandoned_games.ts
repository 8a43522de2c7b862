// Migration 114: abandoned games in history (store/migrations/abandoned-games-schema.ts).
import { abandonedGamesSchema } from '../abandoned-games-schema.js';

export const name = 'abandoned_games';
export const sql = abandonedGamesSchema('sqlite');
