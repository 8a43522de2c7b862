// Bench figures for the web client (budget: web.jsGzipKb <= 250):
// - web.jsGzipKb: every built JavaScript file, gzipped (first load and on-demand chunks together).
// - web.firstLoadKb: what the lobby page downloads before anything is clicked, in body bytes as
//   the real server sends them to Chromium (it asks with "accept-encoding: gzip, deflate, br,
//   zstd" and our server answers brotli, or gzip, for text files of 512 bytes or more). The bench
//   starts packages/server/dist/main.js on loopback with this build and fetches each file the way
//   Chromium does; web.firstLoadRawKb is the same files uncompressed. Headers are not counted.
//   The files are read from the built index.html: its module script, stylesheet and modulepreload
//   links, plus the static imports of those scripts. packages/web/test/rulebook.test.ts checks
//   that this list is exactly what Chromium fetches for the lobby from the real server, and that
//   the bytes counted here equal Chromium's own encodedBodySize for them.
// - web.inviteLoadKb: the same for an invite link opened cold (#/g/<id>) once its game has started
//   (a table still waiting shows its waiting room from the lobby's files alone): those plus
//   the lazy Table chunk and what Vite preloads with it (inviteLoadFiles), as the server sends them
//   (brotli). Static files only: the game's own frames come over the WebSocket.
// Reads packages/web/dist (builds it first with Vite when it is missing).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { launch, SERVER_MAIN } from './loopback.js';

/** What Chromium sends (version 120 and later). */
export const CHROMIUM_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

const HERE = path.dirname(fileURLToPath(import.meta.url));
/** packages/web, from packages/cli/src/bench or packages/cli/dist/bench. */
const WEB = path.resolve(HERE, '../../../web');

function jsFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  const out: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...jsFiles(p));
    else if (/\.m?js$/.test(e.name)) out.push(p);
  }
  return out;
}

/** Static `import ... from "./x.js"` of a built chunk (not `import("./x.js")`, which waits for a click). */
function staticImports(code: string): string[] {
  const out: string[] = [];
  const re = /(?:^|[;}\n])\s*import\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+)["']/g;
  for (let m; (m = re.exec(code));) out.push(m[1]!);
  return out;
}

/** `seen` plus `queue` and every file their scripts import statically, in fetch order. */
function closeOver(dist: string, seen: Set<string>, queue: string[]): string[] {
  while (queue.length) {
    const f = queue.shift()!;
    if (seen.has(f)) continue;
    seen.add(f);
    if (!f.endsWith('.js')) continue;
    const code = fs.readFileSync(path.join(dist, f), 'utf8');
    for (const spec of staticImports(code))
      if (spec.startsWith('.')) queue.push(path.posix.normalize(path.posix.join(path.posix.dirname(f), spec)));
  }
  return [...seen];
}

/** Paths (relative to dist, '/'-separated) the lobby page fetches: index.html first. */
export function firstLoadFiles(dist: string): string[] {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const seen = new Set<string>(['index.html']);
  const queue: string[] = [];
  const re = /<(?:script[^>]*\ssrc|link[^>]*\shref)="(\.?\/?assets\/[^"]+)"/g;
  for (let m; (m = re.exec(html));) queue.push(path.posix.normalize(m[1]!.replace(/^\.?\//, '')));
  // the page's icon, which the browser fetches with the page (the manifest and the touch icon
  // only when installing)
  const icon = /<link[^>]*\srel="icon"[^>]*\shref="\.?\/?([^"]+)"/.exec(html);
  if (icon) queue.push(path.posix.normalize(icon[1]!));
  return closeOver(dist, seen, queue);
}

/** Paths the page fetches for an invite link opened cold (`#/g/<id>`, inviteUrl in the server's
 * play/lobby-info.ts): the lobby's files, then the lazy Table chunk with what Vite preloads beside it
 * (its `__vite__mapDeps` list: shared chunks and the stylesheet) and their static imports. */
export function inviteLoadFiles(dist: string): string[] {
  const first = firstLoadFiles(dist);
  const seen = new Set(first);
  const queue: string[] = [];
  for (const f of first) {
    if (!f.endsWith('.js')) continue;
    const code = fs.readFileSync(path.join(dist, f), 'utf8');
    const deps = /__vite__mapDeps=\([^)]*?m\.f=(\[[^\]]*\])/.exec(code);
    const list: string[] = deps ? JSON.parse(deps[1]!) : [];
    const dir = path.posix.dirname(f);
    const re = /import\(\s*[`"']\.\/(Table-[\w-]+\.js)[`"']\s*\)[^;]*?__vite__mapDeps\(\[([\d,\s]*)\]\)/g;
    for (let m; (m = re.exec(code));) {
      queue.push(path.posix.join(dir, m[1]!));
      for (const i of m[2]!.split(',').filter(Boolean))
        queue.push(path.posix.normalize(path.posix.join(dir, list[Number(i)]!)));
    }
  }
  if (!queue.length) throw new Error('no lazy Table chunk found in the lobby files: has main.tsx changed?');
  return closeOver(dist, seen, queue);
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** Body bytes of each file as the server at `base` sends it to Chromium (not decoded). */
export async function bytesOnWire(base: string, files: readonly string[]): Promise<number> {
  let wire = 0;
  for (const f of files) {
    const url = `${base}/${f === 'index.html' ? '' : f}`;
    wire += await new Promise<number>((resolve, reject) => {
      const req = http.get(url, { agent: false, headers: { 'accept-encoding': CHROMIUM_ACCEPT_ENCODING } }, (res) => {
        let body = 0;
        res.on('data', (c: Buffer) => (body += c.length));
        res.on('end', () =>
          res.statusCode === 200 ? resolve(body) : reject(new Error(`${url}: HTTP ${res.statusCode}`)),
        );
        res.on('error', reject);
      });
      req.on('error', reject);
    });
  }
  return wire;
}

/** Starts the real server on loopback with the web build `dist`; returns its address and a stop. */
export async function serveBuild(dist: string): Promise<{ base: string; stop: () => void }> {
  if (!fs.existsSync(SERVER_MAIN)) throw new Error(`${SERVER_MAIN} is missing: run npm run build first`);
  const data = fs.mkdtempSync(path.join(os.tmpdir(), 'mm-bench-web-'));
  const { proc, port } = await launch(
    [SERVER_MAIN],
    { WEB_DIST: dist, PORT: '0', HOST: '127.0.0.1', DATA_DIR: data, LOG_LEVEL: 'warn' },
    /READY (\d+)/,
  );
  return {
    base: `http://127.0.0.1:${port}`,
    stop: () => {
      proc.kill('SIGKILL'); // a static-file server: nothing to drain, and a clean exit would be reported as a crash
      fs.rmSync(data, { recursive: true, force: true });
    },
  };
}

/** packages/web/dist, built first with Vite when it is missing. */
export function webDist(): string {
  const dist = path.join(WEB, 'dist');
  if (!jsFiles(dist).length) {
    const vite = path.join(WEB, 'node_modules/vite/bin/vite.js');
    const r = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'error'], { cwd: WEB, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`web build failed: ${r.stderr || r.stdout}`);
  }
  return dist;
}

export async function benchWeb(opts: { quick: boolean }): Promise<Record<string, number>> {
  void opts;
  const dist = webDist();
  let bytes = 0;
  for (const f of jsFiles(dist)) bytes += gzipSync(fs.readFileSync(f), { level: 9 }).length;
  const files = firstLoadFiles(dist);
  let raw = 0;
  for (const f of files) raw += fs.statSync(path.join(dist, f)).size;
  const server = await serveBuild(dist);
  try {
    const wire = await bytesOnWire(server.base, files);
    const invite = inviteLoadFiles(dist);
    if (process.env.BENCH_VERBOSE) process.stderr.write(`[bench] invite link files: ${invite.join(' ')}\n`);
    const inviteWire = await bytesOnWire(server.base, invite);
    return {
      'web.jsGzipKb': kb(bytes),
      'web.firstLoadKb': kb(wire),
      'web.firstLoadRawKb': kb(raw),
      'web.inviteLoadKb': kb(inviteWire),
    };
  } finally {
    server.stop();
  }
}
