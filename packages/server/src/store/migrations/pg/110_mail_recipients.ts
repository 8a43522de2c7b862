// Migration 110: verification mails per recipient address (store/migrations/mail-recipients-schema.ts).
import { mailRecipientsSchema } from '../mail-recipients-schema.js';

export const name = 'mail_recipients';
export const sql = mailRecipientsSchema('pg');
