// The SQLite store's WRITE side (every statement that changes the database), in plain JavaScript
// so that one file serves the built server (dist/) and tests running the TypeScript sources (like
// bot-worker.mjs). Two uses:
//   1. As a worker_threads entry (workerData.role === WRITER_ROLE): the writer thread owns the
//      write connection. Every commit, and so every fsync (synchronous=FULL), happens here, never
//      on the main thread's event loop. Group commit: all ops that arrive while a transaction is
//      being committed form the next transaction; each op keeps its own savepoint, so one
//      refused/failed op does not sink the others. An op is answered only after the COMMIT of the
//      transaction holding it returned.
//   2. Imported by the main thread (src/store/sqlite.ts) for the in-thread writer (':memory:'
//      databases, SQLITE_WRITER=inline): the same createWriter/runBatch on the main connection.
// The SQL text comes from src/store/sql/sqlite.ts (handed over in workerData, already positional:
// src/store/sql/params.ts), so all SQL stays in one place.
import { isMainThread, parentPort, workerData } from 'node:worker_threads';

export const WRITER_ROLE = 'mindmgmt-sqlite-writer';

/** The write operations. `args` are plain data (strings, numbers, null): JSON is made by the caller. */
export function createWriter(db, Q) {
  const st = {};
  for (const k of [
    'insertGame',
    'insertPlace',
    'insertToken',
    'getPlace',
    'deletePlace',
    'deleteToken',
    'replacePlaceToken',
    'replaceStart',
    'statusOf',
    'setHost',
    'touch',
    'start',
    'advance',
    'seatChange',
    'insertAction',
    'insertSnapshot',
    'pruneSnapshots',
    'upsertNote',
    'deleteNote',
    'insertAnalysis',
    'setMeta',
  ])
    st[k] = db.prepare(Q[k]);
  const insertPlace = (id, p) => {
    st.insertPlace.run(id, p.place, p.name, p.tokenHash, p.bot, p.volunteer ? 1 : 0, p.joinedAt);
    if (p.tokenHash) st.insertToken.run(p.tokenHash, id);
  };
  const ops = {
    /** Readiness (GET /api/ready): one tiny committed write, on the path every action takes. */
    probe(a) {
      st.setMeta.run('ready_probe', String(a.at));
      return null;
    },
    createGame(a) {
      st.insertGame.run(...a.game);
      for (const p of a.places) insertPlace(a.id, p);
      for (const [seq, action] of a.actions ?? []) st.insertAction.run(a.id, seq, action, a.at);
      return null;
    },
    addPlace(a) {
      const s = st.statusOf.get(a.id);
      if (s?.status !== 'lobby' || st.getPlace.get(a.id, a.place.place)) return false;
      insertPlace(a.id, a.place);
      st.touch.run(a.now, a.id);
      return true;
    },
    removePlace(a) {
      const s = st.statusOf.get(a.id);
      const p = st.getPlace.get(a.id, a.place);
      if (s?.status !== 'lobby' || !p) return false;
      st.deletePlace.run(a.id, a.place);
      if (p.token_hash) st.deleteToken.run(p.token_hash);
      st.setHost.run(a.hostPlace, a.closeGame ? 'closed' : 'lobby', a.now, a.title, a.id);
      return true;
    },
    startGame(a) {
      const r = st.start.run(
        a.start,
        a.engineVersion,
        a.deadlineAt,
        a.deadlineSeat,
        a.startedAt,
        a.clock ?? null,
        a.id,
      );
      if (r.changes !== 1) return false;
      for (const h of a.tokenHashes) st.insertToken.run(h, a.id);
      return true;
    },
    /** A place's seat token replaced (sign-out everywhere); the seat's too once started. */
    replaceToken(a) {
      const s = st.statusOf.get(a.id)?.status;
      if (s !== 'lobby' && s !== 'active') return false;
      if (st.replacePlaceToken.run(a.newHash, a.id, a.place, a.oldHash).changes !== 1) return false;
      if (a.start !== null && st.replaceStart.run(a.start, a.id).changes !== 1) throw new Error('start changed');
      st.deleteToken.run(a.oldHash);
      st.insertToken.run(a.newHash, a.id);
      return true;
    },
    /** The white note on one location replaced (or removed: note null); never touches the log. */
    setNote(a) {
      if (a.note === null) st.deleteNote.run(a.gameId, a.at);
      else st.upsertNote.run(a.gameId, a.at, a.seat, a.note, a.now);
      return null;
    },
    /** A finished game's analysis; the first one saved stays. */
    saveAnalysis(a) {
      st.insertAnalysis.run(a.gameId, a.body, a.now);
      return null;
    },
    /** D13: a stand-in seated or gone; compare-and-set on the seq and the seats read. */
    seatChange(a) {
      return (
        st.seatChange.run(a.start, a.deadlineAt, a.deadlineSeat, a.clock, a.gameId, a.expectedSeq, a.expectedStart)
          .changes === 1
      );
    },
    /** Compare-and-set on the game's seq, then the action (and maybe a snapshot). */
    append(a) {
      const r = st.advance.run(
        a.expectedSeq + 1,
        a.deadlineAt,
        a.deadlineSeat,
        a.result,
        a.result !== null ? 'over' : 'active',
        a.at,
        a.clock ?? null,
        a.start ?? null,
        a.gameId,
        a.expectedSeq,
      );
      if (r.changes !== 1) return 'stale';
      st.insertAction.run(a.gameId, a.expectedSeq + 1, a.action, a.at);
      if (a.snapshot !== null) {
        st.insertSnapshot.run(a.gameId, a.expectedSeq + 1, a.snapshot);
        st.pruneSnapshots.run(a.gameId, a.expectedSeq + 1);
      }
      return 'ok';
    },
  };
  return {
    run(op) {
      const f = ops[op.kind];
      if (!f) throw new Error(`unknown write op ${op.kind}`);
      return f(op.args);
    },
  };
}

const errInfo = (e) => ({ message: e instanceof Error ? e.message : String(e), code: e?.code ?? null });

/**
 * Runs ops and returns one outcome per op ({ ok: true, value } | { ok: false, error }).
 * group: one transaction for all, a savepoint per op; otherwise one transaction per op.
 * Returns only after the commit, so an 'ok' outcome is durable (as the pragmas make it).
 */
export function runBatch(db, writer, ops, group) {
  const each = db.transaction((op) => writer.run(op));
  const alone = (op) => {
    try {
      return { ok: true, value: each(op) };
    } catch (e) {
      return { ok: false, error: errInfo(e) };
    }
  };
  if (!group || ops.length === 1) return ops.map(alone);
  const all = db.transaction((list) =>
    list.map((op) => {
      try {
        return { ok: true, value: each(op) }; // nested: a SAVEPOINT inside the batch transaction
      } catch (e) {
        // An error that ended the whole transaction (I/O, disk full) fails the batch.
        if (!db.inTransaction) throw e;
        return { ok: false, error: errInfo(e) };
      }
    }),
  );
  try {
    return all(ops);
  } catch (e) {
    const error = errInfo(e);
    return ops.map(() => ({ ok: false, error }));
  }
}

// ------------------------------------------------------------------ the writer thread
async function serve({ file, pragmas, Q, groupCommit, gate }) {
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(file);
  for (const p of pragmas) db.pragma(p);
  const writer = createWriter(db, Q);
  let group = groupCommit;
  let queue = [];
  let scheduled = false;
  // Diagnostics (op 'stats'): commit durations and batch sizes since the last call.
  let commits = [];
  let sizes = [];

  const flush = () => {
    scheduled = false;
    const batch = queue;
    queue = [];
    const out = [];
    let writes = [];
    const runWrites = () => {
      if (!writes.length) return;
      const t0 = performance.now();
      const res = runBatch(db, writer, writes, group);
      commits.push(performance.now() - t0);
      sizes.push(writes.length);
      res.forEach((r, i) => out.push({ id: writes[i].id, ...r }));
      writes = [];
    };
    let closing = false;
    for (const m of batch) {
      if (m.kind === 'config') {
        runWrites();
        group = m.args.groupCommit;
      } else if (m.kind === 'pragma') {
        runWrites();
        out.push({ id: m.id, ok: true, value: db.pragma(m.args.name, { simple: true }) });
      } else if (m.kind === 'stats') {
        runWrites();
        out.push({ id: m.id, ok: true, value: { commits, sizes } });
        commits = [];
        sizes = [];
      } else if (m.kind === 'pause') {
        // Another connection to this file (the player store, on the main thread) writes now: the
        // writes before this are committed and answered, then this thread starts no transaction
        // until the main thread counts the pause done (or maxMs passed, so games never stall for
        // good). SQLite's lock is free meanwhile, so that writer neither waits nor fails.
        runWrites();
        out.push({ id: m.id, ok: true, value: null });
        parentPort.postMessage(out.splice(0));
        const until = Date.now() + m.args.maxMs;
        for (let v = Atomics.load(gate, 0); v < m.args.k; v = Atomics.load(gate, 0)) {
          const left = until - Date.now();
          if (left <= 0) break;
          Atomics.wait(gate, 0, v, left);
        }
      } else if (m.kind === 'close') {
        runWrites();
        closing = true;
        out.push({ id: m.id, ok: true, value: null });
      } else writes.push(m);
    }
    runWrites();
    if (closing) {
      db.close();
      parentPort.postMessage(out);
      parentPort.close();
      return;
    }
    parentPort.postMessage(out);
  };

  parentPort.on('message', (m) => {
    queue.push(m);
    // Everything that arrives while a commit runs is delivered before this immediate fires:
    // it becomes the next transaction.
    if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  });
  parentPort.postMessage([{ id: 0, ok: true, value: 'ready' }]);
}

if (!isMainThread && parentPort && workerData?.role === WRITER_ROLE) {
  serve(workerData).catch((e) => {
    // Opening failed: report and end (the main thread rejects what is pending).
    parentPort.postMessage([{ id: -1, ok: false, error: errInfo(e) }]);
    parentPort.close();
  });
}
