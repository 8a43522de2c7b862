// Half-sent HTTP requests filled the process's open-file limit and every health check
// and WebSocket from other addresses failed. The real server process, started with the limit
// lowered to 1,024 as many hosts have; raw sockets from loopback addresses (127.x.y.z); request
// timeouts pushed out to 10 minutes so that only the socket caps can save the server.
import { type ChildProcess, execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';

const pkg = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MAIN = path.join(pkg, 'dist', 'main.js');
let dir: string;
const procs: ChildProcess[] = [];

beforeAll(() => {
  try {
    execSync('npx tsc -b packages/server', { cwd: path.resolve(pkg, '../..'), stdio: 'ignore' });
  } catch {
    // Errors in other packages must not stop this test if our dist was emitted.
  }
  expect(fs.existsSync(MAIN)).toBe(true);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mm-fds-'));
});
afterAll(() => {
  for (const p of procs) p.kill('SIGKILL');
  fs.rmSync(dir, { recursive: true, force: true });
});

/** dist/main.js with `ulimit -n 1024`; resolves with its port and the socket caps it logged. */
function launch(name: string): Promise<{ port: number; caps: { total: number; reserve: number; perAddress: number } }> {
  const proc = spawn('sh', ['-c', 'ulimit -n 1024 && exec "$0" "$@"', process.execPath, MAIN], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dir, name),
      LOG_LEVEL: 'info',
      HTTP_HEADERS_TIMEOUT_MS: '600000',
      HTTP_REQUEST_TIMEOUT_MS: '600000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  procs.push(proc);
  return new Promise((resolve, reject) => {
    let out = '';
    const t = setTimeout(() => reject(new Error(`server did not start: ${out}`)), 30_000);
    proc.stdout!.on('data', (d) => {
      out += String(d);
      const m = /READY (\d+)/.exec(out);
      const caps = /"msg":"socket caps"/.test(out) ? out.split('\n').find((l) => l.includes('"socket caps"')) : null;
      if (m && caps) {
        clearTimeout(t);
        resolve({ port: Number(m[1]), caps: JSON.parse(caps) });
      }
    });
    proc.stderr!.on('data', (d) => (out += String(d)));
    proc.on('exit', (code) => reject(new Error(`server exited ${code}: ${out}`)));
  });
}

interface Flood {
  sockets: net.Socket[];
  closedCount: number;
}

/** `count` sockets from `from`, each sending the start of a request it never finishes. */
async function halfSent(
  port: number,
  from: string,
  count: number,
  flood: Flood,
  bytes = 'GET /api/health HTTP/1.1\r\nHost: x\r\nX-Slow: ',
): Promise<void> {
  for (let done = 0; done < count; done += 100) {
    await Promise.all(
      Array.from(
        { length: Math.min(100, count - done) },
        () =>
          new Promise<void>((resolve) => {
            const s = net.connect({ port, host: '127.0.0.1', localAddress: from });
            flood.sockets.push(s);
            s.on('error', () => {});
            s.resume(); // reads the refusal, so the close that follows it is seen
            s.once('close', () => flood.closedCount++);
            s.once('connect', () => {
              s.write(bytes);
              resolve();
            });
            s.once('close', () => resolve());
          }),
      ),
    );
  }
}

function newFlood(): Flood {
  return { sockets: [], closedCount: 0 };
}

function health(port: number, from: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/api/health', localAddress: from, agent: false }, (res) => {
      let body = '';
      res.on('data', (d) => (body += String(d)));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.setTimeout(20_000, () => req.destroy(new Error('health timed out')));
  });
}

/** A WebSocket from `from` that answers a ping with a pong. */
function wsPong(port: number, from: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, { localAddress: from, handshakeTimeout: 20_000 });
    ws.on('error', reject);
    ws.on('open', () => ws.send(JSON.stringify({ t: 'ping' })));
    ws.on('message', (d) => {
      resolve(JSON.parse(String(d)));
      ws.close();
    });
  });
}

async function until(cond: () => boolean): Promise<void> {
  while (!cond()) await new Promise((r) => setTimeout(r, 20));
}

describe('attack: half-sent requests against a 1,024 descriptor limit', () => {
  it('the socket cap is read from the open-file limit at start', async () => {
    const { caps } = await launch('caps');
    expect(caps.total).toBe(1024 - 128);
    expect(caps.reserve).toBeGreaterThanOrEqual(16);
    expect(caps.perAddress).toBe(32);
  }, 60_000);

  it('one address opening 1,100 half-sent requests keeps 32; health and a WebSocket from other addresses get through', async () => {
    const { port } = await launch('one');
    const flood = newFlood();
    await halfSent(port, '127.0.0.2', 1100, flood);
    expect(await health(port, '127.0.0.3')).toEqual({ status: 200, body: '{"ok":true}' });
    expect(await wsPong(port, '127.0.0.4')).toEqual({ t: 'pong' });
    // Everything beyond the address's 32 was answered and closed (the answers went out before
    // the health check's socket was accepted, so they are here or on their way).
    await until(() => flood.closedCount >= 1100 - 32);
    for (const s of flood.sockets) s.destroy();
  }, 120_000);

  it('40 addresses opening 32 half-sent requests each (more than the cap): health and a WebSocket still get through', async () => {
    const { port } = await launch('many');
    const flood = newFlood();
    for (let a = 0; a < 40; a++) await halfSent(port, `127.0.1.${a + 1}`, 32, flood);
    expect(await health(port, '127.0.2.1')).toEqual({ status: 200, body: '{"ok":true}' });
    expect(await wsPong(port, '127.0.2.2')).toEqual({ t: 'pong' });
    // The flood's own sockets were shed to make room: it holds less than the cap.
    await until(() => flood.closedCount >= 40 * 32 - 896);
    for (const s of flood.sockets) s.destroy();
  }, 120_000);
});

describe('attack: half-sent request bodies', () => {
  it('40 addresses each holding 32 POSTs whose body never ends: health and a WebSocket still get through', async () => {
    const { port } = await launch('bodies');
    const flood = newFlood();
    const head =
      'POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"a":';
    for (let a = 0; a < 40; a++) await halfSent(port, `127.0.3.${a + 1}`, 32, flood, head);
    expect(await health(port, '127.0.4.1')).toEqual({ status: 200, body: '{"ok":true}' });
    expect(await wsPong(port, '127.0.4.2')).toEqual({ t: 'pong' });
    await until(() => flood.closedCount >= 40 * 32 - 896);
    for (const s of flood.sockets) s.destroy();
  }, 120_000);
});
