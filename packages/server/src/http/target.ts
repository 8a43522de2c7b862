// Parsing a request's target without trusting it. `new URL` throws on targets such as
// `http://[/`: every path that reads `req.url` goes through here instead.

/** The decoded-enough path and query of a request target, or null when it is not one we serve. */
export interface Target {
  readonly pathname: string;
  readonly search: URLSearchParams;
}

/** Longest request target we look at; longer ones are refused (node caps headers at 16 KiB). */
export const MAX_TARGET_CHARS = 2048;

export function parseTarget(raw: string | undefined): Target | null {
  if (raw === undefined || raw.length === 0 || raw.length > MAX_TARGET_CHARS) return null;
  // Origin-form ("/path?query") and absolute-form ("http://host/path", RFC 9112 3.2.2);
  // authority-form and "*" are not for us.
  if (raw[0] !== '/' && !/^https?:\/\//i.test(raw)) return null;
  try {
    const u = new URL(raw, 'http://localhost');
    return { pathname: u.pathname, search: u.searchParams };
  } catch {
    return null;
  }
}
