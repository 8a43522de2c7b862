// Migration 101 for SQLite: the same table as pg/101_place_players.ts.
import { placePlayersSchema } from '../place-players-schema.js';

export const name = 'place_players';
export const sql = placePlayersSchema('sqlite');
