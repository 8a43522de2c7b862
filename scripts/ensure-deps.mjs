// Installs what `npm start` and `npm test` need on a fresh machine, so each works by itself:
// npm dependencies (when missing or older than the lockfile) and, with --browser, Debian's
// Chromium for the browser tests.
import { execSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';

const args = new Set(process.argv.slice(2));
const run = (cmd) => execSync(cmd, { stdio: 'inherit' });

const lock = 'package-lock.json';
const installed = 'node_modules/.package-lock.json';
const stale = !existsSync(installed) || (existsSync(lock) && statSync(lock).mtimeMs > statSync(installed).mtimeMs + 1000);
if (stale) {
  console.error('[ensure-deps] installing npm dependencies (npm ci)...');
  run(existsSync(lock) ? 'npm ci --no-audit --no-fund --loglevel=notice' : 'npm install --no-audit --no-fund --loglevel=notice');
}

function aptInstall(pkgs) {
  const sudo = process.getuid && process.getuid() === 0 ? '' : 'sudo ';
  run(`${sudo}apt-get update -qq`);
  run(`${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends ${pkgs}`);
}

if (args.has('--browser') && !existsSync('/usr/bin/chromium') && !process.env.CHROMIUM_PATH) {
  console.error('[ensure-deps] installing Debian chromium for the browser tests...');
  aptInstall('chromium fonts-noto-cjk');
}
