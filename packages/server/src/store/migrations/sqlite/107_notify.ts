// Migration 107: push subscriptions, VAPID keys, e-mail addresses (store/migrations/notify-schema.ts).
import { notifySchema } from '../notify-schema.js';

export const name = 'notify';
export const sql = notifySchema('sqlite');
