// Memory per active game (issue 29 §6, server.rssKbPerGame): the `state` frames serialised for a
// burst of `hello`s (play/frames.ts, whole view and log per viewer) belong to one seq. Kept after
// the game moved on, every game in memory held a stale copy per viewer until its next `hello`.
import { afterAll, describe, expect, it } from 'vitest';
import { closeTable, mulberry, openTable, playOut, testServer } from './helpers.js';

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
});
