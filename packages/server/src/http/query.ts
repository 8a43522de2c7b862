// A request's query string read against its schema: each parameter once, a handful at most, so a
// crafted query neither repeats a key to confuse a check nor costs the parse thousands of keys.
import type { z } from 'zod';
import { ApiError } from './api-error.js';
import { describeZodError } from '@mindmgmt/table';

/** The query's parameters as `schema` reads them; 400 `malformed` for a repeated key, more than
 * eight keys, or values the schema refuses. */
export function query<T extends z.ZodType>(search: URLSearchParams, schema: T): z.infer<T> {
  const raw: Record<string, string> = {};
  for (const [k, v] of search) {
    if (k in raw || Object.keys(raw).length >= 8) throw new ApiError(400, 'malformed', 'Too many query parameters.');
    raw[k] = v;
  }
  const r = schema.safeParse(raw);
  if (!r.success) throw new ApiError(400, 'malformed', describeZodError(r.error));
  return r.data;
}
