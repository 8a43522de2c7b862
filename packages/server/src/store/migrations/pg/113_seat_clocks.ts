// Migration 113: seat clocks and stand-ins (store/migrations/seat-clocks-schema.ts).
import { seatClocksSchema } from '../seat-clocks-schema.js';

export const name = 'seat_clocks';
export const sql = seatClocksSchema('pg');
