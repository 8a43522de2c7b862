// Migration 108: finished games' analyses (store/migrations/game-analyses-schema.ts).
import { gameAnalysesSchema } from '../game-analyses-schema.js';

export const name = 'game_analyses';
export const sql = gameAnalysesSchema('pg');
