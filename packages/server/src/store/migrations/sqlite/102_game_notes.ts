// Migration 102 for SQLite: the same table as pg/102_game_notes.ts.
import { gameNotesSchema } from '../game-notes-schema.js';

export const name = 'game_notes';
export const sql = gameNotesSchema('sqlite');
