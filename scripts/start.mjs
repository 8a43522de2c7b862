#!/usr/bin/env node
// `npm start`: installs what is missing (scripts/ensure-deps.mjs), builds what is out of date and
// then runs the server in this very process, so a signal sent to `npm start` (SIGTERM from a
// service manager, Ctrl-C) reaches the server's own handlers and nothing is left running.
// `tsc -b` is incremental (a few seconds when nothing changed); Vite runs only when the web
// bundle is missing or older than what it is made of. A production service starts the built
// server directly instead (deploy/systemd, docs/deploy.md).
import { execFileSync, execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(ROOT);
const WEB = path.join(ROOT, 'packages/web');

/** The newest modification time under `p` (0 when it does not exist). */
function newest(p) {
  let st;
  try {
    st = fs.statSync(p);
  } catch {
    return 0;
  }
  if (!st.isDirectory()) return st.mtimeMs;
  let m = st.mtimeMs;
  for (const e of fs.readdirSync(p)) m = Math.max(m, newest(path.join(p, e)));
  return m;
}

/** Whether the web bundle is missing or older than one of its inputs (as packages/web/test/build.ts). */
function webStale() {
  const built = newest(path.join(WEB, 'dist/index.html'));
  const inputs = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json'].map((p) => path.join(WEB, p));
  inputs.push(path.join(ROOT, 'packages/engine/dist'), path.join(ROOT, 'packages/ai/dist'));
  return built === 0 || inputs.some((p) => newest(p) > built);
}

execFileSync(process.execPath, ['scripts/ensure-deps.mjs'], { stdio: 'inherit' });
const tsc = path.join(ROOT, 'node_modules/typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-b', 'packages/engine', 'packages/ai', 'packages/server', 'packages/cli'], {
  stdio: ['ignore', 2, 2],
});
if (webStale()) {
  process.stderr.write('[start] building the web client...\n');
  execSync('npm run build --silent -w @mindmgmt/web', { stdio: ['ignore', 2, 2] });
}
await import(pathToFileURL(path.join(ROOT, 'packages/server/dist/main.js')).href);
