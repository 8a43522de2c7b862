// Migration 106: push subscriptions, VAPID keys, e-mail addresses (store/migrations/notify-schema.ts).
import { notifySchema } from '../notify-schema.js';

export const name = 'notify';
export const sql = notifySchema('pg');
