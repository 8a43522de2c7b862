// The live bots' factory: one fresh bot session per (game, seat) for the levels players pick.
// The frozen yardstick is not built here (live code never imports it): measurement builds it
// through `makeAnyBot` in ../reference (entry `@mindmgmt/ai/yardstick`).
import { AgentBot } from './agents.js';
import { ExpertBot, type ExpertOptions } from './expert/index.js';
import { RandomBot } from './random.js';
import { RecruiterBot } from './recruiter.js';
import type { Bot, PlayerLevel } from './types.js';

export type BotSide = 'recruiter' | 'agents';

/** `expert` options (playouts per decision for clock-free runs); the other levels ignore them. */
export function makeBot(level: PlayerLevel, side: BotSide, expert: ExpertOptions = {}): Bot {
  if (level === 'random') return new RandomBot();
  if (level === 'expert') return new ExpertBot(side, expert);
  return side === 'recruiter' ? new RecruiterBot(level) : new AgentBot(level);
}
