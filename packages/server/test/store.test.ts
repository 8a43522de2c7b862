import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MemoryStore } from '../src/store/memory.js';
import { SqliteStore } from '../src/store/sqlite.js';
import { lobbyRow, randomRun, startInfo, storeSuite } from './store-suite.js';

storeSuite('memory', () => new MemoryStore());
storeSuite('sqlite (:memory:, one transaction per action)', () => {
  const s = new SqliteStore(':memory:');
  s.groupCommit = false;
  return s;
});
storeSuite('sqlite (file)', () => SqliteStore.inDir(fs.mkdtempSync(path.join(os.tmpdir(), 'mm-store-'))));

describe('SqliteStore specifics', () => {
  it('WAL + synchronous=FULL; data survives reopening', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mm-store-'));
    const a = SqliteStore.inDir(dir);
    expect(a.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(a.db.pragma('synchronous', { simple: true })).toBe(2);
    await a.createGame(lobbyRow('r'));
    await a.addPlace('r', { place: 2, name: 'Bo', tokenHash: 'h-r-2', bot: null, volunteer: false, joinedAt: 2 });
    await a.startGame('r', startInfo('r'));
    const { actions } = randomRun(15);
    for (let i = 0; i < actions.length; i++)
      await a.appendAction({ gameId: 'r', expectedSeq: i, action: actions[i]!, deadline: null, result: null, at: i });
    await a.close();
    const b = SqliteStore.inDir(dir);
    expect(await b.allActions('r')).toEqual(actions);
    expect((await b.getGame('r'))!.seq).toBe(actions.length);
    await b.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
