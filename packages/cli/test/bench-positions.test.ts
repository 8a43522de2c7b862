// The server bench's mid-game tables (bench/positions.ts): generated deterministically, written
// with the server's own store, and served by a real server from where they stopped, to every
// seat and spectator of the table.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { SqliteStore, startServer } from '@mindmgmt/server';
import { afterAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { storeMidGames, type TableShape } from '../src/bench/positions.js';

const SHAPES: TableShape[] = [
  { players: 2, bots: 0, spectators: 1 },
  { players: 5, bots: 2, spectators: 2 },
  { players: 5, bots: 0, spectators: 0 },
  { players: 2, bots: 1, spectators: 0 },
];
const dirs: string[] = [];
const tmp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'mm-positions-test-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/** The first `state` frame a WebSocket hello gets. */
function helloState(url: string, gameId: string, token: string | null): Promise<any> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url.replace('http', 'ws') + '/ws');
    const t = setTimeout(() => reject(new Error('no state frame')), 30_000);
    ws.on('open', () => ws.send(JSON.stringify({ t: 'hello', gameId, token })));
    ws.on('message', (d) => {
      const m = JSON.parse(String(d));
      if (m.t === 'error') reject(new Error(String(d)));
      if (m.t !== 'state') return;
      clearTimeout(t);
      ws.close();
      resolve(m);
    });
    ws.on('error', reject);
  });
}

describe('server bench positions', () => {
  it('are the same actions every time (seeded), 2- and 5-seat, Full and Training', async () => {
    const [a, b] = [tmp(), tmp()];
    const shapes = [...SHAPES, ...SHAPES, ...SHAPES];
    const [x, y] = [await storeMidGames(a, shapes, 7), await storeMidGames(b, shapes, 7)];
    const [sa, sb] = [SqliteStore.inDir(a), SqliteStore.inDir(b)];
    for (let i = 0; i < shapes.length; i++) {
      expect(x[i]!.seq).toBeGreaterThan(0);
      expect(await sa.allActions(x[i]!.gameId)).toEqual(await sb.allActions(y[i]!.gameId));
    }
    expect(new Set(x.map((t) => t.mode))).toEqual(new Set(['full', 'training']));
    await sa.close();
    await sb.close();
  });

  it('a server loads them where they stopped: each human seat and spectator gets its view at that seq', async () => {
    const dir = tmp();
    const stored = await storeMidGames(dir, SHAPES, 3);
    const store = SqliteStore.inDir(dir);
    const srv = await startServer({ store, log: pino({ level: 'silent' }), webDist: '/nonexistent' });
    try {
      for (const [i, t] of stored.entries()) {
        const seen = await Promise.all(t.tokens.map((tok) => helloState(srv.url, t.gameId, tok)));
        const humans = SHAPES[i]!.players - SHAPES[i]!.bots;
        expect(seen.map((m) => (m.seat === 'spectator' ? 'spectator' : 'seat'))).toEqual([
          ...Array(humans).fill('seat'),
          ...Array(SHAPES[i]!.spectators).fill('spectator'),
        ]);
        // Bot seats may have moved on since (the server resumes them): never backwards.
        for (const m of seen) expect(m.view.seq).toBeGreaterThanOrEqual(t.seq);
        expect(new Set(seen.filter((m) => m.seat !== 'spectator').map((m) => m.seat)).size).toBe(humans);
      }
    } finally {
      await srv.close();
    }
  });
});
