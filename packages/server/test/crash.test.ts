// Crash: the real server process (dist/main.js) with a data folder; several games at once;
// SIGKILL mid-game; restart; every acknowledged action is there and the games finish.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChildProcess, execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { actionToRecord } from '@mindmgmt/engine';
import { api, Client, EXPECT_MS, FAST_BOTS_ENV, mulberry, openTable, playOut, type Table } from './helpers.js';

const pkg = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MAIN = path.join(pkg, 'dist', 'main.js');
let dir: string;

beforeAll(() => {
  try {
    execSync('npx tsc -b packages/server', { cwd: path.resolve(pkg, '../..'), stdio: 'ignore' });
  } catch {
    // Errors in other packages must not stop this test if our dist was emitted.
  }
  expect(fs.existsSync(MAIN)).toBe(true);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mm-crash-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function launch(): Promise<{ proc: ChildProcess; url: string }> {
  const proc = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      ...FAST_BOTS_ENV,
      LOG_LEVEL: 'warn',
      WS_RATE_PER_SEC: '100000',
      WS_RATE_BURST: '100000',
      SNAPSHOT_EVERY: '7',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const t = setTimeout(() => reject(new Error(`server did not start: ${out}`)), 20_000);
    proc.stdout!.on('data', (d) => {
      out += String(d);
      const m = /READY (\d+)/.exec(out);
      if (m) {
        clearTimeout(t);
        resolve({ proc, url: `http://127.0.0.1:${m[1]}` });
      }
    });
    proc.stderr!.on('data', (d) => (out += String(d)));
    proc.on('exit', (code) => reject(new Error(`server exited ${code}: ${out}`)));
  });
}

describe('crash safety', () => {
  it('kill -9 mid-game loses no acknowledged action; games continue to a result', async () => {
    const a = await launch();
    const specs = [
      { mode: 'training' as const, players: 2 },
      { mode: 'full' as const, players: 3 },
      { mode: 'full' as const, players: 2, bots: { '2': 'random' as const } },
      { mode: 'training' as const, players: 4 },
    ];
    const tables: Table[] = [];
    for (const s of specs) tables.push(await openTable(a.url, s));
    const acked = tables.map(() => new Map<number, unknown>());
    let total = 0;
    let killed = false;
    const runs = tables.map((t, i) =>
      playOut(t, mulberry(100 + i), {
        stop: () => killed,
        onAck: (seq, action) => {
          acked[i]!.set(seq, action);
          total++;
          if (total >= 120 && !killed) {
            killed = true;
            a.proc.kill('SIGKILL');
          }
        },
      }).catch((e: Error) => e),
    );
    await Promise.all(runs);
    expect(killed).toBe(true);
    if (a.proc.exitCode === null && a.proc.signalCode === null) await new Promise((r) => a.proc.once('exit', r));
    expect(a.proc.signalCode).toBe('SIGKILL');
    let unfinished = 0;
    for (const t of tables) for (const c of [...t.clients, t.spectator]) c.close();

    const b = await launch();
    try {
      for (let i = 0; i < tables.length; i++) {
        const old = tables[i]!;
        const clients: Client[] = [];
        const bySeat = new Map<number, Client>();
        let seatSeq = 0;
        for (const tok of old.tokens) {
          if (!tok) continue;
          const c = new Client(b.url);
          await c.hello(old.gameId, tok);
          const st = await c.wait((m) => m.t === 'state', EXPECT_MS, true);
          clients.push(c);
          bySeat.set(st.seat, c);
          seatSeq = Math.max(seatSeq, st.view.seq);
        }
        const spectator = new Client(b.url);
        await spectator.hello(old.gameId, null);
        const sv = await spectator.wait((m) => m.t === 'state', EXPECT_MS, true);
        const maxAck = Math.max(0, ...acked[i]!.keys());
        // D12: the recruiter's undoable actions reach spectators only once its turn is settled,
        // so the acknowledged action is looked for in the seats' own views
        expect(seatSeq).toBeGreaterThanOrEqual(maxAck);
        if (!sv.view.result) unfinished++;
        const t: Table = { gameId: old.gameId, tokens: old.tokens, clients, bySeat, spectator };
        const v = await playOut(t, mulberry(200 + i));
        expect(v.result).not.toBeNull();
        const rec = await api(b.url, 'GET', `/api/games/${old.gameId}/record`);
        expect(rec.status).toBe(200);
        for (const [seq, action] of acked[i]!)
          expect(rec.body.actions[seq - 1]).toEqual(actionToRecord(action as never));
        for (const c of [...clients, spectator]) c.close();
      }
      expect(unfinished).toBeGreaterThan(0); // the kill did hit games mid-way
    } finally {
      b.proc.kill('SIGTERM');
    }
  }, 120_000);
});
