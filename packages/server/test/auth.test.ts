// Authorisation: a token controls exactly its seat; spectators and strangers cannot act.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/app/server.js';
import { api, Client, closeTable, openTable, testServer } from './helpers.js';

let srv: RunningServer;
beforeAll(async () => {
  srv = await testServer();
});
afterAll(async () => srv.close());

describe('authorisation', () => {
  it('a token acts only for its own seat; spectators cannot act', async () => {
    const t = await openTable(srv.url, { mode: 'full', players: 3 });
    const v = t.spectator.view;
    const expected: number = v.expected[0];
    const mover = t.bySeat.get(expected)!;
    const other = [...t.bySeat.entries()].find(([s]) => s !== expected)![1];
    const action = mover.legal[0];
    // Another seat's client sends the mover's action, naming the mover's seat: forbidden.
    let r = await other.request({ t: 'act', gameId: t.gameId, seq: v.seq, action, id: 'a' }, (m) => m.id === 'a');
    expect(r).toMatchObject({ t: 'error', code: 'forbidden' });
    // Without the seat field the server uses the sender's seat: not its turn.
    const { seat: _s, ...bare } = action;
    r = await other.request({ t: 'act', gameId: t.gameId, seq: v.seq, action: bare, id: 'b' }, (m) => m.id === 'b');
    expect(r.t).toBe('error');
    expect(['not_your_turn', 'not_allowed', 'wrong_phase']).toContain(r.code);
    // Spectator: forbidden, even with the right seat and seq.
    r = await t.spectator.request({ t: 'act', gameId: t.gameId, seq: v.seq, action, id: 'c' }, (m) => m.id === 'c');
    expect(r).toMatchObject({ t: 'error', code: 'forbidden' });
    // The server-only timeout action cannot be sent.
    r = await other.request(
      { t: 'act', gameId: t.gameId, seq: v.seq, action: { type: 'timeout' }, id: 'd' },
      (m) => m.id === 'd',
    );
    expect(r).toMatchObject({ t: 'error', code: 'malformed' });
    // Nothing changed.
    expect((await srv.service.master.getLive(t.gameId))!.state!.seq).toBe(v.seq);
    // The rightful seat can.
    r = await mover.request({ t: 'act', gameId: t.gameId, seq: v.seq, action, id: 'e' }, (m) => m.id === 'e');
    expect(r.t).toBe('events');
    expect(r.seq).toBe(v.seq + 1);
    // Stale seq: error then fresh state; applied at most once.
    const again = mover.wait((m) => m.t === 'state');
    r = await mover.request({ t: 'act', gameId: t.gameId, seq: v.seq, action, id: 'f' }, (m) => m.id === 'f');
    expect(r).toMatchObject({ t: 'error', code: 'stale' });
    expect((await again).view.seq).toBe(v.seq + 1);
    expect((await srv.service.master.getLive(t.gameId))!.state!.seq).toBe(v.seq + 1);
    closeTable(t);
  });

  it('bad tokens, other games, acting before hello', async () => {
    const t1 = await openTable(srv.url, { mode: 'training', players: 2 });
    const t2 = await openTable(srv.url, { mode: 'training', players: 2 });
    const c = new Client(srv.url);
    await c.open();
    let r = await c.request(
      { t: 'act', gameId: t1.gameId, seq: 0, action: { type: 'endTurn' } },
      (m) => m.t === 'error',
    );
    expect(r.code).toBe('not_subscribed');
    r = await c.request({ t: 'hello', gameId: t1.gameId, token: 'x'.repeat(24) }, (m) => m.t === 'error');
    expect(r.code).toBe('bad_token');
    r = await c.request({ t: 'hello', gameId: t1.gameId, token: t2.tokens[0] }, (m) => m.t === 'error');
    expect(r.code).toBe('bad_token');
    r = await c.request({ t: 'hello', gameId: 'nope', token: null }, (m) => m.t === 'error');
    expect(r.code).toBe('not_found');
    // Subscribed to t1 as seat X, acting on t2 is refused.
    await c.hello(t1.gameId, t1.tokens[0]!);
    r = await c.request({ t: 'act', gameId: t2.gameId, seq: 0, action: { type: 'resign' } }, (m) => m.t === 'error');
    expect(r.code).toBe('not_subscribed');
    expect((await srv.service.master.getLive(t2.gameId))!.state!.result).toBeNull();
    // HTTP: start by non-host, leave after start, join after start.
    expect((await api(srv.url, 'POST', `/api/games/${t1.gameId}/start`, { token: t1.tokens[1] })).body.error.code).toBe(
      'started',
    );
    expect((await api(srv.url, 'POST', `/api/games/${t1.gameId}/leave`, { token: t1.tokens[1] })).body.error.code).toBe(
      'started',
    );
    expect((await api(srv.url, 'POST', `/api/games/${t1.gameId}/join`, { name: 'Late' })).body.error.code).toBe(
      'started',
    );
    c.close();
    closeTable(t1);
    closeTable(t2);
  });
});
