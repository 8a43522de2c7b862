// Bot worker (worker_threads). Plain JavaScript so that the same file serves the built server
// (dist/) and tests running the TypeScript sources. Receives one seat's view and legal actions,
// never the full state; answers with one action. The main thread (bots/pool.ts) enforces the hard
// time limit, queues work fairly and pins each game to one worker.
//
// Messages in:  { type: 'decide', id, gameId, seat, level, view, legal, seed, budgetMs }
//               { type: 'forget', gameId }
//               { type: 'analyse', id, gameId, record, playouts, maxExpertDecisions }
// Messages out: { type: 'best', id, action }          (the bot's best move so far, anytime bots)
//               { type: 'done', id, action, source, cutoff, runMs }
//               { type: 'analysed', id, body, runMs } (body: the analysis JSON, null if it failed)
//               { type: 'error', id, name }           (a bot threw; only the error's class)
import { parentPort } from 'node:worker_threads';
import { analyseGame, quickMove } from '@mindmgmt/ai';
// Every level, the frozen yardstick included (simulations play it through the pool).
import { makeAnyBot } from '@mindmgmt/ai/yardstick';
import { rngFrom } from '@mindmgmt/engine';

/**
 * Bot sessions, one per (game, seat): a bot keeps caches (sampled belief, incremental exact
 * deduction) that are only valid for one game, so no bot is ever shared between games (issue 11).
 * Map order is recency (most recent last) for the cap below.
 */
const sessions = new Map();
/** Cap on sessions per worker (the pool forgets ended and evicted games; this bounds a leak). */
const MAX_SESSIONS = 4096;

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

function decide(task) {
  const { id, gameId, seat, level, view, legal, seed, budgetMs } = task;
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

/** A finished game's analysis (issue 28 §3): pure and clock-free, so the same record gives the
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
    const prefix = `${m.gameId}\u0000`;
    for (const k of [...sessions.keys()]) if (k.startsWith(prefix)) sessions.delete(k);
  } else if (m.type === 'decide') decide(m);
  else if (m.type === 'analyse') analyse(m);
});
