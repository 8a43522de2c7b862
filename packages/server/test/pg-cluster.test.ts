// Two server processes on different ports, one PostgreSQL: the recruiter plays on instance A and
// the agents on instance B; lobby changes and every action cross over; the secrecy checks of the
// single-server tests hold on both; the same action sent to both instances at once is applied
// exactly once.
import { afterAll, beforeAll, expect, it } from 'vitest';
import pg from 'pg';
import { apply, type Action, type GameState } from '@mindmgmt/engine';
import { initialState } from '../src/play/setup.js';
import { buildServer, type Instance, launchInstance } from './cluster-helpers.js';
import { api, Client, mulberry, playOut, type Table } from './helpers.js';
import { cleanupSchemas, describePg, freshSchema } from './pg-helpers.js';
import { LOG_KEYS, leaks, note, type Secrets } from './secrecy-check.js';

describePg('cluster: two instances, one PostgreSQL', (url) => {
  cleanupSchemas(url);
  const schema = freshSchema('c');
  let A: Instance;
  let B: Instance;
  let db: pg.Client;

  beforeAll(async () => {
    buildServer();
    [A, B] = await Promise.all([launchInstance('A', url, schema), launchInstance('B', url, schema)]);
    db = new pg.Client({ connectionString: url });
    await db.connect();
  });
  afterAll(async () => {
    await Promise.all([A?.stop(), B?.stop()]);
    await db?.end();
  });

  /** Every state of a game, replayed from the database (the test's view of the truth). */
  async function statesOf(gameId: string): Promise<GameState[]> {
    const g = (await db.query(`SELECT start FROM ${schema}.games WHERE id = $1`, [gameId])).rows[0];
    const start = JSON.parse(g.start);
    const acts = (await db.query(`SELECT action FROM ${schema}.actions WHERE game_id = $1 ORDER BY seq`, [gameId]))
      .rows;
    // The crypto-drawn deck and card live in the stored start.
    let s = initialState(start);
    const out = [s];
    for (const r of acts) {
      const x = apply(s, JSON.parse(r.action) as Action);
      if (!x.ok) throw new Error(x.message);
      out.push((s = x.state));
    }
    return out;
  }

  it('Full game: recruiter on A, agents on B, lobby and play cross over; nothing secret leaks on either', async () => {
    const c = await api(A.url, 'POST', '/api/games', {
      name: 'Rex',
      mode: 'full',
      players: 3,
      recruiterCard: 'random',
      recruiterChoice: 'host',
      bots: {},
      turnTimerSec: null,
    });
    expect(c.status).toBe(200);
    const gameId: string = c.body.gameId;
    // A watcher on A sees joins made through B.
    const watcher = new Client(A.url);
    await watcher.hello(gameId, null);
    const tokens: string[] = [c.body.token];
    for (const place of [2, 3]) {
      const seen = watcher.wait((m) => m.t === 'lobby' && m.lobby.places[place - 1].taken);
      const j = await api(B.url, 'POST', `/api/games/${gameId}/join`, { name: `Agent${place}`, place });
      expect(j.status).toBe(200);
      tokens.push(j.body.token);
      await seen;
    }
    // The lobby as each instance tells it is the same.
    expect((await api(B.url, 'GET', `/api/games/${gameId}`)).body.places).toEqual(
      (await api(A.url, 'GET', `/api/games/${gameId}`)).body.places,
    );
    const rec = new Client(A.url);
    const ag2 = new Client(B.url);
    const ag3 = new Client(B.url);
    await rec.hello(gameId, tokens[0]!);
    await ag2.hello(gameId, tokens[1]!);
    await ag3.hello(gameId, tokens[2]!);
    const specA = new Client(A.url);
    const specB = new Client(B.url);
    await specA.hello(gameId, null);
    await specB.hello(gameId, null);
    const all = [rec, ag2, ag3, specA, specB];
    const started = all.map((cl) => cl.wait((m) => m.t === 'state'));
    // Started on A: the agents on B get their state.
    expect((await api(A.url, 'POST', `/api/games/${gameId}/start`, { token: tokens[0] })).status).toBe(200);
    await Promise.all(started);
    expect(rec.seat).toBe(0);
    expect([ag2.seat, ag3.seat].sort()).toEqual([1, 2]);
    const bySeat = new Map<number, Client>([
      [0, rec],
      [ag2.seat as number, ag2],
      [ag3.seat as number, ag3],
    ]);
    const t: Table = { gameId, tokens, clients: [rec, ag2, ag3, specA], bySeat, spectator: specB };
    let steps = 0;
    let httpChecked = 0;
    const httpTexts: string[] = [];
    const v = await playOut(t, mulberry(77), {
      onStep: async () => {
        if (++steps % 20 !== 0) return;
        for (const I of [A, B]) {
          const r = await api(I.url, 'GET', `/api/games/${gameId}/record`);
          expect(r.body.error.code).toBe('not_over');
          httpTexts.push(r.text, (await api(I.url, 'GET', `/api/games/${gameId}`)).text);
          httpTexts.push((await api(I.url, 'POST', '/api/my-games', { tokens: tokens.slice(1) })).text);
        }
      },
    });
    expect(v.result).not.toBeNull();
    // Everyone, on both instances, ends at the same seq.
    for (const cl of all) expect(cl.view.seq).toBe(v.seq);
    expect(specA.view).toEqual(specB.view);
    // Secrecy: every secret the game ever had, from the database.
    const s: Secrets = { card: null, paths: new Set(), cards: null, decks: new Set() };
    const states = await statesOf(gameId);
    for (const st of states.slice(0, -1)) note(s, st);
    s.card = states[states.length - 1]!.recruiterCard;
    let frames = 0;
    for (const cl of [ag2, ag3, specA, specB]) {
      for (const f of cl.frames) {
        const m = JSON.parse(f);
        if ((m.t === 'events' || m.t === 'state') && m.view.result) break; // the full reveal
        if (m.t === 'lobby' && m.lobby.result) break;
        const l = leaks(f, s);
        if (l)
          throw new Error(`leak on ${cl === ag2 || cl === ag3 ? 'B agent' : 'spectator'} (${l}): ${f.slice(0, 300)}`);
        frames++;
      }
    }
    expect(frames).toBeGreaterThan(100);
    for (const x of httpTexts) {
      const l = leaks(x, s);
      if (l) throw new Error(`HTTP leak (${l}): ${x.slice(0, 200)}`);
      httpChecked++;
    }
    expect(httpChecked).toBeGreaterThan(0);
    expect(rec.frames.some((f) => leaks(f, s) !== null)).toBe(true); // positive control
    // Both instances served actions of this game, and their logs carry only whitelisted fields.
    for (const I of [A, B]) {
      const mine = I.logs.filter((l) => l.includes(gameId) && l.includes('"msg":"action"'));
      expect(mine.length).toBeGreaterThan(5);
      for (const line of I.logs) {
        const o = JSON.parse(line) as Record<string, unknown>;
        for (const k of Object.keys(o)) if (!LOG_KEYS.has(k)) throw new Error(`log field ${k}: ${line.slice(0, 200)}`);
      }
    }
    // The record is the same from both instances, and replays.
    const ra = await api(A.url, 'GET', `/api/games/${gameId}/record`);
    const rb = await api(B.url, 'GET', `/api/games/${gameId}/record`);
    expect(ra.status).toBe(200);
    expect(rb.body).toEqual(ra.body);
    for (const cl of [...all, watcher]) cl.close();
  });

  it('the same action sent to both instances at the same moment is applied exactly once', async () => {
    const c = await api(A.url, 'POST', '/api/games', {
      name: 'H',
      mode: 'training',
      players: 2,
      recruiterCard: 'random',
      recruiterChoice: 'host',
      bots: {},
      turnTimerSec: null,
    });
    const gameId: string = c.body.gameId;
    const j = await api(B.url, 'POST', `/api/games/${gameId}/join`, { name: 'G' });
    const tokens = [c.body.token as string, j.body.token as string];
    // Each seat is connected to both instances.
    const on = { A: [new Client(A.url), new Client(A.url)], B: [new Client(B.url), new Client(B.url)] };
    for (const I of ['A', 'B'] as const) for (let i = 0; i < 2; i++) await on[I][i]!.hello(gameId, tokens[i]!);
    const spec = new Client(B.url);
    await spec.hello(gameId, null);
    const st = spec.wait((m) => m.t === 'state');
    expect((await api(A.url, 'POST', `/api/games/${gameId}/start`, { token: tokens[0] })).status).toBe(200);
    await st;
    const rng = mulberry(9);
    let applied = 0;
    let rounds = 0;
    while (!spec.view.result && rounds < 40) {
      const seq = spec.view.seq;
      const all = [...on.A, ...on.B];
      await Promise.all(all.map((x) => x.waitSeq(seq)));
      const seat = spec.view.expected[0] as number;
      const a = on.A[seat]!;
      const b = on.B[seat]!;
      const action = a.legal[Math.floor(rng() * a.legal.length)];
      const ida = `a${seq}`;
      const idb = `b${seq}`;
      const pa = a.wait((m) => m.id === ida);
      const pb = b.wait((m) => m.id === idb);
      a.send({ t: 'act', gameId, seq, action, id: ida });
      b.send({ t: 'act', gameId, seq, action, id: idb });
      const [ra, rb] = await Promise.all([pa, pb]);
      const oks = [ra, rb].filter((r) => r.t === 'events');
      const stale = [ra, rb].filter((r) => r.t === 'error');
      expect(oks).toHaveLength(1);
      expect(stale).toHaveLength(1);
      expect(stale[0].code).toBe('stale');
      expect(oks[0].seq).toBe(seq + 1);
      applied++;
      rounds++;
      await spec.waitSeq(seq + 1);
    }
    expect(rounds).toBeGreaterThan(10);
    const n = (
      await db.query(`SELECT count(*)::int AS n, max(seq) AS m FROM ${schema}.actions WHERE game_id = $1`, [gameId])
    ).rows[0];
    expect(n).toEqual({ n: applied, m: applied });
    expect(spec.view.seq).toBe(applied);
    for (const x of [...on.A, ...on.B, spec]) x.close();
  });
});
