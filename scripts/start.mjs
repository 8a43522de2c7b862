#!/usr/bin/env node
// `npm start`: installs what is missing, builds what is out of date (scripts/build-stale.mjs) and
// then runs the server in this very process, so a signal sent to `npm start` (SIGTERM from a
// service manager, Ctrl-C) reaches the server's own handlers and nothing is left running. A
// production service starts the built server directly instead (deploy/systemd, docs/deploy.md).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildStale, ROOT } from './build-stale.mjs';

process.chdir(ROOT);
buildStale();
await import(pathToFileURL(path.join(ROOT, 'packages/server/dist/main.js')).href);
