// Installs what `npm start` and `npm test` need on a fresh machine, so each works by itself:
// npm dependencies (when missing or older than the lockfile) and, with --browser, Debian's
// Chromium for the browser tests (and nginx and openssl for the deployment test). `npm test`
// (scripts/ci.mjs) uses the checks below and runs the npm and apt installs side by side.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { keepNativeBuild } from './native-cache.mjs';

/** Whether node_modules is missing or older than the lockfile (then `npm ci`). */
export function npmStale() {
  const lock = 'package-lock.json';
  const installed = 'node_modules/.package-lock.json';
  return !existsSync(installed) || (existsSync(lock) && statSync(lock).mtimeMs > statSync(installed).mtimeMs + 1000);
}

/** The npm command that installs the dependencies. */
export const NPM_INSTALL = existsSync('package-lock.json')
  ? 'npm ci --no-audit --no-fund --loglevel=notice'
  : 'npm install --no-audit --no-fund --loglevel=notice';

/** After an install: keeps a native module compiled here for the next install (native-cache.mjs);
 * a failure to keep it only costs the next install its compile. */
export async function keepNative() {
  try {
    const kept = await keepNativeBuild();
    if (kept) console.error(`[ensure-deps] native build kept for the next install: ${kept}`);
  } catch (e) {
    console.error(`[ensure-deps] native build not kept: ${e}`);
  }
}

/** Debian packages the browser tests need and the machine lacks. */
export function browserPackages() {
  return existsSync('/usr/bin/chromium') || process.env.CHROMIUM_PATH ? [] : ['chromium', 'fonts-noto-cjk'];
}

/** Debian packages the PostgreSQL tests need and the machine lacks (none with a given database). */
export function postgresPackages() {
  if (process.env.TEST_DATABASE_URL || process.env.DATABASE_URL) return [];
  const has =
    existsSync('/usr/lib/postgresql') &&
    readdirSync('/usr/lib/postgresql').some((v) => existsSync(`/usr/lib/postgresql/${v}/bin/initdb`));
  return has ? [] : ['postgresql'];
}

/** Debian packages the deployment test (packages/web/test/deploy-nginx.test.ts: nginx in front
 * of the server with a self-signed certificate) needs and the machine lacks. */
export function proxyPackages() {
  const pkgs = [];
  if (!['/usr/sbin/nginx', '/usr/bin/nginx'].some((p) => existsSync(p))) pkgs.push('nginx-light');
  if (!existsSync('/usr/bin/openssl')) pkgs.push('openssl');
  return pkgs;
}

/** The shell commands that apt-install `pkgs` (as root, or through sudo). */
export function aptCommands(pkgs) {
  const sudo = process.getuid && process.getuid() === 0 ? '' : 'sudo ';
  return [
    `${sudo}apt-get update -qq`,
    `${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends ${pkgs.join(' ')}`,
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = new Set(process.argv.slice(2));
  const run = (cmd) => execSync(cmd, { stdio: 'inherit' });
  // MM_SKIP_INSTALL=1 (as for scripts/ci.mjs): a worktree whose node_modules is shared must not `npm ci`
  if (npmStale() && process.env.MM_SKIP_INSTALL !== '1') {
    console.error('[ensure-deps] installing npm dependencies (npm ci)...');
    run(NPM_INSTALL);
    await keepNative();
  }
  const pkgs = args.has('--browser') ? [...browserPackages(), ...proxyPackages()] : [];
  if (pkgs.length) {
    console.error(`[ensure-deps] installing ${pkgs.join(' ')} for the browser tests...`);
    for (const c of aptCommands(pkgs)) run(c);
  }
}
