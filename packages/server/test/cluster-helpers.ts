// Real server processes (dist/main.js) sharing one PostgreSQL schema, for the cluster tests.
import { type ChildProcess, execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FAST_BOTS_ENV } from './helpers.js';

const pkg = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const MAIN = path.join(pkg, 'dist', 'main.js');

/** Builds the server (dist/main.js) once; errors in other packages do not matter if it was emitted. */
export function buildServer(): void {
  try {
    execSync('npx tsc -b packages/server', { cwd: path.resolve(pkg, '../..'), stdio: 'ignore' });
  } catch {
    // see above
  }
  if (!fs.existsSync(MAIN)) throw new Error(`${MAIN} missing: the server did not build`);
}

export interface Instance {
  readonly proc: ChildProcess;
  readonly url: string;
  readonly name: string;
  /** Every log line (JSON) the process wrote. */
  readonly logs: string[];
  stop(): Promise<void>;
}

export function launchInstance(
  name: string,
  databaseUrl: string,
  schema: string,
  env: Record<string, string> = {},
): Promise<Instance> {
  const proc = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      PG_SCHEMA: schema,
      PG_POOL: '4',
      INSTANCE_ID: name,
      ...FAST_BOTS_ENV,
      BOT_BUDGET_MS: '50',
      LOG_LEVEL: 'info',
      WS_RATE_PER_SEC: '100000',
      WS_RATE_BURST: '100000',
      SNAPSHOT_EVERY: '7',
      SWEEP_MS: '200',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  let buf = '';
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`${name} did not start: ${logs.join('\n').slice(-2000)}`)), 30_000);
    proc.stdout!.on('data', (d) => {
      buf += String(d);
      let i: number;
      while ((i = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, i);
        buf = buf.slice(i + 1);
        if (!line) continue;
        const m = /^READY (\d+)$/.exec(line);
        if (m) {
          clearTimeout(t);
          const url = `http://127.0.0.1:${m[1]}`;
          resolve({
            proc,
            url,
            name,
            logs,
            stop: () =>
              new Promise<void>((r) => {
                if (proc.exitCode !== null || proc.signalCode !== null) return r();
                proc.once('exit', () => r());
                proc.kill('SIGTERM');
              }),
          });
        } else logs.push(line);
      }
    });
    proc.stderr!.on('data', (d) => logs.push(String(d)));
    proc.once('exit', (code) => reject(new Error(`${name} exited ${code}: ${logs.join('\n').slice(-2000)}`)));
  });
}
