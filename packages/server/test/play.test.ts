// Whole games over WebSockets against the SQLite store (the suite is in play-suite.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SqliteStore } from '../src/store/sqlite.js';
import { playSuite } from './play-suite.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mm-play-'));
playSuite(
  'sqlite',
  () => SqliteStore.inDir(dir),
  () => fs.rmSync(dir, { recursive: true, force: true }),
);
