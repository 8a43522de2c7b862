// Entry `@mindmgmt/ai/yardstick`: what only measurement uses (tests, `simulate`, the bench; a
// simulation's pool of bot workers imports `makeAnyBot` by ANY_BOT_FACTORY to play the yardstick
// through it). The live bots, the server and the web never import this folder.
export { makeYardstick, YardstickAgentBot, YardstickRecruiterBot } from './yardstick/index.js';
export { ANY_BOT_FACTORY, makeAnyBot } from './make-any.js';
export { playGame, percentile, DEFAULT_BUDGET_MS, type PlayOptions, type PlayResult, type Timing } from './runner.js';
