import { type BotFactoryRef, type BotSide, makeBot } from '../bots/make.js';
import type { ExpertOptions } from '../bots/expert/index.js';
import type { Bot, Level } from '../bots/types.js';
import { makeYardstick } from './yardstick/index.js';

/** A bot of any level, the frozen yardstick included (measurement only; players get `makeBot`). */
export function makeAnyBot(level: Level, side: BotSide, expert: ExpertOptions = {}): Bot {
  return level === 'yardstick' ? makeYardstick(side) : makeBot(level, side, expert);
}

/** `makeAnyBot` as a pool of bot workers names it (simulations and the bench play the yardstick
 * through the pool; the server's pool is given the live factory). */
export const ANY_BOT_FACTORY: BotFactoryRef = { module: '@mindmgmt/ai/yardstick', name: 'makeAnyBot' };
