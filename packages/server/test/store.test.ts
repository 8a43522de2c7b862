import { describe, expect, it } from 'vitest';
import { tempDir } from './temp-dir.js';
import { MemoryStore } from '../src/store/memory.js';
import { SqliteStore } from '../src/store/sqlite.js';
import { lobbyRow, randomRun, startInfo, storeSuite } from './store-suite.js';

storeSuite('memory', () => new MemoryStore());
storeSuite('sqlite (:memory:, one transaction per action)', () => {
  const s = new SqliteStore(':memory:');
  s.groupCommit = false;
  return s;
});
storeSuite('sqlite (file, writer thread)', () => SqliteStore.inDir(tempDir('mm-store-')));
storeSuite('sqlite (file, writer thread, one transaction per action)', () => {
  const s = SqliteStore.inDir(tempDir('mm-store-'));
  s.groupCommit = false;
  return s;
});
storeSuite('sqlite (file, inline writer)', () => SqliteStore.inDir(tempDir('mm-store-'), 'full', 'inline'));

describe('SqliteStore specifics', () => {
  it('WAL + synchronous=FULL; data survives reopening', async () => {
    const dir = tempDir('mm-store-');
    const a = SqliteStore.inDir(dir);
    expect(a.writerMode).toBe('thread');
    expect(a.db.pragma('journal_mode', { simple: true })).toBe('wal');
    // The write connection (on the writer thread) is the one whose commits must be durable.
    expect(await a.writerPragma('journal_mode')).toBe('wal');
    expect(await a.writerPragma('synchronous')).toBe(2);
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
  });
});

describe('SqliteStore writer thread', () => {
  const newDir = () => tempDir('mm-writer-');
  async function started(st: SqliteStore, ids: string[]): Promise<void> {
    await Promise.all(
      ids.map(async (id) => {
        await st.createGame(lobbyRow(id));
        await st.addPlace(id, {
          place: 2,
          name: 'Bo',
          tokenHash: `h-${id}-2`,
          bot: null,
          volunteer: false,
          joinedAt: 2,
        });
        await st.startGame(id, startInfo(id));
      }),
    );
  }

  it('group commit: concurrent appends share transactions; each keeps its compare-and-set; reads see acks', async () => {
    const dir = newDir();
    const st = SqliteStore.inDir(dir);
    const ids = Array.from({ length: 60 }, (_, i) => `w${i}`);
    await started(st, ids);
    await st.writerStats();
    const { actions } = randomRun(12);
    for (let k = 0; k < actions.length; k++) {
      // One append per game at once, plus a stale duplicate for every third game (same batch).
      const results = await Promise.all(
        ids.flatMap((id, i) => {
          const a = { gameId: id, expectedSeq: k, action: actions[k]!, deadline: null, result: null, at: k };
          const first = st.appendAction(a).then(async (r) => {
            // Read-after-write on the main thread's connection sees the acknowledged append.
            expect((await st.getGame(id))!.seq).toBeGreaterThanOrEqual(k + 1);
            return r;
          });
          return i % 3 === 0 ? [first, st.appendAction(a).then((r) => (r === 'stale' ? 'dup-stale' : r))] : [first];
        }),
      );
      expect(results.filter((r) => r === 'ok')).toHaveLength(ids.length);
      expect(results.filter((r) => r === 'dup-stale')).toHaveLength(ids.length / 3);
    }
    const stats = await st.writerStats();
    expect(Math.max(...stats.sizes)).toBeGreaterThan(1); // batches did form
    expect(stats.sizes.reduce((a, b) => a + b, 0)).toBe(actions.length * (ids.length + ids.length / 3));
    for (const id of ids) expect(await st.allActions(id)).toEqual(actions);
    await st.close();
  });

  it('per-game order: appends handed in back to back (not awaited) commit in order', async () => {
    const dir = newDir();
    const st = SqliteStore.inDir(dir);
    await started(st, ['o']);
    const { actions } = randomRun(30);
    const res = await Promise.all(
      actions.map((action, i) =>
        st.appendAction({ gameId: 'o', expectedSeq: i, action, deadline: null, result: null, at: i }),
      ),
    );
    expect(res.every((r) => r === 'ok')).toBe(true);
    expect(await st.allActions('o')).toEqual(actions);
    // Out of order: seq 40 while the game is at 30 is refused.
    expect(
      await st.appendAction({ gameId: 'o', expectedSeq: 40, action: actions[0]!, deadline: null, result: null, at: 0 }),
    ).toBe('stale');
    await st.close();
  });

  it('a failing write does not sink the others in its batch; close commits what was handed in', async () => {
    const dir = newDir();
    const st = SqliteStore.inDir(dir);
    await started(st, ['a', 'b']);
    const { actions } = randomRun(1);
    const dup = st.createGame(lobbyRow('a')); // primary key violation
    const oks = ['a', 'b'].map((id) =>
      st.appendAction({ gameId: id, expectedSeq: 0, action: actions[0]!, deadline: null, result: null, at: 0 }),
    );
    await expect(dup).rejects.toThrow();
    expect(await Promise.all(oks)).toEqual(['ok', 'ok']);
    // Handed in, then close() at once: committed before the thread stops.
    const last = st.createGame(lobbyRow('late'));
    await st.close();
    await last;
    await expect(st.createGame(lobbyRow('after'))).rejects.toThrow(/closed/);
    const again = SqliteStore.inDir(dir);
    expect((await again.getGame('late'))!.id).toBe('late');
    expect((await again.getGame('a'))!.seq).toBe(1);
    await again.close();
  });
});
