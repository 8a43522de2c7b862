// Migration 109: the offline games a profile uploaded (store/migrations/offline-games-schema.ts).
import { offlineGamesSchema } from '../offline-games-schema.js';

export const name = 'offline_games';
export const sql = offlineGamesSchema('pg');
