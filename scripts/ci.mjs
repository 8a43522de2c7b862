#!/usr/bin/env node
// `npm test` (and so `.ci/run`): installs what is missing, builds, checks and runs every test,
// then prints how long each phase took (wall and CPU seconds, load average), so a slow run shows
// which phase and how busy the machine was. Arguments go to vitest (`npm test -- packages/engine` runs that folder only).
//
// Phases: install (npm ci when node_modules is missing or older than the lockfile, and at the
// same time one apt-get transaction for whatever of Chromium, its CJK fonts, PostgreSQL, nginx
// and openssl is missing), postgres (a throwaway cluster, scripts/ensure-postgres.mjs), build and
// lint side by side, typecheck, vitest.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { aptCommands, browserPackages, keepNative, npmStale, postgresPackages, proxyPackages } from './ensure-deps.mjs';
import { childCpu } from './proc-cpu.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(ROOT);
const say = (m) => process.stderr.write(`[ci] ${m}\n`);

/** Runs a command with the terminal; resolves when it exits, rejects on a non-zero code. */
function run(cmd, args, opts = {}) {
  return new Promise((resolve, reject) => {
    const p = spawn(cmd, args, { stdio: 'inherit', ...opts });
    p.on('error', reject);
    p.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} exited ${code ?? signal}`)),
    );
  });
}

/** The machine's CPU time so far, busy and in all, in clock ticks (Linux; null elsewhere): what
 * share of the cores a phase kept busy, whoever used them (a neighbour's job too). */
function machineTicks() {
  try {
    const f = fs.readFileSync('/proc/stat', 'utf8');
    const t = f.slice(0, f.indexOf('\n')).trim().split(/\s+/).slice(1).map(Number);
    const all = t.reduce((a, b) => a + b, 0);
    return { busy: all - t[3] - t[4], all }; // idle and iowait are fields 4 and 5
  } catch {
    return null;
  }
}

const rows = [];
async function phase(name, fn) {
  const t0 = performance.now();
  const c0 = childCpu();
  const m0 = machineTicks();
  try {
    await fn();
  } finally {
    const m1 = machineTicks();
    rows.push({
      name,
      wall: (performance.now() - t0) / 1000,
      cpu: childCpu() - c0,
      load: os.loadavg()[0],
      busy: m0 && m1 && m1.all > m0.all ? (m1.busy - m0.busy) / (m1.all - m0.all) : null,
    });
  }
}

function report() {
  const pct = (b) => (b === null ? '' : `${Math.round(b * 100)}%`).padStart(11);
  const line = (r) =>
    `${r.name.padEnd(10)} ${r.wall.toFixed(1).padStart(8)} ${r.cpu.toFixed(1).padStart(8)} ${pct(r.busy)} ${r.load.toFixed(1).padStart(6)}`;
  const total = rows.reduce((t, r) => ({ ...t, wall: t.wall + r.wall, cpu: t.cpu + r.cpu }), {
    name: 'total',
    wall: 0,
    cpu: 0,
    load: os.loadavg()[0],
    busy: null,
  });
  say(`phase        wall s    CPU s  cores busy   load (1 min, at the end)`);
  for (const r of [...rows, total]) say(line(r));
}

// ------------------------------------------------------------------ install
/** Runs a shell command line (the install commands of ensure-deps.mjs). */
const sh = (line) => run('sh', ['-c', line]);

async function apt(pkgs) {
  say(`apt-get install ${pkgs.join(' ')} (beside npm ci)`);
  for (const c of aptCommands(pkgs)) await sh(c);
}

const vitestArgs = process.argv.slice(2);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
try {
  await phase('install', async () => {
    // MM_SKIP_INSTALL=1: a worktree whose node_modules is shared (hard links) must not `npm ci`
    if (process.env.MM_SKIP_INSTALL === '1') return;
    const jobs = [];
    if (npmStale()) {
      say('npm ci');
      jobs.push(
        run(npm, [
          fs.existsSync('package-lock.json') ? 'ci' : 'install',
          '--no-audit',
          '--no-fund',
          '--loglevel=notice',
        ]).then(keepNative),
      );
    }
    const pkgs = [...browserPackages(), ...postgresPackages(), ...proxyPackages()];
    if (pkgs.length) jobs.push(apt(pkgs));
    await Promise.all(jobs);
  });
  await phase('postgres', () =>
    run(process.execPath, ['scripts/ensure-postgres.mjs'], { stdio: ['ignore', 'ignore', 'inherit'] }),
  );
  // the build is mostly one tsc process: prettier uses the other core meanwhile
  await phase('build+lint', () => Promise.all([run(npm, ['run', 'build']), run(npm, ['run', 'lint', '--silent'])]));
  await phase('typecheck', async () => {
    const tsc = path.join(ROOT, 'node_modules/typescript/bin/tsc');
    await Promise.all([
      run(process.execPath, [tsc, '-p', 'packages/engine/test']),
      run(process.execPath, [tsc, '--noEmit', '-p', 'packages/web']),
    ]);
  });
  await phase('vitest', () =>
    run(process.execPath, [path.join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', ...vitestArgs]),
  );
  report();
} catch (e) {
  report();
  say(e instanceof Error ? e.message : String(e));
  process.exit(1);
}
