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
// The sessions and the decision are the ai package's (shared with the browser's offline worker,
// packages/web/src/local/bot-worker.ts): this file only carries messages.
import { analyseGame, BotSessions } from '@mindmgmt/ai';
// Every level, the frozen yardstick included (simulations play it through the pool).
import { makeAnyBot } from '@mindmgmt/ai/yardstick';

const sessions = new BotSessions(makeAnyBot);

function decide(task) {
  const { id } = task;
  const out = sessions.decide(task, (action) => parentPort.postMessage({ type: 'best', id, action }));
  if (out.errorName) parentPort.postMessage({ type: 'error', id, name: out.errorName });
  const { action, source, cutoff, runMs } = out;
  parentPort.postMessage({ type: 'done', id, action, source, cutoff, runMs });
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
  if (m.type === 'forget') sessions.forget(m.gameId);
  else if (m.type === 'decide') decide(m);
  else if (m.type === 'analyse') analyse(m);
});
