// Migration 100 for SQLite: the same tables as pg/100_players.ts, in SQLite's dialect.
import { playersSchema } from '../players-schema.js';

export const name = 'players';
export const sql = playersSchema('sqlite');
