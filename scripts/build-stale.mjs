// Builds only what is out of date, for `npm start` and `npm run cli`: `tsc -b` is incremental (a
// few seconds, and no file written, when nothing changed); Vite runs only when the web bundle is
// missing or older than what it is made of. So a command run on a built release neither waits
// for a rebuild nor needs to write to the code's folder (the server's user may only read it).
import { execFileSync, execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
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
export function webStale() {
  const built = newest(path.join(WEB, 'dist/index.html'));
  const inputs = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json'].map((p) => path.join(WEB, p));
  inputs.push(...['engine', 'ai', 'table'].map((p) => path.join(ROOT, 'packages', p, 'dist')));
  return built === 0 || inputs.some((p) => newest(p) > built);
}

/** Installs what is missing, then builds what is stale; progress goes to stderr. */
export function buildStale() {
  execFileSync(process.execPath, [path.join(ROOT, 'scripts/ensure-deps.mjs')], { cwd: ROOT, stdio: ['ignore', 2, 2] });
  const tsc = path.join(ROOT, 'node_modules/typescript/bin/tsc');
  execFileSync(
    process.execPath,
    [tsc, '-b', 'packages/engine', 'packages/ai', 'packages/table', 'packages/server', 'packages/cli'],
    {
      cwd: ROOT,
      stdio: ['ignore', 2, 2],
    },
  );
  if (webStale()) {
    process.stderr.write('[build] building the web client...\n');
    execSync('npm run build --silent -w @mindmgmt/web', { cwd: ROOT, stdio: ['ignore', 2, 2] });
  }
}
