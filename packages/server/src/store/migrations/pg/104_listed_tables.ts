// Migration 104: the live-tables listing flag (store/migrations/listed-tables-schema.ts).
import { listedTablesSchema } from '../listed-tables-schema.js';

export const name = 'listed_tables';
export const sql = listedTablesSchema('pg');
