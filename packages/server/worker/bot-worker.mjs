// Bot worker (worker_threads). Plain JavaScript so that the same file serves the built server
// (dist/) and tests running the TypeScript sources. Receives one seat's view and legal actions,
// never the full state; answers with one action. The main thread enforces the hard time limit.
import { parentPort } from 'node:worker_threads';
import { rngFrom } from '@mindmgmt/engine';

let botsPromise = null;

/** Finds @mindmgmt/ai's bots if that package exports them yet; null means "use the fallback". */
function loadBots() {
  if (!botsPromise) {
    botsPromise = import('@mindmgmt/ai').then(
      (m) => m,
      () => null,
    );
  }
  return botsPromise;
}

const made = new Map();

function pickDecide(ai, level, side) {
  if (!ai) return null;
  // @mindmgmt/ai's interface: makeBot(level, side) -> { decide(view, legal, rng, budgetMs) }.
  if (typeof ai.makeBot === 'function') {
    const key = `${level}/${side}`;
    let bot = made.get(key);
    if (!bot) {
      try {
        bot = ai.makeBot(level, side);
      } catch {
        bot = null;
      }
      made.set(key, bot);
    }
    if (bot && typeof bot.decide === 'function') return bot.decide.bind(bot);
  }
  const candidates = [
    () => ai.bots?.[level],
    () => (typeof ai.createBot === 'function' ? ai.createBot(level) : undefined),
    () => (typeof ai.botFor === 'function' ? ai.botFor(level) : undefined),
    () => (typeof ai.getBot === 'function' ? ai.getBot(level) : undefined),
    () => ai[`${level}Bot`],
    () => ai.BOTS?.[level],
  ];
  for (const c of candidates) {
    let b;
    try {
      b = c();
    } catch {
      b = undefined;
    }
    if (typeof b === 'function') return b;
    if (b && typeof b.decide === 'function') return b.decide.bind(b);
  }
  if (typeof ai.decide === 'function') return (view, legal, rng, budget) => ai.decide(view, legal, rng, budget, level);
  return null;
}

parentPort.on('message', async (task) => {
  const { id, level, view, legal, seed, budgetMs } = task;
  const rng = rngFrom(seed >>> 0);
  let action = null;
  let source = 'random';
  try {
    const decide = pickDecide(await loadBots(), level, view && view.viewer === 0 ? 'recruiter' : 'agents');
    if (decide) {
      const a = await decide(view, legal, rng, budgetMs);
      if (a && typeof a === 'object' && typeof a.type === 'string') {
        action = a;
        source = 'ai';
      }
    }
  } catch {
    action = null;
  }
  if (!action) action = legal.length ? legal[Math.floor(rng() * legal.length)] : null;
  parentPort.postMessage({ id, action, source });
});
