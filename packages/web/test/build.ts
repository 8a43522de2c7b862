// The one build the browser tests use: packages/web/dist and packages/server/dist,
// as `npm run build` leaves them. Rebuilt only when missing or older than their inputs, once per
// test run (vitest's globalSetup, global-setup.ts) before any test file starts, so no test file
// builds and none reads a half-written dist.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { ROOT, WEB } from './paths.js';

export const WEB_DIST = path.join(WEB, 'dist');
/** Vite's command line as the web package resolves it (npm hoists it to the root's node_modules:
 * a path under packages/web/node_modules failed whenever the dist was stale). */
const VITE = path.join(
  path.dirname(createRequire(path.join(WEB, 'package.json')).resolve('vite/package.json')),
  'bin/vite.js',
);
const SERVER_MAIN = path.join(ROOT, 'packages/server/dist/main.js');

/** What the web bundle is made of: its own sources and the compiled packages it imports. */
const WEB_INPUTS = [
  path.join(WEB, 'src'),
  path.join(WEB, 'public'),
  path.join(WEB, 'index.html'),
  path.join(WEB, 'vite.config.ts'),
  path.join(WEB, 'package.json'),
  path.join(ROOT, 'packages/engine/dist'),
  path.join(ROOT, 'packages/ai/dist'),
  path.join(ROOT, 'packages/table/dist'),
];

/** The newest modification time under `p` (0 when it does not exist). */
function newest(p: string): number {
  let st: fs.Stats;
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

/** Whether the web bundle is missing or older than one of its inputs. */
export function webStale(): boolean {
  const built = newest(path.join(WEB_DIST, 'index.html'));
  return built === 0 || WEB_INPUTS.some((p) => newest(p) > built);
}

/** Runs `fn` while holding a lock shared by processes of this worktree (a test run and the
 * screenshot script may build at once). A lock older than 3 minutes is a crashed holder's. */
function withLock<T>(fn: () => T): T {
  const dir = path.join(os.tmpdir(), `mm-web-build-${Buffer.from(ROOT).toString('hex').slice(-24)}.lock`);
  const until = Date.now() + 180_000;
  for (;;) {
    try {
      fs.mkdirSync(dir);
      break;
    } catch {
      if (Date.now() > until) fs.rmSync(dir, { recursive: true, force: true });
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
    }
  }
  try {
    return fn();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function run(args: string[], cwd: string, what: string): void {
  // the bundle production serves (minified): vitest sets NODE_ENV=test, which Vite would follow
  const r = spawnSync(process.execPath, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (r.status !== 0) throw new Error(`${what} failed:\n${r.stdout}${r.stderr}`);
}

/**
 * Makes sure the server and the web client are built and current; returns the web client's
 * folder. `tsc -b` is incremental (about 0.3 s of CPU when nothing changed); Vite runs only when
 * the bundle is stale.
 */
export function ensureBuilt(): string {
  return withLock(() => {
    const tsc = spawnSync(
      process.execPath,
      [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-b', 'packages/server'],
      {
        cwd: ROOT,
        encoding: 'utf8',
      },
    );
    // a type error elsewhere must not hide the browser tests when the server was still emitted
    if (tsc.status !== 0 && !fs.existsSync(SERVER_MAIN))
      throw new Error(`server build failed:\n${tsc.stdout}${tsc.stderr}`);
    if (webStale()) run([VITE, 'build', '--logLevel', 'warn', '--emptyOutDir'], WEB, 'web build');
    return WEB_DIST;
  });
}
