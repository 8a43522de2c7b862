// Request bodies: JSON only (Content-Type application/json, so a cross-site form or a `text/plain`
// fetch cannot post without a CORS preflight, which we never grant), at most MAX_BODY_BYTES.
import type { IncomingMessage } from 'node:http';
import type { z } from 'zod';
import { ApiError } from './api-error.js';
import { describeZodError } from '@mindmgmt/table';
import { forbiddenKey, forbiddenKeyMessage } from '../input/keys.js';

export const MAX_BODY_BYTES = 16 * 1024;

export function isJsonContentType(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(';')[0]!.trim().toLowerCase() === 'application/json';
}

function readBody(req: IncomingMessage, maxBytes: number): Promise<unknown> {
  if (!isJsonContentType(req.headers['content-type'])) {
    req.resume();
    return Promise.reject(new ApiError(415, 'bad_content_type', 'Send the request body as application/json.'));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on('data', (c: Buffer) => {
      if (failed) return;
      size += c.length;
      if (size > maxBytes) {
        failed = true;
        reject(new ApiError(413, 'too_large', `A request body may be at most ${maxBytes} bytes.`));
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

/** `maxBytes`: a route's own cap when it takes more than MAX_BODY_BYTES (limits/config.ts). */
export async function body<T extends z.ZodType>(
  req: IncomingMessage,
  schema: T,
  maxBytes = MAX_BODY_BYTES,
): Promise<z.infer<T>> {
  const raw = await readBody(req, maxBytes);
  const bad = forbiddenKey(raw);
  if (bad) throw new ApiError(400, 'malformed', forbiddenKeyMessage(bad));
  const r = schema.safeParse(raw);
  if (!r.success) throw new ApiError(400, 'malformed', describeZodError(r.error));
  return r.data;
}
