// Memory per active game (server.rssKbPerGame): the `state` frames serialised for a
// burst of `hello`s (play/frames.ts, whole view and log per viewer) belong to one seq. Kept after
// the game moved on, every game in memory held a stale copy per viewer until its next `hello`.
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, describe, expect, it } from 'vitest';
import type { Live } from '../src/play/live.js';
import { closeTable, mulberry, openTable, playOut, testServer } from './helpers.js';

/** A full garbage collection (the flag is set at run time, so no node option is needed). */
function collect(): void {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
}

/** Characters of cached `state` frame text the game still holds (a string, or one held weakly). */
function heldFrameChars(g: Live): number {
  let n = 0;
  for (const v of g.frames.byViewer.values() as Iterable<unknown>)
    n += typeof v === 'string' ? v.length : ((v as WeakRef<{ text: string }>).deref()?.text.length ?? 0);
  return n;
}

describe('state frames of an old seq', () => {
  let srv: Awaited<ReturnType<typeof testServer>> | undefined;
  afterAll(async () => srv?.close());

  it('are not held once the game has moved on (real sockets)', async () => {
    srv = await testServer();
    const t = await openTable(srv.url, { mode: 'full', players: 3 });
    const g = srv.service.master.inMemory(t.gameId)!;
    // The start sent every seat and the spectator a `state` frame: cached for seq 0.
    expect(g.frames.byViewer.size).toBeGreaterThan(0);
    let steps = 0;
    await playOut(t, mulberry(3), { stop: () => steps >= 3, onStep: () => void steps++ });
    expect(g.state!.seq).toBeGreaterThan(0);
    expect(g.frames.byViewer.size).toBe(0);
    // A late `hello` is still served (and cached again for the seq it reads).
    const late = t.clients[0]!;
    await late.hello(t.gameId, t.tokens[0]!);
    expect(g.frames.byViewer.size).toBe(1);
    closeTable(t);
  });

  it('of the current seq are freed once the hello burst is over, while the game waits on a move', async () => {
    srv ??= await testServer();
    const t = await openTable(srv.url, { mode: 'full', players: 3 });
    const g = srv.service.master.inMemory(t.gameId)!;
    // Every seat and the spectator said hello at seq 0 and nobody has moved since: the frames
    // of seq 0 were once kept until the next move, the whole log of every viewer per game.
    expect(g.state!.seq).toBe(0);
    await new Promise((r) => setTimeout(r, 0));
    collect();
    expect(heldFrameChars(g)).toBe(0);
    // A hello after that is still answered in full.
    const late = t.clients[1]!;
    await late.hello(t.gameId, t.tokens[1]!);
    expect(late.view.seq).toBe(0);
    expect(late.view.log.length).toBe(g.state!.history.length);
    closeTable(t);
  });
});
