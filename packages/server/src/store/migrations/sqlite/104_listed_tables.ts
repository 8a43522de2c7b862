// Migration 104 for SQLite: the same column and index as pg/104_listed_tables.ts.
import { listedTablesSchema } from '../listed-tables-schema.js';

export const name = 'listed_tables';
export const sql = listedTablesSchema('sqlite');
