// Level "random": uniform over the legal actions.
import type { Action, View } from '@mindmgmt/engine';
import type { Bot, BotRng } from './types.js';

export class RandomBot implements Bot {
  readonly level = 'random' as const;
  decide(_view: View, legal: readonly Action[], rng: BotRng): Action {
    return legal[Math.floor(rng() * legal.length)]!;
  }
}
