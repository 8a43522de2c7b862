// Migration 130: presence of players at tables, per instance (store/migrations/presence-schema.ts).
import { presenceSchema } from '../presence-schema.js';

export const name = 'presence';
export const sql = presenceSchema;
