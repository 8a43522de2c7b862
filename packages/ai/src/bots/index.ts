// Computer opponents: bot interface, the live levels for both sides. The frozen
// yardstick and the game runner that measures against it are in ../reference (`@mindmgmt/ai/yardstick`).
export type { Bot, BotRng, Level, PlayerLevel } from './types.js';
export { LEVELS, Deadline } from './types.js';
export { RandomBot } from './random.js';
export { AgentBot } from './agents.js';
export { RecruiterBot } from './recruiter.js';
export { quickMove } from './quick.js';
export { ExpertBot, type ExpertOptions } from './expert/index.js';
export { makeBot, LIVE_BOT_FACTORY, type BotFactoryRef, type BotSide } from './make.js';
export { seatRng } from './seat-rng.js';
export { RATED_LEVELS, type LevelRating, type LevelRatings, type RatedLevel } from './level-rating-types.js';
export { LEVEL_RATINGS } from './level-ratings.js';
export {
  computeBelief as computeSampledBelief,
  constraintsOf as publicConstraints,
  samplePaths,
  type Belief as SampledBelief,
  type Constraints as PublicConstraints,
  type World as SampledWorld,
} from './belief.js';
export {
  BotSessions,
  decisionSeed,
  LIVE_BOT_BUDGET_MS,
  LIVE_BOT_TIME_LIMIT_MS,
  MAX_BOT_SESSIONS,
  type DecideOutcome,
  type DecideRequest,
} from './session.js';
