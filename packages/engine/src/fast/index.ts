// The fast path: a second implementation of the same rules as the readable engine, for random
// playouts (mutable typed-array state, packed int actions, apply in place). The readable engine
// is the reference; test/fast-agreement.test.ts checks that the two agree.
export {
  ACTION_TYPE_COUNT as FAST_ACTION_TYPE_COUNT,
  NONE as FAST_NONE,
  enc as fastEncode,
  p1Of as fastP1,
  p2Of as fastP2,
  p3Of as fastP3,
  typeOf as fastTypeOf,
  W_AGENTS as FAST_W_AGENTS,
  W_NONE as FAST_W_NONE,
  W_RECRUITER as FAST_W_RECRUITER,
} from './codes.js';
/** All packed-action types (A_*), phases (PH_*), agents and result codes. */
export * as FastCodes from './codes.js';
export { FastState, Sfc32, fastNewGame, resetGame as fastResetGame, isOver as fastIsOver } from './state.js';
export { generate as fastGenerate, MAX_MOVES as FAST_MAX_MOVES } from './movegen.js';
export { applyFast as fastApply, isLegal as fastIsLegal } from './apply.js';
export { FastPlayer, fastPlayout, fastRandomGame } from './playout.js';
export {
  fastToAction,
  fastFromAction,
  projectFast,
  projectReadable,
  FAST_REASONS,
  type Projection,
} from './convert.js';
export { readablePlayout, sideActions, sideKey } from './reference.js';
