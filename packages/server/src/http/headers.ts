// Response headers every answer carries (issue 10 item 9), and the JSON answer itself.
import type { ServerResponse } from 'node:http';
import type { ErrorCode } from '@mindmgmt/table';

/**
 * The web client is one module script and one stylesheet from /assets, icons and a web app
 * manifest of its own, workers from /assets, the app-shell service worker /sw.js (issue 27 §5)
 * and a WebSocket to the same host: nothing inline, nothing from elsewhere. React
 * sets styles through the CSSOM, which `style-src 'self'` allows. Frames of other sites may not
 * embed the table (clickjacking a move), and referrers never leave (invite links name games).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
};

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  sendJsonText(res, status, JSON.stringify(body));
}

/** An answer already serialised (cached records). */
export function sendJsonText(res: ServerResponse, status: number, text: string): void {
  if (res.headersSent) return void res.destroy();
  res.writeHead(status, {
    ...SECURITY_HEADERS,
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': String(Buffer.byteLength(text)),
  });
  res.end(text);
}

export function sendError(res: ServerResponse, status: number, code: ErrorCode, message: string): void {
  sendJson(res, status, { error: { code, message } });
}
