// Time controls and stand-ins (D13) on SQLite (standin-suite.ts).
import { describe } from 'vitest';
import { SqliteStore } from '../src/store/sqlite.js';
import { standInSuite } from './standin-suite.js';

describe('stand-ins on SQLite', () => {
  standInSuite('sqlite', () => new SqliteStore(':memory:'));
});
