// The web client's files (SPA fallback to index.html). Text files are compressed once, on first
// request, with brotli and gzip, and kept in memory (the client build is a few hundred KB, so the
// cache is bounded by the build's size); files under /assets/ carry a content hash in their
// names and are cached by browsers forever. The installable app:
// the service worker /sw.js and the manifest are asked again on every use (a deploy must reach
// installed apps at once), the icons under /icons/ are kept a day (their names carry no hash).
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SECURITY_HEADERS, sendError } from './headers.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
};
const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.webmanifest',
  '.svg',
  '.txt',
  '.map',
  '.wasm',
]);
/** Smaller files are sent as they are: the encoding would cost more than it saves. */
const MIN_COMPRESS_BYTES = 512;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const PLACEHOLDER = `<!doctype html><meta charset="utf-8"><title>Mind MGMT</title>
<h1>Mind MGMT server</h1><p>The server is running, but the web client has not been built yet
(<code>packages/web/dist</code> is missing). The API is at <code>/api</code> and play at <code>/ws</code>.</p>`;

/** Content-hashed build files: never change under their name. */
export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
/** Icons: stable names, rarely redrawn; a redrawn icon reaches browsers within a day. */
export const CACHE_ICONS = 'public, max-age=86400';
/** Everything else (index.html, /sw.js, the manifest): revalidated on every use. */
export const CACHE_REVALIDATE = 'no-cache';

/** The cache policy of a file of the build, by its path under the build's root. */
export function cacheControlFor(rel: string): string {
  if (rel.startsWith('assets/')) return CACHE_IMMUTABLE;
  if (rel.startsWith('icons/')) return CACHE_ICONS;
  return CACHE_REVALIDATE;
}

interface Prepared {
  readonly type: string;
  readonly identity: Buffer;
  readonly br: Buffer | null;
  readonly gzip: Buffer | null;
  readonly cacheControl: string;
  /** Size and mtime of the file the entry was made from: a rebuilt client is picked up. */
  readonly stamp: string;
}

/** The encodings a client accepts (q > 0) among the ones we keep. */
export function acceptedEncodings(accept: string | undefined): Set<'br' | 'gzip'> {
  const ok = new Set<'br' | 'gzip'>();
  if (!accept) return ok;
  for (const part of accept.split(',').slice(0, 20)) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((x) => x !== undefined);
    if (q !== undefined && Number(q) === 0) continue;
    if (name === 'br' || name === 'gzip') ok.add(name);
  }
  return ok;
}

export function createStaticHandler(webDist: string) {
  const root = path.resolve(webDist);
  const index = path.join(root, 'index.html');
  const cache = new Map<string, Promise<Prepared>>();

  async function prepare(file: string, stamp: string): Promise<Prepared> {
    const ext = path.extname(file).toLowerCase();
    const identity = await fs.promises.readFile(file);
    const squeeze = COMPRESSIBLE.has(ext) && identity.length >= MIN_COMPRESS_BYTES;
    const [br, gz] = squeeze
      ? await Promise.all([
          brotli(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
          gzip(identity, { level: 9 }),
        ])
      : [null, null];
    return {
      type: TYPES[ext] ?? 'application/octet-stream',
      identity,
      br: br && br.length < identity.length ? br : null,
      gzip: gz && gz.length < identity.length ? gz : null,
      cacheControl:
        file === index ? CACHE_REVALIDATE : cacheControlFor(path.relative(root, file).split(path.sep).join('/')),
      stamp,
    };
  }

  /** The prepared file for a request path, or the SPA's index.html; null without a build. */
  async function lookup(pathname: string): Promise<Prepared | null> {
    let rel: string;
    try {
      rel = decodeURIComponent(pathname);
    } catch {
      rel = '/';
    }
    if (rel.includes('\0')) rel = '/';
    let file = path.resolve(root, '.' + path.posix.normalize(rel));
    let st: fs.Stats | null = null;
    if (file.startsWith(root + path.sep)) st = await fs.promises.stat(file).catch(() => null);
    if (!st?.isFile()) {
      file = index;
      st = await fs.promises.stat(file).catch(() => null);
      if (!st?.isFile()) return null;
    }
    const stamp = `${st.size}:${st.mtimeMs}`;
    let p = cache.get(file);
    if (p) {
      const got = await p.catch(() => null);
      if (got && got.stamp === stamp) return got;
    }
    p = prepare(file, stamp);
    cache.set(file, p);
    p.catch(() => cache.delete(file));
    return p;
  }

  return async function serveStatic(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> {
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendError(res, 405, 'method', 'Method not allowed.');
    const f = await lookup(pathname);
    if (!f) {
      res.writeHead(200, {
        ...SECURITY_HEADERS,
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-cache',
      });
      return void res.end(req.method === 'HEAD' ? undefined : PLACEHOLDER);
    }
    const ok = acceptedEncodings(req.headers['accept-encoding']);
    const used = ok.has('br') && f.br ? 'br' : ok.has('gzip') && f.gzip ? 'gzip' : null;
    const body = used === 'br' ? f.br! : used === 'gzip' ? f.gzip! : f.identity;
    res.writeHead(200, {
      ...SECURITY_HEADERS,
      'content-type': f.type,
      'content-length': String(body.length),
      'cache-control': f.cacheControl,
      vary: 'accept-encoding',
      ...(used ? { 'content-encoding': used } : {}),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  };
}
