import { type BotSide, makeBot } from '../bots/make.js';
import type { ExpertOptions } from '../bots/expert/index.js';
import type { Bot, Level } from '../bots/types.js';
import { makeYardstick } from './yardstick/index.js';

/** A bot of any level, the frozen yardstick included (measurement only; players get `makeBot`). */
export function makeAnyBot(level: Level, side: BotSide, expert: ExpertOptions = {}): Bot {
  return level === 'yardstick' ? makeYardstick(side) : makeBot(level, side, expert);
}
