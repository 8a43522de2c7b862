// Bot worker (worker_threads). Plain JavaScript so that the same file serves the built server
// (dist/) and tests running the TypeScript sources. Receives one seat's view and legal actions,
// never the full state; answers with one action. The main thread (bots/pool.ts) enforces the hard
// time limit, queues work fairly and pins each game to one worker.
//
// Messages in:  { type: 'decide', id, gameId, seat, level, view, legal, seed, budgetMs }
//               { type: 'forget', gameId }
// Messages out: { type: 'best', id, action }          (the bot's best move so far, anytime bots)
//               { type: 'done', id, action, source, cutoff, runMs }
//               { type: 'error', id, name }           (a bot threw; only the error's class)
import { parentPort } from 'node:worker_threads';
// The sessions and the decision are the ai package's (shared with the browser's offline worker,
// packages/web/src/local/bot-worker.ts): this file only carries messages.
import { BotSessions } from '@mindmgmt/ai';
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

parentPort.on('message', (m) => {
  if (m.type === 'forget') sessions.forget(m.gameId);
  else if (m.type === 'decide') decide(m);
});
