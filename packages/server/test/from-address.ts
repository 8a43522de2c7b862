// A JSON POST over a fresh socket bound to a given loopback address (127.0.x.y): what many
// clients on many addresses look like to the server's per-address budgets.
import http from 'node:http';

/** A JSON request over a fresh socket bound to `from`; the answer's body parsed (null if empty). */
export function requestFrom(
  url: string,
  method: string,
  path: string,
  body: unknown,
  from = '127.0.0.1',
  headers: Record<string, string> = {},
): Promise<{ status: number; body: any }> {
  const u = new URL(url);
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: u.hostname,
        port: u.port,
        path,
        method,
        localAddress: from,
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers },
      },
      (res) => {
        let out = '';
        res.on('data', (d) => (out += String(d)));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: out ? JSON.parse(out) : null }));
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

/** A JSON POST from `from` (requestFrom). */
export function postFrom(
  url: string,
  path: string,
  body: unknown,
  from = '127.0.0.1',
  headers: Record<string, string> = {},
): Promise<{ status: number; body: any }> {
  return requestFrom(url, 'POST', path, body, from, headers);
}
