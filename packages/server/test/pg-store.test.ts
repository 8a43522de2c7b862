// The storage contract against a real PostgreSQL (the same suite as SQLite and memory), plus the
// PostgreSQL specifics: migrations, notifications, leases, deadline claims, concurrent appends.
import { expect, it } from 'vitest';
import pg from 'pg';
import { PG_MIGRATIONS } from '../src/store/migrations/pg/index.js';
import { PgStore } from '../src/store/pg/store.js';
import { cleanupSchemas, describePg, freshSchema, openPg } from './pg-helpers.js';
import { lobbyRow, randomRun, startInfo, storeSuite } from './store-suite.js';

describePg('PostgreSQL store', (url) => {
  cleanupSchemas(url);
  storeSuite('postgres', () => openPg(url));

  it('migrations: versioned, recorded once, safe when instances start together', async () => {
    const schema = freshSchema();
    const stores = await Promise.all([0, 1, 2].map(() => PgStore.open(url, { schema, poolSize: 2 })));
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    const rows = (await c.query(`SELECT version, name FROM ${schema}.schema_migrations ORDER BY version`)).rows;
    expect(rows).toEqual(PG_MIGRATIONS.map((m) => ({ version: m.version, name: m.name })));
    await c.end();
    expect(await stores[0]!.migrate()).toEqual([]); // nothing left to apply
    for (const s of stores) await s.close();
  });

  it('migration 102 moves the notes of legacy note actions into game_notes (last per location wins, a removal leaves none)', async () => {
    const schema = freshSchema();
    const st = await openPg(url, schema);
    await st.createGame(lobbyRow('old'));
    await st.addPlace('old', { place: 2, name: 'Bo', tokenHash: 'h-old-2', bot: null, volunteer: false, joinedAt: 2 });
    await st.startGame('old', startInfo('old'));
    const body = (text: string) => ({ from: null, to: 4, crossed: [], text });
    const legacy = [
      { type: 'note', seat: 1, at: 4, note: body('first') },
      { type: 'note', seat: 1, at: 5, note: body('removed later') },
      { type: 'note', seat: 1, at: 4, note: body('last wins') },
      { type: 'note', seat: 1, at: 5, note: null },
    ] as const;
    for (let i = 0; i < legacy.length; i++)
      await st.appendAction({ gameId: 'old', expectedSeq: i, action: legacy[i]!, deadline: null, result: null, at: i });
    // As an older server left it: no game_notes, migration 102 not applied.
    await st.pool.query('DROP TABLE game_notes; DELETE FROM schema_migrations WHERE version = 102');
    expect(await st.migrate()).toEqual([102]);
    expect(await st.notesOf('old')).toEqual([{ at: 4, note: body('last wins') }]);
    expect(await st.allActions('old')).toHaveLength(4); // the log keeps its entries and seqs
    await st.close();
  });

  it('notifies committed changes to every listener: lobby changes by id, each action once, with its content', async () => {
    const schema = freshSchema();
    const a = await openPg(url, schema);
    const b = await openPg(url, schema);
    const got: unknown[] = [];
    let resolve!: () => void;
    const four = new Promise<void>((r) => (resolve = r));
    await b.cluster.listen(
      (id, what) => {
        got.push([id, what]);
        if (got.length === 4) resolve();
      },
      () => {},
    );
    await a.createGame(lobbyRow('n'));
    await a.addPlace('n', { place: 2, name: 'Bo', tokenHash: 'h-n-2', bot: null, volunteer: false, joinedAt: 2 });
    await a.startGame('n', startInfo('n'));
    const { actions } = randomRun(2);
    const deadline = { at: 1234, seat: 1 };
    for (let i = 0; i < 2; i++)
      expect(
        await a.appendAction({ gameId: 'n', expectedSeq: i, action: actions[i]!, deadline, result: null, at: 10 + i }),
      ).toBe('ok');
    // A refused (stale) append notifies nothing.
    await a.appendAction({ gameId: 'n', expectedSeq: 0, action: actions[0]!, deadline: null, result: null, at: 9 });
    await four;
    await new Promise((r) => setTimeout(r, 100));
    // Each announced action is passed on once, with its content (sealed; no plain twin).
    expect(got).toEqual([
      ['n', 'lobby'],
      ['n', 'lobby'],
      ['n', { seq: 1, action: actions[0], deadline, at: 10 }],
      ['n', { seq: 2, action: actions[1], deadline, at: 11 }],
    ]);
    expect(await b.cluster.actionsAfter('n', 1)).toEqual([{ seq: 2, action: actions[1] }]);
    await a.close();
    await b.close();
  });

  it('concurrent appends at the same seq from many connections: exactly one wins', async () => {
    const schema = freshSchema();
    const stores = await Promise.all([0, 1, 2, 3].map(() => openPg(url, schema)));
    await stores[0]!.createGame(lobbyRow('c'));
    await stores[0]!.addPlace('c', {
      place: 2,
      name: 'Bo',
      tokenHash: 'h-c-2',
      bot: null,
      volunteer: false,
      joinedAt: 2,
    });
    await stores[0]!.startGame('c', startInfo('c'));
    const { actions } = randomRun(20);
    for (let i = 0; i < actions.length; i++) {
      const rs = await Promise.all(
        stores.flatMap((s) =>
          [0, 1].map(() =>
            s.appendAction({ gameId: 'c', expectedSeq: i, action: actions[i]!, deadline: null, result: null, at: i }),
          ),
        ),
      );
      expect(rs.filter((r) => r === 'ok')).toHaveLength(1);
    }
    expect(await stores[1]!.allActions('c')).toEqual(actions);
    for (const s of stores) await s.close();
  });

  it('regression (cluster ack p99): an append does not wait while lobby work holds every pool connection', async () => {
    // Under load, bursts of lobby transactions and game loads (several round trips each) held the
    // whole pool and moves' acknowledgements waited behind them: appends have their own connections.
    const st = await PgStore.open(url, { schema: freshSchema(), poolSize: 2, actPoolSize: 1 });
    await st.createGame(
      lobbyRow('q', {
        places: [{ place: 1, name: 'Ann', tokenHash: 'h-q-1', bot: null, volunteer: false, joinedAt: 1 }],
      }),
    );
    await st.addPlace('q', { place: 2, name: 'Bo', tokenHash: 'h-q-2', bot: null, volunteer: false, joinedAt: 2 });
    await st.startGame('q', startInfo('q'));
    const { actions } = randomRun(3);
    const held = await Promise.all([st.pool.connect(), st.pool.connect()]);
    const appends = (async () => {
      const out: string[] = [];
      for (let i = 0; i < actions.length; i++)
        out.push(
          await st.appendAction({
            gameId: 'q',
            expectedSeq: i,
            action: actions[i]!,
            deadline: null,
            result: null,
            at: i,
          }),
        );
      return out;
    })();
    const timeout = new Promise((r) => setTimeout(() => r('waited for the held pool'), 3000));
    expect(await Promise.race([appends, timeout])).toEqual(['ok', 'ok', 'ok']);
    for (const c of held) c.release();
    expect(await st.allActions('q')).toEqual(actions);
    await st.close();
  });

  it('bot-work leases: one owner, renewed, taken over after expiry; deadline claims are exclusive', async () => {
    const schema = freshSchema();
    const a = await openPg(url, schema, { instanceId: 'A' });
    const b = await openPg(url, schema, { instanceId: 'B' });
    await a.createGame(
      lobbyRow('l', {
        places: [{ place: 1, name: 'Ann', tokenHash: 'h-l-1', bot: null, volunteer: false, joinedAt: 1 }],
      }),
    );
    await a.addPlace('l', { place: 2, name: 'Bot', tokenHash: null, bot: 'easy', volunteer: false, joinedAt: 2 });
    const si = startInfo('l');
    await a.startGame('l', {
      ...si,
      seats: [si.seats[0]!, { seat: 1, place: 2, name: 'Bot', tokenHash: null, bot: 'easy' }],
      deadline: { at: 1000, seat: 0 },
    });
    const now = 10_000;
    const [ra, rb] = await Promise.all([
      a.cluster.claimBotGames(now, 1000, 10),
      b.cluster.claimBotGames(now, 1000, 10),
    ]);
    expect([...ra, ...rb]).toEqual(['l']);
    const owner = ra.length ? a : b;
    const other = ra.length ? b : a;
    expect(await other.cluster.claimBotGame('l', now + 500, 1000)).toBe(false);
    expect(await owner.cluster.claimBotGame('l', now + 500, 1000)).toBe(true); // own: renewed
    expect(await owner.cluster.renewLeases(now + 1400, 1000)).toEqual(['l']);
    expect(await other.cluster.claimBotGames(now + 2000, 1000, 10)).toEqual([]); // still owned (renewed to 2400)
    expect(await other.cluster.claimBotGames(now + 2500, 1000, 10)).toEqual(['l']); // expired: taken over
    expect(await owner.cluster.renewLeases(now + 2600, 1000)).toEqual([]); // the old owner has lost it
    // Deadlines: claimed by one instance at a time; the claim expires.
    const [da, db] = await Promise.all([a.dueDeadlines(now, 10), b.dueDeadlines(now, 10)]);
    expect([...da, ...db]).toEqual([{ gameId: 'l', deadline: { at: 1000, seat: 0 } }]);
    expect(await a.dueDeadlines(now + 1, 10)).toEqual([]);
    expect(await b.dueDeadlines(now + 20_000, 10)).toHaveLength(1); // claim (10 s) expired
    await other.cluster.releaseLeases();
    expect(await owner.cluster.claimBotGames(now + 2700, 1000, 10)).toEqual(['l']);
    await a.close();
    await b.close();
  });
});
