// The bots' public profiles: one player row per level, so games against bots show in history and
// can be rated (a table option). Their ratings move like anyone's, starting from a new player's,
// so they calibrate themselves from the games people play against them instead of from numbers
// we would have to guess; rate-game.ts can freeze them (`fixed`) once they have settled.
import { BOT_LEVELS, type BotLevel } from '@mindmgmt/table';
import { botName } from '../play/seating.js';
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

/** The longest a bot profile's counts are served from memory (counting a bot's
 * 200,000 games took 150 ms a request, so four clients saturated the server). They are counted
 * again sooner when the bot's latest game changes; the time limit catches a game recorded late
 * with an earlier end. A person's profile is counted fresh: they have few games. */
export const BOT_PROFILE_TTL_MS = 60_000;

/**
 * A value per bot id, computed once per `key` (the bot's latest finished game) and at most every
 * `ttlMs`, however many ask (those asking while it is computed share the one computation). Bots
 * are a handful of ids, so the map stays tiny.
 */
export class BotProfileCache<T> {
  private readonly held = new Map<string, { key: string; at: number; value: Promise<T> }>();
  constructor(private readonly ttlMs = BOT_PROFILE_TTL_MS) {}

  get(id: string, key: string, now: number, compute: () => Promise<T>): Promise<T> {
    const h = this.held.get(id);
    if (h && h.key === key && now - h.at < this.ttlMs && now >= h.at) return h.value;
    const value = compute();
    this.held.set(id, { key, at: now, value });
    // A failed computation is not kept: the next request tries again.
    value.catch(() => this.held.get(id)?.value === value && this.held.delete(id));
    return value;
  }
}
