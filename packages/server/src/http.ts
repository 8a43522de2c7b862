// HTTP: the JSON API and the web client's static files (SPA fallback).
import fs from 'node:fs';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { ApiError, type GameService } from './games.js';
import { createGameSchema, describeZodError, joinSchema, myGamesSchema, tokenBodySchema } from './schemas.js';

export const MAX_BODY_BYTES = 16 * 1024;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

const PLACEHOLDER = `<!doctype html><meta charset="utf-8"><title>Mind MGMT</title>
<body style="font-family:sans-serif;max-width:40em;margin:4em auto">
<h1>Mind MGMT server</h1><p>The server is running, but the web client has not been built yet
(<code>packages/web/dist</code> is missing). The API is at <code>/api</code> and play at <code>/ws</code>.</p></body>`;

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

function readBody(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on('data', (c: Buffer) => {
      if (failed) return;
      size += c.length;
      if (size > MAX_BODY_BYTES) {
        failed = true;
        reject(new ApiError(413, 'too_large', `A request body may be at most ${MAX_BODY_BYTES} bytes.`));
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => {
      if (failed) return;
      const text = Buffer.concat(chunks).toString('utf8');
      if (!text.trim()) return resolve({});
      try {
        resolve(JSON.parse(text));
      } catch {
        reject(new ApiError(400, 'bad_json', 'The request body is not valid JSON.'));
      }
    });
    req.on('error', () => reject(new ApiError(400, 'bad_request', 'The request could not be read.')));
  });
}

async function body<T extends z.ZodType>(req: IncomingMessage, schema: T): Promise<z.infer<T>> {
  const raw = await readBody(req);
  const r = schema.safeParse(raw);
  if (!r.success) throw new ApiError(400, 'malformed', describeZodError(r.error));
  return r.data;
}

export function createHttpHandler(service: GameService, log: Logger, webDist: string) {
  const distRoot = path.resolve(webDist);

  function serveStatic(req: IncomingMessage, res: ServerResponse, pathname: string): void {
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return send(res, 405, { error: { code: 'method', message: 'Method not allowed.' } });
    const index = path.join(distRoot, 'index.html');
    if (!fs.existsSync(index)) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(PLACEHOLDER);
      return;
    }
    let rel: string;
    try {
      rel = decodeURIComponent(pathname);
    } catch {
      rel = '/';
    }
    const file = path.resolve(distRoot, '.' + path.posix.normalize(rel));
    let target = index;
    if (file.startsWith(distRoot + path.sep) && fs.existsSync(file) && fs.statSync(file).isFile()) target = file;
    const type = TYPES[path.extname(target).toLowerCase()] ?? 'application/octet-stream';
    const immutable = target !== index && /\/assets\//.test(target);
    res.writeHead(200, {
      'content-type': type,
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    if (req.method === 'HEAD') return void res.end();
    fs.createReadStream(target).pipe(res);
  }

  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://x');
    const p = url.pathname;
    if (!p.startsWith('/api/')) return serveStatic(req, res, p);
    const m = req.method ?? 'GET';
    const parts = p.split('/').filter(Boolean); // ['api', ...]
    try {
      if (p === '/api/health' && m === 'GET') return send(res, 200, { ok: true });
      if (p === '/api/games' && m === 'POST')
        return send(res, 200, await service.createGame(await body(req, createGameSchema)));
      if (p === '/api/games' && m === 'GET') return send(res, 200, { games: await service.listOpen() });
      if (p === '/api/my-games' && m === 'POST')
        return send(res, 200, { games: await service.myGames((await body(req, myGamesSchema)).tokens) });
      if (parts[1] === 'games' && parts.length >= 3 && parts.length <= 4) {
        const id = parts[2]!;
        if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) throw new ApiError(404, 'not_found', 'There is no such game.');
        const verb = parts[3];
        if (verb === undefined && m === 'GET') return send(res, 200, await service.getLobby(id));
        if (verb === 'join' && m === 'POST') {
          const b = await body(req, joinSchema);
          return send(res, 200, await service.join(id, b.name, b.place, b.volunteer ?? false));
        }
        if (verb === 'leave' && m === 'POST') {
          await service.leave(id, (await body(req, tokenBodySchema)).token);
          return send(res, 200, { ok: true });
        }
        if (verb === 'start' && m === 'POST') {
          await service.startGame(id, (await body(req, tokenBodySchema)).token);
          return send(res, 200, { ok: true });
        }
        if (verb === 'record' && m === 'GET') return send(res, 200, await service.record(id));
      }
      throw new ApiError(404, 'not_found', 'No such API route.');
    } catch (e) {
      if (e instanceof ApiError) return send(res, e.status, { error: { code: e.code, message: e.message } });
      log.error({ err: e instanceof Error ? e.name : 'error', route: p.slice(0, 40) }, 'http handler failed');
      return send(res, 500, { error: { code: 'internal', message: 'Internal error.' } });
    }
  };
}
