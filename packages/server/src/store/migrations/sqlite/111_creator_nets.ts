// Migration 111: a waiting table's creator network and its share of the open list (store/migrations/creator-nets-schema.ts).
import { creatorNetsSchema } from '../creator-nets-schema.js';

export const name = 'creator_nets';
export const sql = creatorNetsSchema('sqlite');
