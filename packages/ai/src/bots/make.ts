// The live bots' factory: one fresh bot session per (game, seat) for the levels players pick.
// The frozen yardstick is not built here (live code never imports it): measurement builds it
// through `makeAnyBot` in ../reference (entry `@mindmgmt/ai/yardstick`).
import { AgentBot, CAPTURE_MINDED_INFO_PER_BIT } from './agents.js';
import { ExpertBot, type ExpertOptions } from './expert/index.js';
import { RandomBot } from './random.js';
import { RecruiterBot } from './recruiter.js';
import type { Bot, PlayerLevel } from './types.js';

export type BotSide = 'recruiter' | 'agents';

/**
 * Where a bot host finds its factory: a module to import and the export to call. A worker thread
 * cannot be handed a function, so whoever creates a pool of bot workers names the factory this
 * way; the players' host names the live one, measurement one that also builds the yardstick.
 */
export interface BotFactoryRef {
  readonly module: string;
  readonly name: string;
}

/** `makeBot` below: the levels players pick, nothing else. */
export const LIVE_BOT_FACTORY: BotFactoryRef = { module: '@mindmgmt/ai', name: 'makeBot' };

/** `expert` options (playouts per decision for clock-free runs); the other levels ignore them. */
export function makeBot(level: PlayerLevel, side: BotSide, expert: ExpertOptions = {}): Bot {
  if (level === 'random') return new RandomBot();
  if (level === 'expert') return new ExpertBot(side, expert);
  if (level !== 'easy' && level !== 'hard') throw new RangeError(`no live bot of level ${String(level)}`);
  if (side === 'recruiter') return new RecruiterBot(level);
  // The hard level is the hard bot with a capture-minded team's value of a bit (it asks and
  // reveals less, and chases more): with the hard bot's own value it played as strongly as the
  // expert agents, whose search keeps that bot's move unless another is clearly better, so the two
  // levels could not be told apart (docs/bots.md, "Level ratings"). The expert agents and the
  // agents the expert recruiter simulates keep the hard bot's own value.
  return level === 'hard' ? new AgentBot('hard', { infoPerBit: CAPTURE_MINDED_INFO_PER_BIT }) : new AgentBot(level);
}
