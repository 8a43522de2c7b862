import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, transformWithOxc, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

// The dev server and `vite preview` forward the API and the WebSocket to the game server.
const target = process.env.MM_SERVER ?? 'http://127.0.0.1:8090';
const proxy = {
  '/api': { target, changeOrigin: true },
  '/ws': { target: target.replace(/^http/, 'ws'), ws: true },
};

const here = path.dirname(fileURLToPath(import.meta.url));
const PUBLIC = path.join(here, 'public');
/** Public files that are not part of the app shell. */
const NOT_SHELL = new Set(['robots.txt']);

function publicFiles(dir: string, rel = ''): string[] {
  return fs
    .readdirSync(path.join(dir, rel), { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? publicFiles(dir, rel + e.name + '/') : [rel + e.name]));
}

/**
 * Builds /sw.js from src/sw/shell-worker.ts: the shell is every file of this build
 * (index.html as "./", the hashed chunks and styles, the icons and the manifest), the version a
 * hash of their contents, so each deploy that changes anything installs a new worker and cache.
 */
function shellWorker(): Plugin {
  return {
    name: 'mm-shell-worker',
    apply: 'build',
    enforce: 'post',
    // the page registers the worker only in a build that has it (src/sw/register.ts)
    config: () => ({ define: { __MM_SHELL_WORKER__: 'true' } }),
    async generateBundle(_options, bundle) {
      const hash = crypto.createHash('sha256');
      const files: string[] = [];
      for (const [name, out] of Object.entries(bundle).sort(([a], [b]) => a.localeCompare(b))) {
        if (name.endsWith('.map')) continue;
        files.push(name === 'index.html' ? './' : './' + name);
        hash.update(name).update(out.type === 'chunk' ? out.code : out.source);
      }
      for (const name of publicFiles(PUBLIC).sort()) {
        if (NOT_SHELL.has(name)) continue;
        files.push('./' + name);
        hash.update(name).update(fs.readFileSync(path.join(PUBLIC, name)));
      }
      const file = path.join(here, 'src/sw/shell-worker.ts');
      const { code } = await transformWithOxc(fs.readFileSync(file, 'utf8'), file, { target: 'es2022' });
      const source = code
        .replace(/^export\s*\{\s*\};?\s*$/m, '')
        .replace(/__SHELL_FILES__/g, JSON.stringify(files))
        .replace(/__SHELL_VERSION__/g, JSON.stringify(hash.digest('hex').slice(0, 16)));
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}

export default defineConfig({
  plugins: [react(), shellWorker()],
  base: './',
  server: { proxy },
  preview: { proxy },
  build: { outDir: 'dist', target: 'es2022', sourcemap: false, chunkSizeWarningLimit: 600 },
});
