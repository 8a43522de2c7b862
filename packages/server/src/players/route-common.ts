// What the players' routes share: the public part of a player, and the refusals of their rate
// budgets.
import { ApiError } from '../http/api-error.js';
import type { RateBudget } from '../limits/budget.js';
import type { PlayerRow } from '../store/players/types.js';

export const publicPlayer = (p: PlayerRow) => ({ id: p.id, name: p.name, bot: p.bot, createdAt: p.createdAt });

/** Spends a token of `budget` for `key`, or refuses with 429. */
export function spend(budget: RateBudget, key: string, what: string): void {
  if (!budget.take(key))
    throw new ApiError(429, 'rate_limited', `Too many ${what}; try again in ${budget.retryAfterSec(key)} s.`);
}

/** Has `key` a token in `budget` (nothing spent)? Else 429. */
export function check(budget: RateBudget, key: string, what: string): void {
  const wait = budget.retryAfterSec(key);
  if (wait > 0) throw new ApiError(429, 'rate_limited', `Too many ${what}; try again in ${wait} s.`);
}
