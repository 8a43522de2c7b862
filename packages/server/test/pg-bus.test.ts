// The cluster bus on PostgreSQL: commits are announced with their content, sealed with the
// installation's key, and the other instances apply them from the announcement. Before, every
// remote commit cost a catch-up read of the store under the game's lock (the cross-instance
// latency the issue measured at 875-1,080 ms under load: docs/scaling.md).
import { expectedSeats, legalActions } from '@mindmgmt/engine';
import pg from 'pg';
import { pino } from 'pino';
import { expect, it } from 'vitest';
import { openCommit } from '../src/store/pg/seal.js';
import { GameService } from '../src/games.js';
import { DEFAULT_LIMITS } from '../src/limits/config.js';
import type { Conn } from '../src/play/live.js';
import { DEFAULT_SERVICE_CONFIG } from '../src/service-config.js';
import { laneOf, type PgStore } from '../src/store/pg/store.js';
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
    for (const k of ['changesAfter', 'actionsAfter', 'getGame'] as const) {
      const orig = sb[k].bind(sb) as (...x: unknown[]) => Promise<unknown>;
      (sb as unknown as Record<string, unknown>)[k] = (...x: unknown[]) => (reads.n++, orig(...x));
    }
    const base = { mode: 'full', players: 2, bots: {}, recruiterCard: 'random', turnTimerSec: null } as const;
    const { gameId, token } = await A.createGame({ ...base, name: 'Ann', recruiterChoice: 'host' });
    const { token: t2 } = await A.join(gameId, 'Bea', undefined, false);
    await A.startGame(gameId, token);
    const onA = [conn(1, []), conn(2, [])];
    await A.hello(onA[0]!, gameId, token);
    await A.hello(onA[1]!, gameId, t2);
    const seen: string[] = [];
    await B.hello(conn(3, seen), gameId, null); // a spectator on B
    const gA = (await A.getLive(gameId))!;
    const gB = (await B.getLive(gameId))!;
    reads.n = 0;
    for (let i = 0; i < 12; i++) {
      const s = gA.state!;
      const seat = expectedSeats(s)[0]!;
      const c = onA.find((x) => x.viewer === seat)!;
      const action = legalActions(s, seat).find((x) => x.type !== 'note')!;
      await A.act(c, gameId, s.seq, { ...action } as Record<string, unknown>, `m${i}`);
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
  it('regression: one announcement stuck in its round trip held up the commits of every other game', async () => {
    const schema = freshSchema();
    const a = await openPg(url, schema);
    const spy = new pg.Client({ connectionString: url });
    await spy.connect();
    const raw: string[] = [];
    spy.on('notification', (n) => raw.push(n.payload ?? ''));
    await spy.query(`LISTEN mm_${schema}_c`);
    const lanes = (a as unknown as { lanes: { notifier: unknown }[] }).lanes;
    // two games whose announcements take different notifier connections
    const slow = 'slowgame';
    const other = ['g1', 'g2', 'g3', 'g4', 'g5', 'g6'].find(
      (id) => laneOf(id, lanes.length) !== laneOf(slow, lanes.length),
    )!;
    const { actions } = randomRun(1);
    for (const id of [slow, other]) {
      await a.createGame(lobbyRow(id));
      await a.addPlace(id, { place: 2, name: 'Bo', tokenHash: `h-${id}`, bot: null, volunteer: false, joinedAt: 2 });
      await a.startGame(id, startInfo(id));
    }
    // the slow game's notifier sends its statement and hears nothing back (a stalled backend)
    let answer!: () => void;
    lanes[laneOf(slow, lanes.length)]!.notifier = {
      query: () => new Promise<void>((r) => (answer = r)),
      end: async () => undefined,
    };
    const append = (id: string) =>
      a.appendAction({ gameId: id, expectedSeq: 0, action: actions[0]!, deadline: null, result: null, at: 1 });
    expect(await append(slow)).toBe('ok');
    expect(await append(other)).toBe('ok');
    const key = Buffer.from(
      (await spy.query<{ key: string }>(`SELECT key FROM "${schema}".cluster_key WHERE id = 1`)).rows[0]!.key,
      'base64',
    );
    await until(() => raw.some((p) => openCommit(key, `mm_${schema}`, p)?.gameId === other));
    answer();
    await spy.end();
    await a.close();
  });

  it('commits are announced in order; a stale append (its seq taken by another writer) announces nothing', async () => {
    const schema = freshSchema();
    const a = await openPg(url, schema);
    const spy = new pg.Client({ connectionString: url });
    await spy.connect();
    const raw: string[] = [];
    // every notification on either channel: commits come sealed only (no plain twin: issue 29 §6)
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
    const { gameId, token } = await A.createGame({ ...base, name: 'Ann', recruiterChoice: 'host' });
    const { token: t2 } = await A.join(gameId, 'Bea', undefined, false);
    await A.startGame(gameId, token);
    const gB = (await B.getLive(gameId))!;
    await until(() => gB.state !== null);
    return { sa, sb, A, B, gameId, token, t2, gB };
  }

  it('regression: an announcement whose send failed is sent again, so players on another instance see the move without a hello', async () => {
    const { sa, sb, A, B, gameId, token, t2, gB } = await startedOnTwoInstances();
    const onA = conn(1, []);
    await A.hello(onA, gameId, token);
    const other = conn(2, []);
    await A.hello(other, gameId, t2);
    // A's notifiers fail their next send, as a connection dropped mid-statement does.
    let failed = 0;
    for (const lane of (sa as unknown as { lanes: { notifier: unknown }[] }).lanes)
      lane.notifier = {
        query: () => (failed++, Promise.reject(new Error('injected: connection lost'))),
        end: async () => undefined,
      };
    const s = (await A.getLive(gameId))!.state!;
    const seat = expectedSeats(s)[0]!;
    const actor = [onA, other].find((c) => c.viewer === seat)!;
    await A.act(actor, gameId, s.seq, { ...legalActions(s, seat)[0]! } as Record<string, unknown>, 'x');
    await until(() => gB.state!.seq === s.seq + 1);
    expect(failed).toBeGreaterThanOrEqual(1);
    await A.close();
    await B.close();
    await sa.close();
    await sb.close();
  });

  it('a commit whose announcement was lost is caught up by the next hello on another instance', async () => {
    const { sa, sb, A, B, gameId, token, t2, gB } = await startedOnTwoInstances();
    // A's notifier drops its announcements (as if its connection died right after the commit).
    (sa as unknown as { announce: () => void }).announce = () => undefined;
    const onA = conn(1, []);
    await A.hello(onA, gameId, token);
    const s = (await A.getLive(gameId))!.state!;
    const seat = expectedSeats(s)[0]!;
    const other = conn(2, []);
    await A.hello(other, gameId, t2);
    const actor = [onA, other].find((c) => c.viewer === seat)!;
    await A.act(actor, gameId, s.seq, { ...legalActions(s, seat)[0]! } as Record<string, unknown>, 'x');
    await new Promise((r) => setTimeout(r, 300));
    expect(gB.state!.seq).toBe(s.seq); // nothing arrived
    const seen: string[] = [];
    await B.hello(conn(3, seen), gameId, t2);
    const state = seen.map((t) => JSON.parse(t) as { t: string; view?: { seq: number } }).find((f) => f.t === 'state');
    expect(state?.view?.seq).toBe(s.seq + 1);
    await A.close();
    await B.close();
    await sa.close();
    await sb.close();
  });
});
