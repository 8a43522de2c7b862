// The game analysis route on SQLite: the same folder opened again after a restart.
import { SqliteStore } from '../src/store/sqlite.js';
import { analysisSuite } from './analysis-suite.js';
import { tempDir } from './temp-dir.js';

const dir = tempDir('mm-analysis-');
analysisSuite('sqlite', () => SqliteStore.inDir(dir));
