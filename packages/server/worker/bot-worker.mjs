// Bot worker (worker_threads). Plain JavaScript so that the same file serves the built server
// (dist/) and tests running the TypeScript sources. Receives one seat's view and legal actions,
// never the full state; answers with one action. The main thread (bots/pool.ts) enforces the hard
// time limit, queues work fairly and pins each game to one worker.
//
// Messages in:  { type: 'decide', id, gameId, seat, level, view, logFrom, legal, seed, budgetMs }
//               (logFrom > 0: view.log holds only the entries from logFrom on; the ones before are
//               those of the session's last view)
//               { type: 'forget', gameId }
// Messages out: { type: 'best', id, action }          (the bot's best move so far, anytime bots)
//               { type: 'done', id, action, source, cutoff, runMs }
//               { type: 'error', id, name }           (a bot threw; only the error's class)
//               { type: 'whole', id }                 (no log to extend: send the view whole)
import fs from 'node:fs';
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { quickMove } from '@mindmgmt/ai';
// Every level, the frozen yardstick included (simulations play it through the pool).
import { makeAnyBot } from '@mindmgmt/ai/yardstick';
import { rngFrom } from '@mindmgmt/engine';

// Below the main thread's priority (bots/pool.ts `nice`): Linux gives each thread its own nice
// value, set through its thread id (the last part of /proc/thread-self). Elsewhere (or when
// refused) the worker runs as before.
if (workerData?.nice) {
  try {
    const tid = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0) os.setPriority(tid, workerData.nice);
  } catch {
    // not Linux, or not allowed: same priority as the main thread
  }
}

/**
 * Bot sessions, one per (game, seat): a bot keeps caches (sampled belief, incremental exact
 * deduction) that are only valid for one game, so no bot is ever shared between games (issue 11).
 * Map order is recency (most recent last) for the cap below.
 */
const sessions = new Map();
/** Cap on sessions per worker (the pool forgets ended and evicted games; this bounds a leak). */
const MAX_SESSIONS = 4096;

/** The log of each (game, seat)'s last view, which the next view's tail extends (bots/pool.ts).
 * Beside the sessions, not in them: a session dropped after a bot error keeps its log. Same cap. */
const logs = new Map();

function sessionFor(gameId, seat, level) {
  const key = `${gameId}\u0000${seat}`;
  let s = sessions.get(key);
  if (s && s.level !== level) s = undefined;
  if (s) sessions.delete(key);
  else s = { level, bot: makeAnyBot(level, seat === 0 ? 'recruiter' : 'agents') };
  sessions.set(key, s);
  if (sessions.size > MAX_SESSIONS) sessions.delete(sessions.keys().next().value);
  return s;
}

const key = (a) => JSON.stringify(a);

/** The whole view of a decision: its log tail appended to the log held for the session. */
function wholeView(gameId, seat, sent, logFrom) {
  const key = `${gameId}\u0000${seat}`;
  const held = logs.get(key);
  if (logFrom && (!held || held.length < logFrom)) return null;
  const view = logFrom ? { ...sent, log: held.slice(0, logFrom).concat(sent.log) } : sent;
  logs.delete(key);
  logs.set(key, view.log);
  if (logs.size > MAX_SESSIONS) logs.delete(logs.keys().next().value);
  return view;
}

function decide(task) {
  const { id, gameId, seat, level, legal, seed, budgetMs } = task;
  const view = wholeView(gameId, seat, task.view, task.logFrom ?? 0);
  if (!view) {
    parentPort.postMessage({ type: 'whole', id });
    return;
  }
  const t0 = performance.now();
  const legalKeys = new Set(legal.map(key));
  let lastBest = '';
  const onBest = (a) => {
    // Only legal moves, and only when the best move changes: the pool plays the last one if the
    // bot runs out of time.
    const k = key(a);
    if (k === lastBest || !legalKeys.has(k)) return;
    lastBest = k;
    parentPort.postMessage({ type: 'best', id, action: a });
  };
  const { bot } = sessionFor(gameId, seat, level);
  let action = null;
  let source = 'ai';
  try {
    action = bot.decide(view, legal, rngFrom(seed >>> 0), budgetMs, onBest);
  } catch (err) {
    // Only the error's class: its message could name a hidden location of the recruiter's.
    parentPort.postMessage({ type: 'error', id, name: err instanceof Error ? err.name : 'error' });
    action = null;
    // Its caches may be half-updated: the next decision starts a fresh session.
    sessions.delete(`${gameId}\u0000${seat}`);
  }
  if (!action || typeof action !== 'object' || !legalKeys.has(key(action))) {
    source = 'quick';
    action = quickMove(view, legal);
  }
  parentPort.postMessage({
    type: 'done',
    id,
    action,
    source,
    cutoff: bot.lastCutoff === true,
    runMs: performance.now() - t0,
  });
}

parentPort.on('message', (m) => {
  if (m.type === 'forget') {
    const prefix = `${m.gameId}\u0000`;
    for (const k of [...sessions.keys()]) if (k.startsWith(prefix)) sessions.delete(k);
    for (const k of [...logs.keys()]) if (k.startsWith(prefix)) logs.delete(k);
  } else if (m.type === 'decide') decide(m);
});
