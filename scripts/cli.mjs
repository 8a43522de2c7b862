#!/usr/bin/env node
// `npm run cli -- ...`: builds what is out of date (scripts/build-stale.mjs), then runs the command
// line in this process. A deployed release runs packages/cli/dist/main.js directly
// (docs/operations.md, "Backups").
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildStale, ROOT } from './build-stale.mjs';

buildStale();
await import(pathToFileURL(path.join(ROOT, 'packages/cli/dist/main.js')).href);
