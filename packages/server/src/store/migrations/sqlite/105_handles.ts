// Migration 105: sign-in handles and the profile's seat tokens (store/migrations/handles-schema.ts).
import { handlesSchema } from '../handles-schema.js';

export const name = 'handles';
export const sql = handlesSchema('sqlite');
