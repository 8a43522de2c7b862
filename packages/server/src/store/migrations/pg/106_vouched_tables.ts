// Migration 106: the vouched-host flag of waiting tables (store/migrations/vouched-tables-schema.ts).
import { vouchedTablesSchema } from '../vouched-tables-schema.js';

export const name = 'vouched_tables';
export const sql = vouchedTablesSchema('pg');
