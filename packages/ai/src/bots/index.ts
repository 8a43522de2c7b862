// Computer opponents (issue 6): bot interface, levels for both sides, game runner.
import { AgentBot } from './agents.js';
import { RandomBot } from './random.js';
import { RecruiterBot } from './recruiter.js';
import { ExpertBot, type ExpertOptions } from './expert/index.js';
import type { Bot, Level } from './types.js';
import { makeYardstick } from './yardstick/index.js';

export type { Bot, BotRng, Level } from './types.js';
export { LEVELS, Deadline } from './types.js';
export { RandomBot } from './random.js';
export { AgentBot } from './agents.js';
export { RecruiterBot } from './recruiter.js';
export { quickMove } from './quick.js';
export { ExpertBot, type ExpertOptions } from './expert/index.js';
export { makeYardstick, YardstickAgentBot, YardstickRecruiterBot } from './yardstick/index.js';
export {
  computeBelief as computeSampledBelief,
  constraintsOf as publicConstraints,
  samplePaths,
  type Belief as SampledBelief,
  type Constraints as PublicConstraints,
  type World as SampledWorld,
} from './belief.js';
export {
  playGame,
  percentile,
  seatRng,
  DEFAULT_BUDGET_MS,
  type PlayOptions,
  type PlayResult,
  type Timing,
} from './runner.js';

export type BotSide = 'recruiter' | 'agents';

/** `expert` options (playouts per decision for clock-free runs); the other levels ignore them. */
export function makeBot(level: Level, side: BotSide, expert: ExpertOptions = {}): Bot {
  if (level === 'random') return new RandomBot();
  if (level === 'expert') return new ExpertBot(side, expert);
  if (level === 'yardstick') return makeYardstick(side);
  return side === 'recruiter' ? new RecruiterBot(level) : new AgentBot(level);
}
