// Migration 102: the agents' white notes as table state (store/migrations/game-notes-schema.ts).
import { gameNotesSchema } from '../game-notes-schema.js';

export const name = 'game_notes';
export const sql = gameNotesSchema('pg');
