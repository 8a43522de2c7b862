// The bots' public profiles: one player row per level, so games against bots show in history and
// can be rated (a table option). Their ratings move like anyone's, starting from a new player's,
// so they calibrate themselves from the games people play against them instead of from numbers
// we would have to guess; rate-game.ts can freeze them (`fixed`) once they have settled.
import { BOT_LEVELS, type BotLevel } from '../schemas.js';
import { botName } from '../seating.js';
import type { PlayerRow, PlayerStore } from '../store/players/types.js';

/** Stable and outside the random id space (random ids start "p_"). */
export const botPlayerId = (level: BotLevel): string => `bot-${level}`;

/** A bot's profile id (bots choose no campaign modules: campaign-tables.ts). */
export const isBotPlayerId = (id: string): boolean => id.startsWith('bot-');

export const botProfile = (level: BotLevel): PlayerRow => ({
  id: botPlayerId(level),
  name: botName(level),
  createdAt: 0,
  passwordHash: null,
  bot: level,
});

/** Creates the missing profiles (at server start; safe to repeat, also from several instances). */
export async function ensureBotProfiles(store: PlayerStore): Promise<void> {
  for (const level of BOT_LEVELS) {
    if (await store.getPlayer(botPlayerId(level))) continue;
    await store.createPlayer(botProfile(level), null).catch(async (e: unknown) => {
      // Another instance created it in between: fine. Anything else is a real error.
      if (!(await store.getPlayer(botPlayerId(level)))) throw e;
    });
  }
}
