// Composes store + service + HTTP + WebSockets into a running server.
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { pino, type Logger } from 'pino';
import { DEFAULT_SERVICE_CONFIG, GameService, type ServiceConfig } from './games.js';
import { createHttpHandler } from './http.js';
import type { GameStore } from './store/types.js';
import { attachWebSockets, DEFAULT_WS_CONFIG, type WsConfig } from './ws.js';

/** packages/web/dist, resolved from this file (works from src/ and dist/). */
export const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export interface ServerOptions {
  store: GameStore;
  port?: number;
  host?: string;
  log?: Logger;
  webDist?: string;
  service?: Partial<ServiceConfig>;
  ws?: Partial<WsConfig>;
}

export interface RunningServer {
  readonly port: number;
  readonly url: string;
  readonly service: GameService;
  readonly http: http.Server;
  close(): Promise<void>;
}

export async function startServer(o: ServerOptions): Promise<RunningServer> {
  const log = o.log ?? pino({ level: 'silent' });
  const service = new GameService(o.store, log, { ...DEFAULT_SERVICE_CONFIG, ...o.service });
  await service.start();
  const handler = createHttpHandler(service, log, o.webDist ?? DEFAULT_WEB_DIST);
  const server = http.createServer((req, res) => void handler(req, res));
  server.requestTimeout = 30_000;
  server.headersTimeout = 15_000;
  const ws = attachWebSockets(service, log, { ...DEFAULT_WS_CONFIG, ...o.ws });
  server.on('upgrade', (req, socket, head) => ws.upgrade(req, socket, head));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port ?? 0, o.host ?? '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  log.info({ port }, 'listening');
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    service,
    http: server,
    async close() {
      ws.close();
      await new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      });
      await service.close();
      await o.store.close();
    },
  };
}
