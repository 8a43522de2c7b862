// The live-tables listing on SQLite: the same folder opened again after a restart.
import { SqliteStore } from '../src/store/sqlite.js';
import { liveTablesSuite } from './live-tables-suite.js';
import { tempDir } from './temp-dir.js';

const dir = tempDir('mm-live-');
liveTablesSuite('sqlite', () => SqliteStore.inDir(dir));
