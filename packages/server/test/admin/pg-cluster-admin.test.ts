// Moderation in a cluster: a ban on instance A stops the player's session and seat tokens on
// instance B at once, a message hidden on A is hidden for B's subscribers too, and a table
// ended on A tells its watchers on B why.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildServer, type Instance, launchInstance } from '../cluster-helpers.js';
import { Client, EXPECT_MS } from '../helpers.js';
import { cleanupSchemas, describePg, freshSchema } from '../pg-helpers.js';
import { authApi, newPlayer, twoPlayerGame } from '../players/http-players-suite.js';
import { withHandle } from './admin-suite.js';

describePg('cluster: moderation across instances', (url) => {
  cleanupSchemas(url);
  const schema = freshSchema('adm');
  let A: Instance;
  let B: Instance;

  beforeAll(async () => {
    buildServer();
    const env = { ADMIN_HANDLES: 'chief' };
    [A, B] = await Promise.all([launchInstance('A', url, schema, env), launchInstance('B', url, schema, env)]);
  });
  afterAll(async () => {
    await Promise.all([A?.stop(), B?.stop()]);
  });

  it('attack: a player banned on instance A keeps playing and reading through instance B', async () => {
    const chief = await withHandle(A.url, 'Chief', 'chief');
    const ann = await newPlayer(A.url, 'Ann');
    const bob = await newPlayer(A.url, 'Bob');
    const g = await twoPlayerGame(A.url, ann.token, bob.token);
    expect((await authApi(B.url, 'GET', '/api/me', bob.token)).status).toBe(200);
    const onB = new Client(B.url);
    await onB.hello(g.gameId, g.tokens[1]!);
    await onB.wait((m) => m.t === 'state', EXPECT_MS, true);
    await onB.wait((m) => m.t === 'chatLog', EXPECT_MS, true);
    const said = await g.clients[1]!.request(
      { t: 'chat', gameId: g.gameId, text: 'vile words' },
      (m) => m.t === 'chat' || m.t === 'error',
    );
    expect(said).toMatchObject({ t: 'chat', n: 1 });
    await onB.wait((m) => m.t === 'chat' && m.n === 1, EXPECT_MS, true);
    const hiddenOnB = onB.wait((m) => m.t === 'chatLog' && m.messages[0]?.hidden === true, EXPECT_MS);
    const h = await authApi(A.url, 'POST', '/api/admin/chat/hide', chief.token, {
      gameId: g.gameId,
      n: 1,
      reason: 'x',
    });
    expect(h.status, h.text).toBe(200);
    expect((await hiddenOnB).messages[0]).toMatchObject({ text: '', hidden: true });

    // Bob's connection on B loses his seat at once; Ann still plays, so a stand-in takes it (D13).
    const seatGoneOnB = onB.wait((m) => m.t === 'state' && m.seat === 'spectator', EXPECT_MS);
    const ban = await authApi(A.url, 'POST', `/api/admin/players/${bob.id}/ban`, chief.token, { reason: 'abuse' });
    expect(ban.status, ban.text).toBe(200);
    expect(ban.body).toMatchObject({ standIns: 1, resigned: 0 });
    expect((await seatGoneOnB).view.result).toBeNull();
    const me = await authApi(B.url, 'GET', '/api/me', bob.token);
    expect([me.status, me.body.error.code]).toEqual([401, 'signed_out']);
    const again = new Client(B.url);
    expect(await again.hello(g.gameId, g.tokens[1]!)).toMatchObject({ t: 'error', code: 'bad_token' });
    for (const c of [...g.clients, onB, again]) c.close();

    // Ending a table on A: its watchers on B get the notice, and the game ends there too.
    const carl = await newPlayer(A.url, 'Carl');
    const t = await twoPlayerGame(A.url, ann.token, carl.token);
    const watcher = new Client(B.url);
    await watcher.hello(t.gameId, null);
    await watcher.wait((m) => m.t === 'state', EXPECT_MS, true);
    const told = watcher.wait((m) => m.t === 'notice', EXPECT_MS);
    const ended = watcher.wait((m) => (m.t === 'events' || m.t === 'state') && !!m.view.result, EXPECT_MS);
    const end = await authApi(A.url, 'POST', `/api/admin/tables/${t.gameId}/end`, chief.token, {
      reason: 'spam',
      notice: 'Closed by a moderator.',
    });
    expect(end.status, end.text).toBe(200);
    expect(await told).toEqual({ t: 'notice', gameId: t.gameId, text: 'Closed by a moderator.' });
    await ended;
    for (const c of [...t.clients, watcher]) c.close();
  }, 60_000);
});
