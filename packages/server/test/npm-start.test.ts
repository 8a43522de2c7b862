// `npm start` under a service manager: SIGTERM to npm left the server running, orphaned, on its
// port (the script was `... && npm run build && node .../main.js`, and the shell between npm and
// the server died without passing the signal on). Now the shell execs scripts/start.mjs, which
// runs the server in its own process.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { EXPECT_MS } from '../../../tests/waits.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mm-npm-start-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function health(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    http
      .get({ host: '127.0.0.1', port, path: '/api/health', agent: false }, (res) => {
        res.resume();
        resolve(res.statusCode === 200);
      })
      .on('error', () => resolve(false));
  });
}

it('regression: SIGTERM to `npm start` left the server running orphaned', async () => {
  const npm = spawn(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['start', '--silent'], {
    cwd: ROOT,
    env: { ...process.env, MM_SKIP_INSTALL: '1', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  npm.stderr!.on('data', (d) => (err += String(d)));
  const exited = new Promise<void>((r) => npm.once('exit', () => r()));
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    const t = setTimeout(
      () => reject(new Error(`npm start did not start the server: ${err.slice(-2000)}`)),
      4 * EXPECT_MS,
    );
    npm.stdout!.on('data', (d) => {
      out += String(d);
      const m = /READY (\d+)/.exec(out);
      if (m) {
        clearTimeout(t);
        resolve(Number(m[1]));
      }
    });
  });
  try {
    expect(await health(port)).toBe(true);
    npm.kill('SIGTERM');
    await exited;
    // the server went with it: nothing answers on its port any more
    let up = true;
    for (let i = 0; i < 50 && up; i++) {
      up = await health(port);
      if (up) await new Promise((r) => setTimeout(r, 100));
    }
    expect(up).toBe(false);
  } finally {
    if (npm.exitCode === null) npm.kill('SIGKILL');
  }
}, 300_000);
