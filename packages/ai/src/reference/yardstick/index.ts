// The yardstick: today's hard bots frozen, exposed as a level players never see
// ('yardstick'), so win rates of 'hard' and 'expert' are measured against a fixed opponent.
import type { Bot } from '../../bots/types.js';
import { YardstickAgentBot } from './agents.js';
import { YardstickRecruiterBot } from './recruiter.js';

export { YardstickAgentBot } from './agents.js';
export { YardstickRecruiterBot } from './recruiter.js';

/** A fresh yardstick bot session for one (game, seat). */
export function makeYardstick(side: 'recruiter' | 'agents'): Bot {
  return side === 'recruiter' ? new YardstickRecruiterBot() : new YardstickAgentBot();
}
