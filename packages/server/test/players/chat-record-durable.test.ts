// Chat and game over beyond one process's memory: the host's chat policy and the
// messages survive the game leaving memory (idle eviction) and a restart, on a SQLite file and on
// PostgreSQL; two instances on one PostgreSQL share chat live (a message or a policy change on
// one reaches the other's subscribers and is enforced there); a game's result is recorded
// exactly once whichever instance records it, and a failure at record time is recovered by the
// sweep, at once or at the next start.
import { tempDir } from '../temp-dir.js';
import { describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/app/server.js';
import { pgPlayerStore } from '../../src/store/players/pg.js';
import { sqlitePlayerStore } from '../../src/store/players/sqlite.js';
import type { PlayerStore } from '../../src/store/players/types.js';
import { SqliteStore } from '../../src/store/sqlite.js';
import type { GameStore } from '../../src/store/types.js';
import type { PgStore } from '../../src/store/pg/store.js';
import { Client, EXPECT_MS, testServer } from '../helpers.js';
import { cleanupSchemas, describePg, freshSchema, openPg } from '../pg-helpers.js';
import { authApi, eventually, newPlayer, reachAgentsTurn, resign, twoPlayerGame } from './http-players-suite.js';

interface Stores {
  games: GameStore;
  players: PlayerStore;
}

/** A backend whose data outlives a server: `open` gives new stores over the same database. */
interface Backend {
  name: string;
  open(instanceId?: string): Promise<Stores>;
}

const sqliteBackend = (): Backend => {
  const dir = tempDir('mm-durable-');
  return {
    name: 'sqlite file',
    async open() {
      const games = SqliteStore.inDir(dir);
      return { games, players: sqlitePlayerStore(games) };
    },
  };
};

const pgBackend = (url: string): Backend => {
  const schema = freshSchema('d');
  return {
    name: 'postgres',
    async open(instanceId?: string) {
      const games = await openPg(url, schema, instanceId ? { instanceId } : {});
      return { games, players: pgPlayerStore(games) };
    },
  };
};

/** A player store whose next `failures` recordings throw (a database hiccup at game over). */
function failingRecords(players: PlayerStore, failures: number): PlayerStore & { failed: number } {
  let failed = 0;
  return new Proxy(players, {
    get(target, prop, receiver) {
      if (prop === 'failed') return failed;
      const v = Reflect.get(target, prop, receiver);
      if (prop === 'recordFinishedGame')
        return (...args: unknown[]) => {
          if (failed < failures) {
            failed++;
            return Promise.reject(new Error('injected: database unavailable at game over'));
          }
          return (v as (...a: unknown[]) => unknown).apply(target, args);
        };
      return typeof v === 'function' ? v.bind(target) : v;
    },
  }) as PlayerStore & { failed: number };
}

const said = (text: string) => (m: any) => m.t === 'chat' && m.text === text;
const chatLog = (c: Client) => c.wait((m) => m.t === 'chatLog', EXPECT_MS, true);

async function profile(url: string, id: string) {
  return (await authApi(url, 'GET', `/api/players/${id}`, null)).body;
}

function durableSuite(make: () => Backend): void {
  const backend = make();

  it(`${backend.name}: the host's chat policy and the messages survive idle eviction and a restart`, async () => {
    const st = await backend.open();
    const limits = { trustProxy: true };
    let s: RunningServer = await testServer(st.games, {
      players: st.players,
      service: { idleEvictMs: 1 },
      limits,
    });
    const ann = await newPlayer(s.url, 'Ann');
    const bob = await newPlayer(s.url, 'Bob');
    const g = await twoPlayerGame(s.url, ann.token, bob.token);
    const rec = g.clients.find((c) => c.seat === 0)!;
    await rec.request({ t: 'chatPolicy', gameId: g.gameId, spectatorsWrite: true }, (m) => m.t === 'chatPolicy');
    await rec.request({ t: 'mute', gameId: g.gameId, seat: 1, muted: true }, (m) => m.t === 'chatPolicy');
    await rec.request({ t: 'chat', gameId: g.gameId, text: 'before eviction' }, said('before eviction'));
    for (const c of g.clients) c.close();
    // Nobody subscribed: the game leaves memory (the evictor runs every second).
    expect(
      await eventually(
        async () => s.service.master.size,
        (n) => n === 0,
      ),
    ).toBe(0);

    const check = async (srv: RunningServer) => {
      // From another address than the muted agent's (whose address stays muted, so a muted player cannot write as a spectator).
      const spectator = new Client(srv.url, { 'x-forwarded-for': '203.0.113.7' });
      await spectator.hello(g.gameId, null);
      const log = await chatLog(spectator);
      expect(log).toMatchObject({ spectatorsWrite: true, muted: [1] });
      expect(log.messages.map((m: any) => m.text)).toContain('before eviction');
      // Enforced, not only shown: the spectator may write, the muted agent may not.
      const ok = await spectator.request({ t: 'chat', gameId: g.gameId, text: `rail ${srv.port}` }, (m) =>
        ['chat', 'error'].includes(m.t),
      );
      expect(ok).toMatchObject({ t: 'chat', seat: null });
      const again = new Client(srv.url);
      await again.hello(g.gameId, g.tokens[1]!);
      const muted = await again.request({ t: 'chat', gameId: g.gameId, text: 'let me talk' }, (m) =>
        ['chat', 'error'].includes(m.t),
      );
      expect(muted).toMatchObject({ t: 'error', code: 'chat_muted' });
      spectator.close();
      again.close();
    };
    await check(s);
    await s.close();
    // A restart: new stores over the same database.
    const st2 = await backend.open();
    s = await testServer(st2.games, { players: st2.players, limits });
    try {
      await check(s);
    } finally {
      await s.close();
    }
  });

  it(`${backend.name}: a failure injected at record time is recovered by the sweep, and by the next start`, async () => {
    // 1. The sweep of the same server recovers it.
    const st = await backend.open();
    const flaky = failingRecords(st.players, 1);
    let s = await testServer(st.games, { players: flaky, recordSweepMs: 200 });
    const ann = await newPlayer(s.url, 'Ann');
    const bob = await newPlayer(s.url, 'Bob');
    const g1 = await twoPlayerGame(s.url, ann.token, bob.token);
    await reachAgentsTurn(s.url, g1); // rated only from the agents' first turn on
    await resign(g1, 1);
    const p1 = await eventually(
      () => profile(s.url, ann.id),
      (p) => p.recent?.length === 1,
    );
    expect(flaky.failed).toBe(1);
    expect(p1.recent[0]).toMatchObject({ gameId: g1.gameId, won: true });
    expect(p1.ratings.find((r: any) => r.role === 'recruiter')).toMatchObject({ games: 1 });
    for (const c of g1.clients) c.close();
    await s.close();

    // 2. The server records nothing before it stops (no sweep in time); the next start does.
    const st2 = await backend.open();
    const down = failingRecords(st2.players, 1_000);
    s = await testServer(st2.games, { players: down, recordSweepMs: 3_600_000 });
    const g2 = await twoPlayerGame(s.url, ann.token, bob.token);
    await reachAgentsTurn(s.url, g2);
    await resign(g2, 0); // Bob (agents) wins
    await eventually(
      async () => down.failed,
      (n) => n >= 1,
    );
    expect((await profile(s.url, bob.id)).recent).toHaveLength(1);
    for (const c of g2.clients) c.close();
    await s.close();
    const st3 = await backend.open();
    s = await testServer(st3.games, { players: st3.players, recordSweepMs: 3_600_000 });
    try {
      const bobP = await eventually(
        () => profile(s.url, bob.id),
        (p) => p.recent?.length === 2,
      );
      expect(bobP.recent[0]).toMatchObject({ gameId: g2.gameId, role: 'agents', won: true });
      expect(bobP.ratings.find((r: any) => r.role === 'agents')).toMatchObject({ games: 2 });
      expect(await st3.players.unrecordedGames(10)).toEqual([]);
    } finally {
      await s.close();
    }
  });
}

describe('chat and game over are durable: SQLite', () => durableSuite(sqliteBackend));

describePg('chat and game over across instances: PostgreSQL', (url) => {
  cleanupSchemas(url);
  durableSuite(() => pgBackend(url));

  /** Two servers (instances A and B) on one schema. */
  async function cluster(o: { sweepMs?: number; aSweepMs?: number; aPlayers?: (p: PlayerStore) => PlayerStore } = {}) {
    const backend = pgBackend(url);
    const a = await backend.open('A');
    const b = await backend.open('B');
    const aPlayers = o.aPlayers ? o.aPlayers(a.players) : a.players;
    const A = await testServer(a.games, { players: aPlayers, recordSweepMs: o.aSweepMs ?? o.sweepMs ?? 30_000 });
    const B = await testServer(b.games, { players: b.players, recordSweepMs: o.sweepMs ?? 30_000 });
    return { A, B, a, b, close: async () => Promise.all([A.close(), B.close()]) };
  }

  it('chat crosses instances: said on A, read on B; the host on A opens the rail and mutes a seat, B enforces it', async () => {
    const { A, B, close } = await cluster();
    try {
      const ann = await newPlayer(A.url, 'Ann');
      const bob = await newPlayer(B.url, 'Bob');
      const g = await twoPlayerGame(A.url, ann.token, bob.token); // both seats subscribed on A
      const rec = g.clients.find((c) => c.seat === 0)!;
      g.clients.find((c) => c.seat === 1)!.close();
      const agentB = new Client(B.url);
      await agentB.hello(g.gameId, g.tokens[1]!);
      await chatLog(agentB);
      const spectatorB = new Client(B.url);
      await spectatorB.hello(g.gameId, null);
      await chatLog(spectatorB);

      const heard = [agentB, spectatorB].map((c) => c.wait(said('said on A')));
      await rec.request({ t: 'chat', gameId: g.gameId, text: 'said on A' }, said('said on A'));
      for (const m of await Promise.all(heard)) expect(m).toMatchObject({ seat: 0, n: 1, name: 'Host' });
      const back = [rec, spectatorB].map((c) => c.wait(said('said on B')));
      await agentB.request({ t: 'chat', gameId: g.gameId, text: 'said on B' }, said('said on B'));
      for (const m of await Promise.all(back)) expect(m).toMatchObject({ seat: 1, n: 2 });

      // The rail is closed on B until the host, on A, opens it.
      const closed = await spectatorB.request({ t: 'chat', gameId: g.gameId, text: 'rail' }, (m) => m.t === 'error');
      expect(closed.code).toBe('chat_closed');
      const policyOnB = spectatorB.wait((m) => m.t === 'chatPolicy' && m.spectatorsWrite === true);
      await rec.request({ t: 'chatPolicy', gameId: g.gameId, spectatorsWrite: true }, (m) => m.t === 'chatPolicy');
      await policyOnB;
      const railOnA = rec.wait(said('rail'));
      const rail = await spectatorB.request({ t: 'chat', gameId: g.gameId, text: 'rail' }, (m) =>
        ['chat', 'error'].includes(m.t),
      );
      expect(rail).toMatchObject({ t: 'chat', seat: null, n: 3 });
      expect(await railOnA).toMatchObject({ seat: null, n: 3 });

      const mutedOnB = agentB.wait((m) => m.t === 'chatPolicy' && m.muted.includes(1));
      await rec.request({ t: 'mute', gameId: g.gameId, seat: 1, muted: true }, (m) => m.t === 'chatPolicy');
      await mutedOnB;
      const refused = await agentB.request({ t: 'chat', gameId: g.gameId, text: 'hey' }, (m) =>
        ['chat', 'error'].includes(m.t),
      );
      expect(refused).toMatchObject({ t: 'error', code: 'chat_muted' });
      // Each message reached each subscriber once.
      expect(spectatorB.msgs.filter((m) => m.t === 'chat').map((m) => m.n)).toEqual([1, 2, 3]);
      expect(rec.msgs.filter((m) => m.t === 'chat').map((m) => m.n)).toEqual([1, 2, 3]);
      for (const c of [rec, agentB, spectatorB]) c.close();
    } finally {
      await close();
    }
  });

  it("regression: a message said on A while B's chat listener was down reaches B's subscribers when it reconnects", async () => {
    const { A, B, b, close } = await cluster();
    try {
      const ann = await newPlayer(A.url, 'Ann');
      const bob = await newPlayer(B.url, 'Bob');
      const g = await twoPlayerGame(A.url, ann.token, bob.token);
      const rec = g.clients.find((c) => c.seat === 0)!;
      const spectatorB = new Client(B.url);
      await spectatorB.hello(g.gameId, null);
      await chatLog(spectatorB);
      spectatorB.msgs.length = 0;
      // Cut B's LISTEN connection; it reconnects 500 ms later. The notice sent meanwhile is lost.
      const listener = (b.players.chatBus as unknown as { listener: { processID: number } | null }).listener!;
      await (b.games as PgStore).pool.query('SELECT pg_terminate_backend($1)', [listener.processID]);
      await rec.request({ t: 'chat', gameId: g.gameId, text: 'said while B was deaf' }, said('said while B was deaf'));
      const got = await spectatorB.wait(
        (m) =>
          (m.t === 'chat' && m.text === 'said while B was deaf') ||
          (m.t === 'chatLog' && m.messages.some((x: any) => x.text === 'said while B was deaf')),
        10_000,
      );
      expect(got.t).toBe('chatLog'); // the live notice was lost; the resync brought it
      for (const c of [...g.clients, spectatorB]) c.close();
    } finally {
      await close();
    }
  });

  it("two instances recording one game's result (end, sweeps, repeated calls) count it once", async () => {
    const { A, B, a, close } = await cluster({ sweepMs: 50 });
    try {
      const ann = await newPlayer(A.url, 'Ann');
      const bob = await newPlayer(B.url, 'Bob');
      const g = await twoPlayerGame(A.url, ann.token, bob.token);
      await reachAgentsTurn(A.url, g);
      await resign(g, 1);
      const row = (await a.games.getGame(g.gameId))!;
      // Every way in at once: both instances' game-over hooks and sweeps, several times.
      await Promise.all([
        ...[A, B, A, B].map((s) => s.players!.gameOver(row)),
        ...[A, B, A, B].map((s) => s.players!.recordPending()),
      ]);
      const annP = await eventually(
        () => profile(B.url, ann.id),
        (p) => p.recent?.length >= 1,
      );
      await new Promise((r) => setTimeout(r, 300)); // a few more sweeps on both
      for (const [who, role] of [
        [ann.id, 'recruiter'],
        [bob.id, 'agents'],
      ] as const) {
        const p = await profile(A.url, who);
        expect(p.recent, who).toHaveLength(1);
        expect(p.ratings.find((r: any) => r.role === role)).toMatchObject({ games: 1 });
      }
      expect(annP.recent[0]).toMatchObject({ gameId: g.gameId, won: true });
      expect(await a.players.unrecordedGames(10)).toEqual([]);
      for (const c of g.clients) c.close();
    } finally {
      await close();
    }
  });

  it("a game that ended on an instance unable to record it is recorded by the other instance's sweep", async () => {
    const { A, close } = await cluster({
      sweepMs: 100,
      aSweepMs: 3_600_000,
      aPlayers: (p) => failingRecords(p, 1_000),
    });
    try {
      const ann = await newPlayer(A.url, 'Ann');
      const bob = await newPlayer(A.url, 'Bob');
      const g = await twoPlayerGame(A.url, ann.token, bob.token);
      await resign(g, 1); // ended on A, whose recording fails
      const p = await eventually(
        () => profile(A.url, ann.id),
        (x) => x.recent?.length === 1,
      );
      expect(p.recent[0]).toMatchObject({ gameId: g.gameId, role: 'recruiter', won: true });
      for (const c of g.clients) c.close();
    } finally {
      await close();
    }
  });
});
