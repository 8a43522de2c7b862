// The hop of the cluster's path that PostgreSQL carries: an append on store A (this process)
// until store B (a child process, LISTENing as an instance does) has the sealed commit open.
// Usage: node scripts/announce-hop.mjs <server dist folder> <postgres url>
//   (a copy of an older packages/server/dist kept inside packages/server resolves its packages)
// Prints, per run: the append's own time (ack), act -> B has it (cross), and B has it minus A has
// the answer (afterAck: what the announcement adds after the commit; negative when B hears of the
// commit before A reads its answer). 15 s.
import path from 'node:path';
import { fork } from 'node:child_process';
import { pathToFileURL } from 'node:url';
const [, , which, url, schemaArg, role] = process.argv;
const mod = await import(pathToFileURL(path.resolve(which, 'index.js')).href);
const { PgStore } = mod;
// HOP_GAMES games (40), each appending after HOP_THINK_MS (20-80: 20 + a random 0-60 ms)
const GAMES = Number(process.env.HOP_GAMES) || 40,
  THINK = Number(process.env.HOP_THINK_MS) || 20,
  SECS = 15;
if (role === 'listener') {
  const b = await PgStore.open(url, { schema: schemaArg });
  const bus = b.cluster ?? b;
  await bus.listen(
    (id, what) => {
      if (typeof what === 'object') process.send([id, what.seq, performance.timeOrigin + performance.now()]);
    },
    () => {},
  );
  process.send('ready');
} else {
  const schema = 'hop_' + Math.random().toString(36).slice(2, 8);
  const a = await PgStore.open(url, { schema });
  const eng = await import('@mindmgmt/engine');
  const child = fork(new URL(import.meta.url).pathname, [which, url, schema, 'listener']);
  const got = new Map();
  await new Promise((r) =>
    child.on('message', (m) => {
      if (m === 'ready') r();
      else got.set(m[0] + ' ' + m[1], m[2]);
    }),
  );
  const sent = new Map();
  const acks = [];
  const ackAt = new Map();
  const until = Date.now() + SECS * 1000;
  await Promise.all(
    Array.from({ length: GAMES }, async (_, gi) => {
      const id = 'g' + gi;
      const now = Date.now();
      await a.createGame({
        id,
        title: 't',
        createdAt: now,
        status: 'lobby',
        options: { mode: 'training', players: 2, bots: {}, recruiterCard: 'random', turnTimerSec: null },
        hostPlace: 1,
        start: null,
        seq: 0,
        deadline: null,
        result: null,
        updatedAt: now,
        places: [
          { place: 1, name: 'A', tokenHash: 'h1' + id, bot: null, volunteer: false, joinedAt: now },
          { place: 2, name: 'B', tokenHash: 'h2' + id, bot: null, volunteer: false, joinedAt: now },
        ],
        listed: false,
        vouched: false,
        creatorNet: null,
        netShare: true,
        clock: null,
      });
      await a.startGame(id, {
        seed: 1,
        engineVersion: eng.ENGINE_VERSION,
        recruiterPlace: 1,
        seats: [
          { seat: 0, place: 1, name: 'A', tokenHash: 'h1' + id, bot: null },
          { seat: 1, place: 2, name: 'B', tokenHash: 'h2' + id, bot: null },
        ],
        startedAt: now,
        deadline: null,
      });
      let s = eng.newGame({ mode: 'training', agentSeats: 1, recruiterCard: 'random' }, gi + 1);
      let k = gi + 1;
      while (Date.now() < until && !s.result) {
        await new Promise((r) => setTimeout(r, THINK + Math.random() * THINK * 3));
        const seat = eng.expectedSeats(s)[0];
        const legal = eng.legalActions(s, seat).filter((x) => x.type !== 'resign' && x.type !== 'undo');
        const act = legal[(k = (k * 48271) % 2147483647) % legal.length];
        const r = eng.apply(s, act);
        if (!r.ok) break;
        const t0 = performance.timeOrigin + performance.now();
        sent.set(id + ' ' + (s.seq + 1), t0);
        const res = await a.appendAction({
          gameId: id,
          expectedSeq: s.seq,
          action: act,
          deadline: null,
          result: null,
          at: Date.now(),
        });
        ackAt.set(id + ' ' + (s.seq + 1), performance.timeOrigin + performance.now());
        acks.push(performance.timeOrigin + performance.now() - t0);
        if (res !== 'ok') throw new Error('stale');
        s = r.state;
      }
    }),
  );
  await new Promise((r) => setTimeout(r, 1000));
  const cross = [];
  const after = [];
  let lost = 0;
  for (const [k, t0] of sent) {
    const t1 = got.get(k);
    if (t1 === undefined) lost++;
    else {
      cross.push(t1 - t0);
      after.push(t1 - ackAt.get(k));
    }
  }
  const q = (xs, f) => {
    const s = [...xs].sort((x, y) => x - y);
    return s[Math.min(s.length - 1, Math.floor(s.length * f))].toFixed(2);
  };
  console.log(
    JSON.stringify({
      which,
      n: cross.length,
      lost,
      crossP50: q(cross, 0.5),
      crossP90: q(cross, 0.9),
      crossP99: q(cross, 0.99),
      ackP50: q(acks, 0.5),
      ackP99: q(acks, 0.99),
      afterAckP50: q(after, 0.5),
      afterAckP90: q(after, 0.9),
      afterAckP99: q(after, 0.99),
    }),
  );
  child.kill();
  await a.pool.query(`DROP SCHEMA ${schema} CASCADE`).catch(() => {});
  await a.close();
  process.exit(0);
}
