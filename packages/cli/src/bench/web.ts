// Bench figure for the web client: the gzipped size of its built JavaScript (budget: 250 KB).
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
  return { 'web.jsGzipKb': Math.round((bytes / 1024) * 10) / 10 };
}
