// What the server and cluster benchmarks share: starting a server process on loopback, talking
// to it over HTTP and WebSocket, and reading a process's memory.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { WebSocket } from 'ws';

const here = path.dirname(fileURLToPath(import.meta.url));
export const ROOT = process.env.MINDMGMT_ROOT ?? path.resolve(here, '../../../..');
export const SERVER_MAIN = process.env.BENCH_SERVER_MAIN || path.join(ROOT, 'packages/server/dist/main.js');

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A player's thinking time between moves in the load models. */
export const think = () => 500 + Math.random() * 1000;

export function rssMb(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** Starts `node args...` and resolves with the port once its output matches `ready`. */
export function launch(
  args: string[],
  env: Record<string, string>,
  ready: RegExp,
): Promise<{ proc: ChildProcess; port: number }> {
  const proc = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const t = setTimeout(() => reject(new Error(`did not start: ${out.slice(-500)}`)), 30_000);
    const on = (d: Buffer) => {
      out += String(d);
      const m = ready.exec(out);
      if (m) {
        clearTimeout(t);
        resolve({ proc, port: Number(m[1]) });
      }
    };
    proc.stdout!.on('data', on);
    proc.stderr!.on('data', (d) => (out += String(d)));
    proc.once('exit', (c, sig) => {
      reject(new Error(`exited ${c}: ${out.slice(-500)}`));
      // After it was ready: a crash mid-run must not pass as a network error of the load.
      if (sig !== 'SIGKILL' && sig !== 'SIGTERM')
        process.stderr.write(`[bench] ${args.join(' ').slice(-60)} exited ${c ?? sig}: ${out.slice(-1500)}\n`);
    });
  });
}

// `any`: the API answers are checked where they are used.
export function post(base: string, p: string, body: unknown): Promise<any> {
  // node:http with a fresh connection per call: on a loaded machine fetch's pooled keep-alive
  // sockets race the server's keep-alive timeout ("other side closed") and a lost POST cannot be
  // retried blindly (creating a table is not idempotent).
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      base + p,
      {
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          try {
            const j = JSON.parse(Buffer.concat(chunks).toString('utf8'));
            if (res.statusCode !== 200) reject(new Error(`${p}: ${JSON.stringify(j)}`));
            else resolve(j);
          } catch (e) {
            reject(e as Error);
          }
        });
        res.on('error', reject);
      },
    );
    req.on('error', (e) => reject(new Error(`POST ${p}: ${e.message}`)));
    req.end(text);
  });
}

export function connect(url: string): Promise<WebSocket> {
  return new Promise((res, rej) => {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    ws.once('open', () => res(ws));
    ws.once('error', rej);
  });
}

/** Every client of a bench comes from 127.0.0.1: the server's per-IP budgets (docs/protocol.md,
 * "Limits") are opened up so they measure the server, not its limits. */
export const BENCH_LIMITS_ENV: Record<string, string> = {
  LIMIT_CREATE: '1000000/1000000',
  LIMIT_CREATE_TOTAL: '1000000/1000000',
  LIMIT_OPEN_TABLES_PER_IP: '1000000',
  LIMIT_JOIN: '1000000/1000000',
  LIMIT_START: '1000000/1000000',
  LIMIT_HELLO_CONN: '1000000/1000000',
  LIMIT_HELLO_IP: '1000000/1000000',
  LIMIT_NOTES: '1000000/1000000',
  LIMIT_CONNS_PER_IP: '1000000',
  LIMIT_CONNS_PER_PREFIX: '1000000',
  LIMIT_HTTP_CONNS_PER_IP: '1000000',
  LIMIT_BOT_GAMES_PER_PLAYER: '1000000',
  LIMIT_BOT_GAMES_PER_IP: '1000000',
  LIMIT_BOT_GAMES_PER_PREFIX: '1000000',
  LIMIT_BOT_GAMES_TOTAL: '1000000',
  LIMIT_BOT_QUEUE_WAIT_MS: '1000000000',
};
