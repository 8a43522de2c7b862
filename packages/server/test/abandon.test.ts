// Abandoning a game by agreement (D14) on SQLite (abandon-suite.ts).
import { describe } from 'vitest';
import { SqliteStore } from '../src/store/sqlite.js';
import { abandonSuite } from './abandon-suite.js';

describe('abandon on SQLite', () => {
  abandonSuite('sqlite', () => new SqliteStore(':memory:'));
});
