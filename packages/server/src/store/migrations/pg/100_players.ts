// Migration 100: players, sessions, per-player game history, ratings, campaigns, table chat
// (docs/players.md). Numbered from 100 so the game tables' migrations keep 2-99.
import { playersSchema } from '../players-schema.js';

export const name = 'players';
export const sql = playersSchema('pg');
