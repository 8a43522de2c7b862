// The cluster bus on PostgreSQL: commits are announced with their content, sealed with the
// installation's key, and the other instances apply them from the announcement. Before, every
// remote commit cost a catch-up read of the store under the game's lock (the cross-instance
// latency the issue measured at 875-1,080 ms under load: docs/scaling.md).
import { expectedSeats, legalActions } from '@mindmgmt/engine';
import pg from 'pg';
import { pino } from 'pino';
import { expect, it } from 'vitest';
import { openCommit } from '../src/store/pg/seal.js';
import { GameService } from '../src/app/games.js';
import { DEFAULT_LIMITS } from '../src/limits/config.js';
import type { Conn } from '../src/play/live.js';
import { DEFAULT_SERVICE_CONFIG } from '../src/play/service-config.js';
import type { PgStore } from '../src/store/pg/store.js';
import { EXPECT_MS, FAST } from './helpers.js';
import { cleanupSchemas, describePg, freshSchema, openPg } from './pg-helpers.js';
import { lobbyRow, randomRun, startInfo } from './store-suite.js';

const until = async (ok: () => boolean, ms = EXPECT_MS) => {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

function service(store: PgStore): GameService {
  return new GameService(
    store,
    pino({ level: 'silent' }),
    { ...DEFAULT_SERVICE_CONFIG, ...FAST.service },
    { ...DEFAULT_LIMITS, ...FAST.limits },
  );
}

function conn(cid: number, sent: string[]): Conn {
  return { cid, send: (t) => sent.push(t), gameId: null, tokenHash: null, viewer: null };
}

describePg('cluster bus (PostgreSQL)', (url) => {
  cleanupSchemas(url);

  it('attack: a session on the same database LISTENs to the commit channel and learns no game id and no action', async () => {
    const schema = freshSchema();
    const a = await openPg(url, schema);
    const spy = new pg.Client({ connectionString: url });
    await spy.connect();
    const raw: string[] = [];
    spy.on('notification', (n) => raw.push(n.payload ?? ''));
    await spy.query(`LISTEN mm_${schema}_c`);
    await a.createGame(lobbyRow('secretgame'));
    await a.addPlace('secretgame', { place: 2, name: 'Bo', tokenHash: 'h2', bot: null, volunteer: false, joinedAt: 2 });
    await a.startGame('secretgame', startInfo('secretgame'));
    const { actions } = randomRun(6);
    for (let i = 0; i < 6; i++)
      await a.appendAction({
        gameId: 'secretgame',
        expectedSeq: i,
        action: actions[i]!,
        deadline: null,
        result: null,
        at: i,
      });
    await until(() => raw.length === 6);
    for (const p of raw) {
      expect(p).toMatch(/^[A-Za-z0-9+/=]+$/);
      const text = Buffer.from(p, 'base64').toString('latin1');
      expect(text).not.toContain('secretgame');
      expect(text).not.toContain('"type"');
    }
    await spy.end();
    await a.close();
  });

  it('a commit on instance A reaches B from its announcement: B never reads the store back (was one catch-up query per remote commit)', async () => {
    const schema = freshSchema();
    const [sa, sb] = [await openPg(url, schema), await openPg(url, schema)];
    const [A, B] = [service(sa), service(sb)];
    await A.start();
    await B.start();
    const reads = { n: 0 };
    for (const [o, k] of [
      [sb.cluster, 'changesAfter'],
      [sb.cluster, 'actionsAfter'],
      [sb, 'getGame'],
    ] as const) {
      const orig = (o[k] as (...x: unknown[]) => Promise<unknown>).bind(o);
      (o as unknown as Record<string, unknown>)[k] = (...x: unknown[]) => (reads.n++, orig(...x));
    }
    const base = { mode: 'full', players: 2, bots: {}, recruiterCard: 'random', turnTimerSec: null } as const;
    const { gameId, token } = await A.lobby.createGame({ ...base, name: 'Ann', recruiterChoice: 'host' });
    const { token: t2 } = await A.lobby.join(gameId, 'Bea', undefined, false);
    await A.lobby.startGame(gameId, token);
    const onA = [conn(1, []), conn(2, [])];
    await A.connections.hello(onA[0]!, gameId, token);
    await A.connections.hello(onA[1]!, gameId, t2);
    const seen: string[] = [];
    await B.connections.hello(conn(3, seen), gameId, null); // a spectator on B
    const gA = (await A.master.getLive(gameId))!;
    const gB = (await B.master.getLive(gameId))!;
    // B can still be handed the lobby announcements of the creation, the join and the start (late
    // on a busy machine), and each rightly refreshes the game from the store (regression "expected
    // 2 to be +0"). A marker announced after them: once B has taken it and the game's lock is
    // free, they are all done.
    const marker = new Promise<void>((resolve) => {
      const peek = B.master.peek.bind(B.master);
      B.master.peek = (id: string) => {
        if (id === 'marker') resolve();
        return peek(id);
      };
    });
    await sa.cluster.announceRenamed(['marker']);
    await marker;
    await gB.lock.run(async () => {});
    reads.n = 0;
    for (let i = 0; i < 12; i++) {
      const s = gA.state!;
      const seat = expectedSeats(s)[0]!;
      const c = onA.find((x) => x.viewer === seat)!;
      const action = legalActions(s, seat).find((x) => x.type !== 'note')!;
      await A.connections.act(c, gameId, s.seq, { ...action } as Record<string, unknown>, `m${i}`);
      await until(() => gB.state!.seq === gA.state!.seq);
      if (gA.state!.result) break;
    }
    expect(gB.state).toEqual(gA.state);
    expect(reads.n).toBe(0);
    const seqs = seen.map((t) => JSON.parse(t) as { t: string; seq?: number }).filter((f) => f.t === 'events');
    expect(seqs.map((f) => f.seq)).toEqual(Array.from({ length: gA.state!.seq }, (_, i) => i + 1));
    await A.close();
    await B.close();
    await sa.close();
    await sb.close();
  });
  it('one round trip per action: the append and its announcement are one message on the append connection (were two, the NOTIFY sent by a notifier connection once this instance had read the answer)', async () => {
    const schema = freshSchema();
    const a = await openPg(url, schema);
    const spy = new pg.Client({ connectionString: url });
    await spy.connect();
    const raw: string[] = [];
    spy.on('notification', (n) => raw.push(n.payload ?? ''));
    await spy.query(`LISTEN mm_${schema}_c`);
    await a.createGame(lobbyRow('g1'));
    await a.addPlace('g1', { place: 2, name: 'Bo', tokenHash: 'h-g1', bot: null, volunteer: false, joinedAt: 2 });
    await a.startGame('g1', startInfo('g1'));
    // every statement this store sends, on any of its connections, from here on
    const sent: string[] = [];
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const q = args[0];
      sent.push(typeof q === 'string' ? q : String((q as { text?: string }).text));
      return (query as (...x: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    const { actions } = randomRun(3);
    try {
      for (let i = 0; i < 3; i++)
        expect(
          await a.appendAction({
            gameId: 'g1',
            expectedSeq: i,
            action: actions[i]!,
            deadline: null,
            result: null,
            at: i,
          }),
        ).toBe('ok');
    } finally {
      pg.Client.prototype.query = query;
    }
    // (other statements, such as a deadline sweep of an earlier test's service, are not ours)
    const ours = sent.filter((q) => /mm_append|pg_notify/.test(q));
    expect(ours).toHaveLength(3);
    for (const q of ours) expect(q).toMatch(/mm_append_clock\(.*COMMIT;SELECT pg_notify\(/s);
    const key = Buffer.from(
      (await spy.query<{ key: string }>(`SELECT key FROM "${schema}".cluster_key WHERE id = 1`)).rows[0]!.key,
      'base64',
    );
    await until(() => raw.length === 3);
    expect(raw.map((p) => openCommit(key, `mm_${schema}`, p)?.what)).toEqual(
      actions.slice(0, 3).map((action, i) => ({ seq: i + 1, action, deadline: null, at: i })),
    );
    await spy.end();
    await a.close();
  });

  it('an action whose text needs escaping is stored and announced as it was', async () => {
    const schema = freshSchema();
    const a = await openPg(url, schema);
    const b = await openPg(url, schema);
    const got: unknown[] = [];
    await b.cluster.listen(
      (_id, what) => got.push(what),
      () => {},
    );
    await a.createGame(lobbyRow('q'));
    await a.addPlace('q', { place: 2, name: 'Bo', tokenHash: 'h-q', bot: null, volunteer: false, joinedAt: 2 });
    await a.startGame('q', startInfo('q'));
    const { actions } = randomRun(1);
    // the action is stored as the engine gave it; quotes and backslashes in its text must survive
    const odd = { ...actions[0]!, note: "it's a \\ 'quoted' \"text\" ; COMMIT;" } as unknown as (typeof actions)[0];
    const deadline = { at: 5_000, seat: 0 };
    expect(await a.appendAction({ gameId: 'q', expectedSeq: 0, action: odd, deadline, result: null, at: 7 })).toBe(
      'ok',
    );
    expect(await b.allActions('q')).toEqual([odd]);
    await until(() => got.some((w) => typeof w === 'object'));
    expect(got.filter((w) => typeof w === 'object')).toEqual([{ seq: 1, action: odd, deadline, at: 7 }]);
    await a.close();
    await b.close();
  });

  it('commits are announced in order; a stale append (its seq taken by another writer) announces nothing', async () => {
    const schema = freshSchema();
    const a = await openPg(url, schema);
    const spy = new pg.Client({ connectionString: url });
    await spy.connect();
    const raw: string[] = [];
    // every notification on either channel: commits come sealed only (no plain twin, which doubled every listener's work)
    spy.on('notification', (n) => raw.push(`${n.channel} ${n.payload}`));
    await spy.query(`LISTEN mm_${schema}`);
    await spy.query(`LISTEN mm_${schema}_c`);
    await a.createGame(lobbyRow('g1'));
    await a.addPlace('g1', { place: 2, name: 'Bo', tokenHash: 'h2', bot: null, volunteer: false, joinedAt: 2 });
    await a.startGame('g1', startInfo('g1'));
    const { actions } = randomRun(3);
    const append = (i: number, expectedSeq: number) =>
      a.appendAction({ gameId: 'g1', expectedSeq, action: actions[i]!, deadline: null, result: null, at: i });
    expect(await append(0, 0)).toBe('ok');
    expect(await append(1, 1)).toBe('ok');
    // seq 2 is taken: the same seq with another action is refused, and its announcement is not sent
    expect(await append(2, 1)).toBe('stale');
    const key = Buffer.from(
      (await spy.query<{ key: string }>(`SELECT key FROM "${schema}".cluster_key WHERE id = 1`)).rows[0]!.key,
      'base64',
    );
    const commits = () => raw.filter((r) => r.startsWith(`mm_${schema}_c `));
    await until(() => commits().length >= 2);
    await new Promise((r) => setTimeout(r, 300));
    const opened = commits().map((r) => openCommit(key, `mm_${schema}`, r.slice(r.indexOf(' ') + 1)));
    expect(opened.map((o) => [o?.gameId, typeof o?.what === 'object' ? o.what.seq : o?.what])).toEqual([
      ['g1', 1],
      ['g1', 2],
    ]);
    // the plain channel carried the lobby's changes only ("<game> L"), never a commit
    expect(raw.filter((r) => r.startsWith(`mm_${schema} `)).every((r) => r.endsWith(' L'))).toBe(true);
    await spy.end();
    await a.close();
  });

  /** Two instances on one schema; a 2-seat Training game created and started on A, held by B. */
  async function startedOnTwoInstances() {
    const schema = freshSchema();
    const [sa, sb] = [await openPg(url, schema), await openPg(url, schema)];
    const [A, B] = [service(sa), service(sb)];
    await A.start();
    await B.start();
    const base = { mode: 'training', players: 2, bots: {}, recruiterCard: 'random', turnTimerSec: null } as const;
    const { gameId, token } = await A.lobby.createGame({ ...base, name: 'Ann', recruiterChoice: 'host' });
    const { token: t2 } = await A.lobby.join(gameId, 'Bea', undefined, false);
    await A.lobby.startGame(gameId, token);
    const gB = (await B.master.getLive(gameId))!;
    await until(() => gB.state !== null);
    return { sa, sb, A, B, gameId, token, t2, gB };
  }

  it('a commit whose announcement was lost is caught up by the next hello on another instance', async () => {
    const { sa, sb, A, B, gameId, token, t2, gB } = await startedOnTwoInstances();
    // A's announcements go nowhere B listens (as if they were lost between the commit and B).
    const to = sa as unknown as { announcer: { key: Buffer; channel: string } };
    to.announcer = { ...to.announcer, channel: 'mm_nowhere' };
    const onA = conn(1, []);
    await A.connections.hello(onA, gameId, token);
    const s = (await A.master.getLive(gameId))!.state!;
    const seat = expectedSeats(s)[0]!;
    const other = conn(2, []);
    await A.connections.hello(other, gameId, t2);
    const actor = [onA, other].find((c) => c.viewer === seat)!;
    await A.connections.act(actor, gameId, s.seq, { ...legalActions(s, seat)[0]! } as Record<string, unknown>, 'x');
    await new Promise((r) => setTimeout(r, 300));
    expect(gB.state!.seq).toBe(s.seq); // nothing arrived
    const seen: string[] = [];
    await B.connections.hello(conn(3, seen), gameId, t2);
    const state = seen.map((t) => JSON.parse(t) as { t: string; view?: { seq: number } }).find((f) => f.t === 'state');
    expect(state?.view?.seq).toBe(s.seq + 1);
    await A.close();
    await B.close();
    await sa.close();
    await sb.close();
  });
});
