// Bot worker (worker_threads). Plain JavaScript so that the same file serves the built server
// (dist/) and tests running the TypeScript sources. Receives one seat's view and legal actions,
// never the full state; answers with one action. The main thread (bots/pool.ts) enforces the hard
// time limit, queues work fairly and pins each game to one worker.
//
// Messages in:  { type: 'decide', id, gameId, seat, level, view, logFrom, legal, seed, budgetMs }
//               (logFrom > 0: view.log holds only the entries from logFrom on; the ones before are
//               those of the session's last view)
//               { type: 'forget', gameId }
//               { type: 'analyse', id, gameId, record, playouts, maxExpertDecisions }
//               { type: 'collect' }                   (the bench's memory ramp: a full collection)
// Messages out: { type: 'best', id, action }          (the bot's best move so far, anytime bots)
//               { type: 'done', id, action, source, cutoff, runMs }
//               { type: 'analysed', id, body, runMs } (body: the analysis JSON, null if it failed)
//               { type: 'error', id, name }           (a bot threw; only the error's class)
//               { type: 'whole', id }                 (no log to extend: send the view whole)
import { getHeapStatistics } from 'node:v8';
import fs from 'node:fs';
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
// The sessions and the decision are the ai package's (shared with the browser's offline worker,
// packages/web/src/local/bot-worker.ts): this file only carries messages and the log tails.
import { analyseGame, BotSessions, makeBot, MAX_BOT_SESSIONS } from '@mindmgmt/ai';

// Below the main thread's priority by `nice` (bots/pool.ts): Linux gives each thread its own nice
// value, set through its thread id (the last part of /proc/thread-self). Relative to the thread
// that started it, so a server already niced keeps its bots below it. Elsewhere (or when refused)
// the worker runs as before.
if (workerData?.nice) {
  try {
    const tid = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0) os.setPriority(tid, Math.min(19, os.getPriority(tid) + workerData.nice));
  } catch {
    // not Linux, or not allowed: same priority as the main thread
  }
}

/** The bot factory the pool was given (bots/pool.ts): the players' levels (`makeBot`) unless whoever
 * created the pool named another (a simulation's, which also builds the frozen yardstick). Imported
 * by name, since a thread cannot be handed a function; messages wait in the port meanwhile. */
const factory = workerData?.bots;
const make = factory ? (await import(factory.module))[factory.name] : makeBot;
if (typeof make !== 'function') throw new Error(`no bot factory ${factory.name} in ${factory.module}`);

const sessions = new BotSessions(make);

/** The log of each (game, seat)'s last view, which the next view's tail extends (bots/pool.ts).
 * Beside the sessions, not in them: a session dropped after a bot error keeps its log. Same cap. */
const logs = new Map();

/** The whole view of a decision: its log tail appended to the log held for the session. */
function wholeView(gameId, seat, sent, logFrom) {
  const key = `${gameId}\u0000${seat}`;
  const held = logs.get(key);
  if (logFrom && (!held || held.length < logFrom)) return null;
  const view = logFrom ? { ...sent, log: held.slice(0, logFrom).concat(sent.log) } : sent;
  logs.delete(key);
  logs.set(key, view.log);
  if (logs.size > MAX_BOT_SESSIONS) logs.delete(logs.keys().next().value);
  return view;
}

function decide(task) {
  const { id, gameId, seat } = task;
  const view = wholeView(gameId, seat, task.view, task.logFrom ?? 0);
  if (!view) {
    parentPort.postMessage({ type: 'whole', id });
    return;
  }
  const out = sessions.decide({ ...task, view }, (action) => parentPort.postMessage({ type: 'best', id, action }));
  if (out.errorName) parentPort.postMessage({ type: 'error', id, name: out.errorName });
  const { action, source, cutoff, runMs } = out;
  parentPort.postMessage({ type: 'done', id, action, source, cutoff, runMs });
}

/** A finished game's analysis: pure and clock-free, so the same record gives the
 * same JSON here and in the browser. Only the error's class is reported, never its message. */
function analyse(task) {
  const { id, gameId, record, playouts, maxExpertDecisions } = task;
  const t0 = performance.now();
  let body = null;
  try {
    body = JSON.stringify(analyseGame(record, { gameId, playouts, maxExpertDecisions }));
  } catch (err) {
    parentPort.postMessage({ type: 'error', id, name: err instanceof Error ? err.name : 'error' });
  }
  parentPort.postMessage({ type: 'analysed', id, body, runMs: performance.now() - t0 });
}

parentPort.on('message', (m) => {
  if (m.type === 'forget') {
    sessions.forget(m.gameId);
    const prefix = `${m.gameId}\u0000`;
    for (const k of [...logs.keys()]) if (k.startsWith(prefix)) logs.delete(k);
  } else if (m.type === 'decide') decide(m);
  else if (m.type === 'analyse') analyse(m);
  // the bench's memory ramp (SERVER_STATS_GC, node --expose-gc): this isolate's garbage too
  else if (m.type === 'collect') {
    globalThis.gc?.();
    // the bench's verbose output: this isolate's heap after the collection (KB), the memory its
    // typed arrays hold outside the heap (the deduction's tables: most of a session), its sessions
    const h = getHeapStatistics();
    const kb = (x) => Math.round(x / 2 ** 10);
    const line = { used: kb(h.used_heap_size), total: kb(h.total_heap_size), external: kb(h.external_memory), sessions: sessions.size };
    process.stderr.write(`BOT_HEAP ${JSON.stringify(line)}\n`);
  }
});
