// Entry `@mindmgmt/ai/yardstick`: what only measurement uses (tests, `simulate`, the bench, the
// server's bot worker when a simulation plays the yardstick through it). The live bots never
// import this folder.
export { makeYardstick, YardstickAgentBot, YardstickRecruiterBot } from './yardstick/index.js';
export { makeAnyBot } from './make-any.js';
export { playGame, percentile, DEFAULT_BUDGET_MS, type PlayOptions, type PlayResult, type Timing } from './runner.js';
