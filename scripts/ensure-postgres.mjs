#!/usr/bin/env node
// Makes a real PostgreSQL available for the tests and prints its URL (also written to
// .tmp/pg-url, which packages/server/test/pg-helpers.ts reads).
//
//   node scripts/ensure-postgres.mjs            # ensure + print the URL
//   node scripts/ensure-postgres.mjs --stop     # stop the throwaway cluster
//
// 1. DATABASE_URL or TEST_DATABASE_URL set: use it (checked with a connection), nothing else.
// 2. A throwaway cluster started earlier (.tmp/pg-url answers): reuse it (fast path, ~50 ms).
// 3. Otherwise: install Debian's `postgresql` with apt-get when the binaries are missing (root, or
//    sudo), initdb a cluster in a temp folder owned by the `postgres` user (when we are root;
//    else by us), start it on a free port on 127.0.0.1 only (unix socket in that folder), create
//    the database `mindmgmt_test`, and write the URL.
// Exit code 1 (with a message) when PostgreSQL cannot be had.
import { execFileSync, execSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const URL_FILE = path.join(ROOT, '.tmp', 'pg-url');
const DB = 'mindmgmt_test';
const tag = createHash('sha256').update(ROOT).digest('hex').slice(0, 10);
const DATA = path.join(os.tmpdir(), `mindmgmt-pg-${tag}`);
const isRoot = process.getuid?.() === 0;
const say = (m) => process.stderr.write(`[ensure-postgres] ${m}\n`);

function writeUrl(url) {
  fs.mkdirSync(path.dirname(URL_FILE), { recursive: true });
  fs.writeFileSync(URL_FILE, url + '\n');
  process.stdout.write(url + '\n');
}

/** Resolves true when a PostgreSQL server answers a query at url (uses the psql client). */
function answers(url, bin) {
  const psql = bin ? path.join(bin, 'psql') : 'psql';
  try {
    execFileSync(psql, [url, '-Atqc', 'SELECT 1'], {
      stdio: 'pipe',
      timeout: 5000,
      env: { ...process.env, PGCONNECT_TIMEOUT: '3' },
    });
    return true;
  } catch {
    return false;
  }
}

/** Fallback check with the `pg` driver when psql is not installed (external URL case). */
async function answersPg(url) {
  try {
    const { default: pg } = await import('pg');
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
    await c.connect();
    await c.query('SELECT 1');
    await c.end();
    return true;
  } catch {
    return false;
  }
}

function findBin() {
  const cands = [];
  try {
    cands.push(execSync('pg_config --bindir', { stdio: 'pipe' }).toString().trim());
  } catch {}
  if (fs.existsSync('/usr/lib/postgresql'))
    for (const v of fs.readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a)))
      cands.push(`/usr/lib/postgresql/${v}/bin`);
  cands.push('/usr/local/bin', '/usr/bin', '/usr/local/pgsql/bin');
  return (
    cands.find(
      (d) =>
        fs.existsSync(path.join(d, 'initdb')) &&
        fs.existsSync(path.join(d, 'pg_ctl')) &&
        fs.existsSync(path.join(d, 'psql')),
    ) ?? null
  );
}

function aptInstall() {
  const sudo = isRoot ? '' : 'sudo ';
  say('PostgreSQL binaries not found: installing Debian package postgresql (apt-get)...');
  execSync(`${sudo}apt-get update -qq`, { stdio: 'inherit' });
  execSync(`${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql`, {
    stdio: 'inherit',
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** Runs a PostgreSQL binary as the cluster owner (`postgres` when we are root). */
function asOwner(bin, args, opts = {}) {
  if (isRoot) return execFileSync('runuser', ['-u', 'postgres', '--', bin, ...args], { stdio: 'pipe', ...opts });
  return execFileSync(bin, args, { stdio: 'pipe', ...opts });
}

async function main() {
  const stop = process.argv.includes('--stop');
  const given = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (given && !stop) {
    if (!(answers(given) || (await answersPg(given)))) {
      say(`the given database URL does not answer`);
      process.exit(1);
    }
    return writeUrl(given);
  }
  let bin = findBin();
  if (stop) {
    if (bin && fs.existsSync(path.join(DATA, 'PG_VERSION')))
      try {
        asOwner(path.join(bin, 'pg_ctl'), ['-D', DATA, '-m', 'fast', 'stop']);
      } catch {}
    fs.rmSync(URL_FILE, { force: true });
    return;
  }
  // Fast path: the cluster from an earlier run still answers.
  if (fs.existsSync(URL_FILE) && bin) {
    const url = fs.readFileSync(URL_FILE, 'utf8').trim();
    if (url.includes('127.0.0.1') && answers(url, bin)) return writeUrl(url);
  }
  if (!bin) {
    aptInstall();
    bin = findBin();
    if (!bin) throw new Error('postgresql installed but initdb/pg_ctl/psql not found');
  }
  const pgCtl = path.join(bin, 'pg_ctl');
  const port = await freePort();
  // A folder from an earlier run whose server is gone (reboot, crash): start it again, or re-create.
  if (fs.existsSync(path.join(DATA, 'PG_VERSION'))) {
    try {
      asOwner(pgCtl, ['-D', DATA, '-m', 'immediate', 'stop'], { timeout: 20_000 });
    } catch {}
    fs.rmSync(DATA, { recursive: true, force: true });
  }
  fs.mkdirSync(DATA, { recursive: true, mode: 0o700 });
  if (isRoot) execFileSync('chown', ['-R', 'postgres:postgres', DATA]);
  say(`initdb ${DATA} (${bin})`);
  asOwner(
    path.join(bin, 'initdb'),
    ['-D', DATA, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-instructions'],
    {
      timeout: 120_000,
    },
  );
  fs.appendFileSync(
    path.join(DATA, 'postgresql.conf'),
    [
      '',
      '# mindmgmt test cluster',
      "listen_addresses = '127.0.0.1'",
      `port = ${port}`,
      `unix_socket_directories = '${DATA}'`,
      'max_connections = 300',
      'shared_buffers = 64MB',
      'fsync = on',
      "log_min_messages = 'warning'",
      '',
    ].join('\n'),
  );
  asOwner(pgCtl, ['-D', DATA, '-l', path.join(DATA, 'server.log'), '-w', '-t', '60', 'start'], { timeout: 90_000 });
  const base = `postgres://postgres@127.0.0.1:${port}`;
  execFileSync(path.join(bin, 'psql'), [`${base}/postgres`, '-Atqc', `CREATE DATABASE ${DB}`], { stdio: 'pipe' });
  const url = `${base}/${DB}`;
  if (!answers(url, bin)) throw new Error('the new cluster does not answer');
  say(`PostgreSQL ready at ${url}`);
  writeUrl(url);
}

main().catch((e) => {
  say(`PostgreSQL is not available: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
