// Memory one active game holds in the server's main isolate, without the noise of
// a load: N stored mid-game tables (bench/positions.ts; 2 and 5 seats, spectators, no bots), each
// loaded by its seats' and spectators' `hello` over real WebSockets, then two full collections.
// Prints the heap and RSS growth per game; with a file name, also writes a heap snapshot there.
// The clients are in this process too, so the figures include both ends of each connection.
//   npx tsc -b packages/server packages/cli && node --expose-gc packages/server/scripts/game-memory.mjs 500 [out.heapsnapshot]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import { pino } from 'pino';
import { WebSocket } from 'ws';
import { SqliteStore, startServer } from '../dist/index.js';
import { storeMidGames } from '../../cli/dist/bench/positions.js';

if (typeof globalThis.gc !== 'function') throw new Error('run with node --expose-gc');
const games = Number(process.argv[2] ?? 500);
const SHAPES = [
  { players: 2, bots: 0, spectators: 0 },
  { players: 5, bots: 0, spectators: 1 },
  { players: 2, bots: 0, spectators: 2 },
];
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mm-game-memory-'));
const stored = await storeMidGames(
  dir,
  Array.from({ length: games }, (_, i) => SHAPES[i % SHAPES.length]),
  1,
);
const open = { burst: 1e9, perMin: 1e9 };
const srv = await startServer({
  store: SqliteStore.inDir(dir),
  log: pino({ level: 'silent' }),
  port: 0,
  host: '127.0.0.1',
  webDist: '/nonexistent',
  limits: { connectionsPerIp: 1e9, wsPerPrefix: 1e9, httpConnectionsPerIp: 1e9, helloPerIp: open, helloPerConn: open },
});
const wsUrl = `${srv.url.replace('http', 'ws')}/ws`;
const socks = [];
async function hello(gameId, token) {
  const ws = new WebSocket(wsUrl);
  await new Promise((ok, fail) => (ws.on('open', ok), ws.on('error', fail)));
  const state = new Promise((ok) => ws.on('message', (d) => JSON.parse(String(d)).t === 'state' && ok()));
  ws.send(JSON.stringify({ t: 'hello', gameId, token }));
  await state;
  socks.push(ws);
}
globalThis.gc();
globalThis.gc();
const before = process.memoryUsage();
for (const t of stored) for (const token of t.tokens) await hello(t.gameId, token);
await new Promise((r) => setTimeout(r, 500));
globalThis.gc();
globalThis.gc();
const after = process.memoryUsage();
const perGame = (k) => Math.round((after[k] - before[k]) / 1024 / games);
console.log(
  JSON.stringify({
    games: srv.service.gamesInMemory,
    connections: socks.length,
    heapKbPerGame: perGame('heapUsed'),
    rssKbPerGame: perGame('rss'),
  }),
);
if (process.argv[3]) v8.writeHeapSnapshot(process.argv[3]);
for (const ws of socks) ws.terminate();
await srv.close();
fs.rmSync(dir, { recursive: true, force: true });
