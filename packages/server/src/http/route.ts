// The shape every part's HTTP routes share: a route is handed the request, the response, the
// path, its query and the client's address, and answers true when the request was one of its own
// (app/http.ts tries each part's routes in turn).
import type { IncomingMessage, ServerResponse } from 'node:http';

export type RouteArgs = [req: IncomingMessage, res: ServerResponse, p: string, search: URLSearchParams, ip: string];
export type Route = (...args: RouteArgs) => Promise<boolean>;

/** The method and the path's segments (`['api', ...]`) a route dispatches on. */
export function requestLine(req: IncomingMessage, p: string): { m: string; parts: string[] } {
  return { m: req.method ?? 'GET', parts: p.split('/').filter(Boolean) };
}
