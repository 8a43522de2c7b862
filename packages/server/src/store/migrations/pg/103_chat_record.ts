// Migration 103: chat position and policy, the queue of unrecorded finished games.
import { chatRecordSchema } from '../chat-record-schema.js';

export const name = 'chat_record';
export const sql = chatRecordSchema('pg');
