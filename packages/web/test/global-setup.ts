// Vitest globalSetup of the browser tests: builds the server and the web client once, before any
// test file starts (usually a no-op: `npm test` has just built both), and serves a copy of the
// client for the run, so a `npm run build` meanwhile (Vite empties dist first) cannot take files
// away from a page loading in a test. The copy costs a few ms; the test files find it through
// MM_TEST_WEB_DIST (forked workers inherit this process's environment).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureBuilt } from './build.js';

export default function setup(): () => void {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'mm-web-dist-'));
  fs.cpSync(ensureBuilt(), copy, { recursive: true });
  process.env.MM_TEST_WEB_DIST = copy;
  return () => fs.rmSync(copy, { recursive: true, force: true });
}
