// Mental notes are table state beside the game (R30, D8), not moves. One agent
// sending note changes at the frame rate limit made a 4,672-entry log and a 1.42 MB `state` frame
// within a minute, resent on every `hello`. Now a change replaces the note on its location, is
// stored by upsert (game_notes), fanned out as its own `note` frame, and never enters the log.
import { tempDir } from './temp-dir.js';
import { afterAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/app/server.js';
import { SqliteStore } from '../src/store/sqlite.js';
import { Client, EXPECT_MS, openTable, testServer } from './helpers.js';
import { cleanupSchemas, describePg, freshSchema, openPg } from './pg-helpers.js';

const body = (text: string, from: number | null = 3, to: number | null = 9) => ({
  from,
  to,
  crossed: ['pool'],
  text,
});

function tmpDir(): string {
  return tempDir('mm-notes-');
}

describe('attack: a note flood (R30, D8)', () => {
  let srv: RunningServer;
  afterAll(async () => srv?.close());

  it('a note flood does not grow the log or the state frame', async () => {
    // Limits opened up (helpers FAST): the flood is as fast as the socket allows.
    srv = await testServer();
    const t = await openTable(srv.url, { mode: 'full', players: 3 });
    const agent = t.bySeat.get(1)!;
    const other = t.bySeat.get(2)!;
    const before = (await srv.service.master.getLive(t.gameId))!.state!;
    const logBefore = (await srv.service.store.allActions(t.gameId)).length;
    const stateBefore = t.spectator.frames.find((f) => f.startsWith('{"t":"state"'))!;
    const N = 3000;
    const longText = 'x'.repeat(200);
    for (let i = 0; i < N; i++)
      agent.send({
        t: 'note',
        gameId: t.gameId,
        at: i % 42,
        note: body(`${i} ${longText}`.slice(0, 200)),
        id: `n${i}`,
      });
    await agent.wait((m) => m.id === `n${N - 1}`, 60_000);
    // Every change was accepted and reached the others as its own frame.
    expect(agent.msgs.filter((m) => m.t === 'error')).toEqual([]);
    const last = (m: { t: string; note?: { text: string } }) =>
      m.t === 'note' && !!m.note?.text.startsWith(`${N - 1} `);
    await other.wait(last, EXPECT_MS, true);
    await t.spectator.wait(last, EXPECT_MS, true);
    expect(t.spectator.msgs.filter((m) => m.t === 'note').length).toBe(N);
    // The log and seq did not move.
    const after = (await srv.service.master.getLive(t.gameId))!.state!;
    expect(after.seq).toBe(before.seq);
    expect(after.history.length).toBe(before.history.length);
    expect((await srv.service.store.allActions(t.gameId)).length).toBe(logBefore);
    // The notes are bounded by the locations: 42 notes, the last change on each.
    const notes = await srv.service.store.notesOf(t.gameId);
    expect(notes).toHaveLength(42);
    expect(notes.find((n) => n.at === (N - 1) % 42)?.note.text.startsWith(`${N - 1} `)).toBe(true);
    // A spectator's hello stays cheap: one state frame, at most 42 notes bigger than before.
    const late = new Client(srv.url);
    await late.hello(t.gameId, null);
    const st = await late.wait((m) => m.t === 'state', EXPECT_MS, true);
    const size = late.frames.find((f) => f.startsWith('{"t":"state"'))!.length;
    expect(st.notes).toHaveLength(42);
    expect(st.view.log).toEqual(JSON.parse(stateBefore).view.log);
    expect(size - stateBefore.length).toBeLessThan(42 * 400);
    expect(size).toBeLessThan(40_000);
    for (const c of [...t.clients, t.spectator, late]) c.close();
  }, 120_000);

  it('R30 only agents write notes: the recruiter and spectators are refused, nothing changes for anyone', async () => {
    const t = await openTable(srv.url, { mode: 'training', players: 2 });
    const rec = t.bySeat.get(0)!;
    const r1 = await rec.request(
      { t: 'note', gameId: t.gameId, at: 3, note: body('mine'), id: 'r' },
      (m) => m.id === 'r',
    );
    expect(r1).toMatchObject({ t: 'error', code: 'not_allowed' });
    const r2 = await t.spectator.request(
      { t: 'note', gameId: t.gameId, at: 3, note: body('spy'), id: 's' },
      (m) => m.id === 's',
    );
    expect(r2).toMatchObject({ t: 'error', code: 'forbidden' });
    const agent = t.bySeat.get(1)!;
    const r3 = await agent.request({ t: 'note', gameId: t.gameId, at: 3, note: null, id: 'x' }, (m) => m.id === 'x');
    expect(r3).toMatchObject({ t: 'error', code: 'not_here' });
    const r4 = await agent.request(
      { t: 'note', gameId: t.gameId, at: 42, note: body('off'), id: 'y' },
      (m) => m.id === 'y',
    );
    expect(r4).toMatchObject({ t: 'error', code: 'malformed' });
    await new Promise((r) => setTimeout(r, 100));
    expect([...t.clients, t.spectator].some((c) => c.msgs.some((m) => m.t === 'note'))).toBe(false);
    expect(await srv.service.store.notesOf(t.gameId)).toEqual([]);
    // An older client's `act` with a note changes the notes, not the log.
    const seq = (await srv.service.master.getLive(t.gameId))!.state!.seq;
    const r5 = await agent.request(
      { t: 'act', gameId: t.gameId, seq, action: { type: 'note', at: 5, note: body('old client') }, id: 'o' },
      (m) => m.id === 'o',
    );
    expect(r5).toMatchObject({ t: 'note', at: 5, note: body('old client') });
    expect((await srv.service.master.getLive(t.gameId))!.state!.seq).toBe(seq);
    await t.spectator.wait((m) => m.t === 'note' && m.at === 5, EXPECT_MS, true);
    for (const c of [...t.clients, t.spectator]) c.close();
  });

  it('hello with lastSeq (a reconnect) gets the notes it missed as one notes frame', async () => {
    const t = await openTable(srv.url, { mode: 'training', players: 2 });
    const agent = t.bySeat.get(1)!;
    const seq = (await srv.service.master.getLive(t.gameId))!.state!.seq;
    await agent.request({ t: 'note', gameId: t.gameId, at: 7, note: body('while away'), id: 'a' }, (m) => m.id === 'a');
    const back = new Client(srv.url);
    await back.open();
    back.send({ t: 'hello', gameId: t.gameId, token: null, lastSeq: seq });
    const m = await back.wait((x) => x.t === 'notes');
    expect(m.notes).toEqual([{ at: 7, note: body('while away') }]);
    expect(back.msgs.some((x) => x.t === 'state')).toBe(false);
    for (const c of [...t.clients, t.spectator, back]) c.close();
  });
});

describe('notes survive a restart and leave memory with the game', () => {
  it('notes written before a restart are in the state frame after it (SQLite file)', async () => {
    const dir = tmpDir();
    const s1 = await testServer(SqliteStore.inDir(dir));
    const t = await openTable(s1.url, { mode: 'full', players: 2 });
    const agent = t.bySeat.get(1)!;
    await agent.request({ t: 'note', gameId: t.gameId, at: 10, note: body('kept'), id: '1' }, (m) => m.id === '1');
    await agent.request({ t: 'note', gameId: t.gameId, at: 11, note: body('gone'), id: '2' }, (m) => m.id === '2');
    await agent.request({ t: 'note', gameId: t.gameId, at: 11, note: null, id: '3' }, (m) => m.id === '3');
    await agent.request(
      { t: 'note', gameId: t.gameId, at: 10, note: body('kept, changed'), id: '4' },
      (m) => m.id === '4',
    );
    const seq = (await s1.service.master.getLive(t.gameId))!.state!.seq;
    for (const c of [...t.clients, t.spectator]) c.close();
    await s1.close();
    const s2 = await testServer(SqliteStore.inDir(dir));
    try {
      const c = new Client(s2.url);
      await c.hello(t.gameId, null);
      const st = await c.wait((m) => m.t === 'state', EXPECT_MS, true);
      expect(st.notes).toEqual([{ at: 10, note: body('kept, changed') }]);
      expect(st.view.seq).toBe(seq);
      c.close();
    } finally {
      await s2.close();
    }
  });

  it('notes come back after the game was evicted from memory', async () => {
    const s1 = await testServer(undefined, { service: { idleEvictMs: 50 } });
    try {
      const t = await openTable(s1.url, { mode: 'training', players: 2 });
      const agent = t.bySeat.get(1)!;
      await agent.request({ t: 'note', gameId: t.gameId, at: 12, note: body('evicted'), id: '1' }, (m) => m.id === '1');
      for (const c of [...t.clients, t.spectator]) c.close();
      const until = Date.now() + 10_000;
      while (s1.service.master.size > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
      expect(s1.service.master.size).toBe(0);
      const c = new Client(s1.url);
      await c.hello(t.gameId, null);
      const st = await c.wait((m) => m.t === 'state', EXPECT_MS, true);
      expect(st.notes).toEqual([{ at: 12, note: body('evicted') }]);
      c.close();
    } finally {
      await s1.close();
    }
  });

  it('a game stored with legacy note actions in its log still loads and replays; migration 102 moved its notes', async () => {
    const dir = tmpDir();
    const s1 = await testServer(SqliteStore.inDir(dir));
    const t = await openTable(s1.url, { mode: 'training', players: 2 });
    const seq = (await s1.service.master.getLive(t.gameId))!.state!.seq;
    for (const c of [...t.clients, t.spectator]) c.close();
    await s1.close();
    // The database as an older server left it: note actions in the log, no game_notes table.
    const st = SqliteStore.inDir(dir, 'full', 'inline');
    const legacy = [
      { type: 'note', seat: 1, at: 4, note: body('first') },
      { type: 'note', seat: 1, at: 5, note: body('removed later') },
      { type: 'note', seat: 1, at: 4, note: body('last wins') },
      { type: 'note', seat: 1, at: 5, note: null },
    ] as const;
    for (let i = 0; i < legacy.length; i++)
      expect(
        await st.appendAction({
          gameId: t.gameId,
          expectedSeq: seq + i,
          action: legacy[i]!,
          deadline: null,
          result: null,
          at: Date.now(),
        }),
      ).toBe('ok');
    st.db.exec(`DROP TABLE game_notes; DELETE FROM schema_migrations WHERE version = 102`);
    await st.close();
    const s2 = await testServer(SqliteStore.inDir(dir));
    try {
      const c = new Client(s2.url);
      await c.hello(t.gameId, null);
      const m = await c.wait((x) => x.t === 'state', EXPECT_MS, true);
      expect(m.view.seq).toBe(seq + legacy.length);
      expect(m.notes).toEqual([{ at: 4, note: body('last wins') }]);
      // The legacy entries stay in the log, as they were played.
      expect(m.view.log.filter((e: { pub: { kind: string } }) => e.pub.kind === 'noteChanged')).toHaveLength(4);
      c.close();
    } finally {
      await s2.close();
    }
  });
});

describePg('notes across instances sharing PostgreSQL', (url) => {
  cleanupSchemas(url);
  it('a note written on one instance reaches viewers on another, and a third instance loads it', async () => {
    const schema = freshSchema('n');
    const A = await testServer(await openPg(url, schema));
    const B = await testServer(await openPg(url, schema));
    try {
      const t = await openTable(A.url, { mode: 'full', players: 3 });
      const onB = new Client(B.url);
      await onB.hello(t.gameId, null);
      await onB.wait((m) => m.t === 'state', EXPECT_MS, true);
      const agent = t.bySeat.get(1)!;
      const seen = onB.wait((m) => m.t === 'note' && m.at === 20);
      await agent.request({ t: 'note', gameId: t.gameId, at: 20, note: body('cross'), id: 'c' }, (m) => m.id === 'c');
      expect(await seen).toMatchObject({ t: 'note', at: 20, note: body('cross') });
      // An agent on B removes it; A's viewers hear of it.
      const agentB = new Client(B.url);
      await agentB.hello(t.gameId, t.tokens[t.clients.indexOf(t.bySeat.get(2)!)]!);
      await agentB.wait((m) => m.t === 'state', EXPECT_MS, true);
      const gone = t.spectator.wait((m) => m.t === 'note' && m.at === 20 && m.note === null);
      await agentB.request({ t: 'note', gameId: t.gameId, at: 20, note: null, id: 'd' }, (m) => m.id === 'd');
      await gone;
      await agent.request({ t: 'note', gameId: t.gameId, at: 21, note: body('stays'), id: 'e' }, (m) => m.id === 'e');
      const C = await testServer(await openPg(url, schema));
      try {
        const onC = new Client(C.url);
        await onC.hello(t.gameId, null);
        const st = await onC.wait((m) => m.t === 'state', EXPECT_MS, true);
        expect(st.notes).toEqual([{ at: 21, note: body('stays') }]);
        onC.close();
      } finally {
        await C.close();
      }
      for (const c of [...t.clients, t.spectator, onB, agentB]) c.close();
    } finally {
      await A.close();
      await B.close();
    }
  }, 60_000);
});
