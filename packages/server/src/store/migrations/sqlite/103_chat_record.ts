// Migration 103 for SQLite: the same tables and trigger as pg/103_chat_record.ts.
import { chatRecordSchema } from '../chat-record-schema.js';

export const name = 'chat_record';
export const sql = chatRecordSchema('sqlite');
