// Started games with bot seats (not over, in this instance's memory), counted per profile first,
// then per address, per network and server-wide. A household or a school shares one address, so
// the per-address count alone either let one address take many games or refused the ninth person
// behind it: each profile has its own count, and the address and the network have larger
// ceilings. Requests without a profile count as one profile per address.
//
// The server-wide ceiling is what the bot workers serve in time: every game with bots asks the
// pool for decisions, and past that many games an unrelated game's bot is released late (its
// thinking time shows). The pool's round robin over owners (bots/pool.ts) keeps one network's
// games from delaying another's; this ceiling keeps every network's games together within what
// the workers can serve.
import { ApiError } from '../http/api-error.js';
import { addressKey, prefixKey } from '../http/address.js';
import { ConcurrencyBudget } from '../limits/budget.js';
import type { LimitsConfig } from '../limits/config.js';

/**
 * Games with bots one bot worker serves in time (the server-wide ceiling's default is this times
 * the workers). `npm run bench -- --only=storm` (docs/scaling.md, "Bot storm"): a worker serves
 * 11-19 hard decisions a second; a table of four hard bots against a player who moves at once asks
 * about 2 a second, a table of one bot about 0.5, a table where people think for their moves
 * less. Tables of the first kind beyond 5-9 per worker make every game's bots late, so the pool
 * refuses new games while it is behind (`LimitsConfig.botQueueWaitMs`) rather than sizing the cap
 * for that worst case alone.
 */
export const BOT_GAMES_PER_WORKER = 12;

/** Who starts a game: the address of the request and its profile, if any. */
export interface BotGameStarter {
  readonly ip: string;
  readonly player: string | null;
}

/** The counts one started game holds (released once when it ends or leaves memory). */
export interface BotGameHold {
  readonly player: string;
  readonly address: string;
  readonly prefix: string;
  /** The pool's owner for fair service: the starter's network. */
  readonly owner: string;
}

export type BotGameRefusal = 'player' | 'address' | 'prefix' | 'total';

/** The caps in force: the configured ones, the server-wide one derived from the workers when 0,
 * and the per-network one half of the server-wide one when 0. */
export function botGameCaps(
  limits: LimitsConfig,
  workers: number,
): { player: number; address: number; prefix: number; total: number } {
  const total = limits.botGamesTotal || Math.max(1, workers) * BOT_GAMES_PER_WORKER;
  const prefix = limits.botGamesPerPrefix || Math.max(1, Math.floor(total / 2));
  return { player: limits.botGamesPerPlayer, address: limits.botGamesPerIp, prefix, total };
}

export class BotGameBudget {
  private readonly players: ConcurrencyBudget;
  private readonly addresses: ConcurrencyBudget;
  /** Per network, and all networks together (the server-wide ceiling). */
  private readonly prefixes: ConcurrencyBudget;
  readonly caps: ReturnType<typeof botGameCaps>;

  constructor(limits: LimitsConfig, workers: number) {
    this.caps = botGameCaps(limits, workers);
    this.players = new ConcurrencyBudget(this.caps.player);
    this.addresses = new ConcurrencyBudget(this.caps.address);
    this.prefixes = new ConcurrencyBudget(this.caps.prefix, this.caps.total);
  }

  /** Takes one game for the starter, or says which count is full (nothing taken then). */
  acquire(who: BotGameStarter): BotGameHold | BotGameRefusal {
    const address = addressKey(who.ip);
    const prefix = prefixKey(address);
    const hold: BotGameHold = {
      player: who.player !== null ? `player:${who.player}` : `address:${address}`,
      address,
      prefix,
      owner: prefix,
    };
    if (this.prefixes.full) return 'total';
    if (!this.players.acquire(hold.player)) return 'player';
    if (!this.addresses.acquire(address)) {
      this.players.release(hold.player);
      return 'address';
    }
    if (!this.prefixes.acquire(prefix)) {
      this.players.release(hold.player);
      this.addresses.release(address);
      return this.prefixes.full ? 'total' : 'prefix';
    }
    return hold;
  }

  release(hold: BotGameHold): void {
    this.players.release(hold.player);
    this.addresses.release(hold.address);
    this.prefixes.release(hold.prefix);
  }
}

// An operator may set the per-profile or per-address cap to 0 to take no games with bots (a
// network's 0 means derived, botGameCaps); "you already play 0" read as a bug.
const NO_BOT_GAMES = 'This server takes no games with bots.';

/** The refusal a start gets when a count is full: one code per cause, the message says which. */
export function botGameRefusal(why: BotGameRefusal, caps: ReturnType<typeof botGameCaps>): ApiError {
  switch (why) {
    case 'total':
      return new ApiError(503, 'bots_busy', 'Every bot seat of this server is taken; try again in a few minutes.');
    case 'player':
      return new ApiError(
        429,
        'too_many_bot_games',
        caps.player === 0 ? NO_BOT_GAMES : `You already play ${caps.player} games with bots; finish one first.`,
      );
    case 'address':
      return new ApiError(
        429,
        'too_many_bot_games',
        caps.address === 0
          ? NO_BOT_GAMES
          : `Your address already runs ${caps.address} games with bots; finish one first.`,
      );
    case 'prefix':
      return new ApiError(
        429,
        'too_many_bot_games',
        `Your network already runs ${caps.prefix} games with bots; finish one first.`,
      );
  }
}
