// Bench figures for the web client (budget: web.jsGzipKb <= 250):
// - web.jsGzipKb: every built JavaScript file, gzipped (first load and on-demand chunks together).
// - web.firstLoadKb: what the lobby page downloads before anything is clicked, in bytes as our
//   server sends them. The server sends static files without content encoding, so this is the raw
//   size; web.firstLoadGzipKb is the same files gzipped (what a compressing proxy would send).
//   The files are read from the built index.html: its module script, stylesheet and modulepreload
//   links, plus the static imports of those scripts. packages/web/test/rulebook.test.ts checks
//   that this list is exactly what Chromium fetches for the lobby from the real server.
// Reads packages/web/dist (builds it first with Vite when it is missing).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

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

/** Paths (relative to dist, '/'-separated) the lobby page fetches: index.html first. */
export function firstLoadFiles(dist: string): string[] {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const seen = new Set<string>(['index.html']);
  const queue: string[] = [];
  const re = /<(?:script[^>]*\ssrc|link[^>]*\shref)="(\.?\/?assets\/[^"]+)"/g;
  for (let m; (m = re.exec(html));) queue.push(path.posix.normalize(m[1]!.replace(/^\.?\//, '')));
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

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

export async function benchWeb(opts: { quick: boolean }): Promise<Record<string, number>> {
  void opts;
  const dist = path.join(WEB, 'dist');
  if (!jsFiles(dist).length) {
    const vite = path.join(WEB, 'node_modules/vite/bin/vite.js');
    const r = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'error'], { cwd: WEB, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`web build failed: ${r.stderr || r.stdout}`);
  }
  let bytes = 0;
  for (const f of jsFiles(dist)) bytes += gzipSync(fs.readFileSync(f), { level: 9 }).length;
  let raw = 0;
  let gz = 0;
  for (const f of firstLoadFiles(dist)) {
    const b = fs.readFileSync(path.join(dist, f));
    raw += b.length;
    gz += gzipSync(b, { level: 9 }).length;
  }
  return { 'web.jsGzipKb': kb(bytes), 'web.firstLoadKb': kb(raw), 'web.firstLoadGzipKb': kb(gz) };
}
