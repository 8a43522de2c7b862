// Migration 120: moderation (store/migrations/admin-schema.ts).
import { adminSchema } from '../admin-schema.js';

export const name = 'admin';
export const sql = adminSchema('sqlite');
