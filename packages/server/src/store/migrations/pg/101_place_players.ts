// Migration 101: the player holding each table place (players/places).
import { placePlayersSchema } from '../place-players-schema.js';

export const name = 'place_players';
export const sql = placePlayersSchema('pg');
