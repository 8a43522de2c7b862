// Bot worker (worker_threads). Plain JavaScript so that the same file serves the built server
// (dist/) and tests running the TypeScript sources. Receives one seat's view and legal actions,
// never the full state; answers with one action. The main thread enforces the hard time limit.
import { parentPort } from 'node:worker_threads';
import { makeBot } from '@mindmgmt/ai';
import { rngFrom } from '@mindmgmt/engine';

/** One bot per level and side, kept for the worker's life (bots hold no per-game state). */
const made = new Map();

function botFor(level, side) {
  const key = `${level}/${side}`;
  let bot = made.get(key);
  if (!bot) {
    bot = makeBot(level, side);
    made.set(key, bot);
  }
  return bot;
}

parentPort.on('message', async (task) => {
  const { id, level, view, legal, seed, budgetMs } = task;
  const rng = rngFrom(seed >>> 0);
  let action = null;
  let source = 'ai';
  try {
    action = await botFor(level, view.viewer === 0 ? 'recruiter' : 'agents').decide(view, legal, rng, budgetMs);
  } catch (err) {
    // A bot bug must not stall a game: play a random legal action and say so in the pool's log.
    // Only the error's class: its message could name a hidden location of the recruiter's.
    parentPort.postMessage({ id: -1, error: err instanceof Error ? err.name : 'error' });
    action = null;
  }
  if (!action || typeof action !== 'object' || typeof action.type !== 'string') {
    source = 'random';
    action = legal.length ? legal[Math.floor(rng() * legal.length)] : null;
  }
  parentPort.postMessage({ id, action, source });
});
