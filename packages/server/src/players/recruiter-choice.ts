// The table option "random, excluding beginners" (seed 003: ランダム (初心者を除く) — 初めてのプレイヤー
// 以外でランダムで決定する, "decided at random among players other than first-timers").
//
// Where the seed is silent (docs/players.md):
// - A beginner is a person whose player has no FINISHED game on this server (games abandoned in
//   the lobby or still running do not count; a finished game counts whatever the result or role).
// - A person without a player record (an old-style seat token) is a beginner: we cannot know better.
// - Bots are never beginners. So a table of first-timers and a bot gives the bot the recruiter's
//   role, which is what the option is for: a first game is easier on the agents' side.
// - If every candidate is a beginner the choice falls back to plain random and says so, so the
//   table can show "Everyone is new here: the recruiter was drawn among all players".
//
// The pick is pure: the random source is injected (the server passes node:crypto's randomInt).
// `candidatesAt` reads the finished-game counts of the people at a table from the player store.
import type { PlayerStore } from '../store/players/types.js';

export interface Candidate {
  /** Table place (1..5). */
  readonly place: number;
  readonly beginner: boolean;
}

/** An integer in [0, n). */
export type RandomInt = (n: number) => number;

export type RecruiterPick =
  | { readonly ok: true; readonly place: number; readonly fallback: boolean; readonly note: string | null }
  | { readonly ok: false; readonly code: 'no_candidates' | 'bad_random'; readonly message: string };

export const ALL_BEGINNERS_NOTE = 'Everyone at this table is new here: the recruiter was drawn among all players.';

export function isBeginner(p: { readonly bot: boolean; readonly finishedGames: number | null }): boolean {
  return !p.bot && !(p.finishedGames && p.finishedGames > 0);
}

export function pickRecruiterExcludingBeginners(candidates: readonly Candidate[], random: RandomInt): RecruiterPick {
  if (!candidates.length) return { ok: false, code: 'no_candidates', message: 'There is nobody at the table.' };
  // Sorted by place so the same random number picks the same person whatever order the caller used.
  const all = [...candidates].sort((a, b) => a.place - b.place);
  const experienced = all.filter((c) => !c.beginner);
  const fallback = experienced.length === 0;
  const pool = fallback ? all : experienced;
  const i = random(pool.length);
  if (!Number.isInteger(i) || i < 0 || i >= pool.length)
    return { ok: false, code: 'bad_random', message: `The random source gave ${i} for a draw among ${pool.length}.` };
  return { ok: true, place: pool[i]!.place, fallback, note: fallback ? ALL_BEGINNERS_NOTE : null };
}

/** A table's places as candidates: who is a beginner, from the players' finished games. */
export async function candidatesAt(
  store: PlayerStore,
  places: readonly { readonly place: number; readonly playerId: string | null; readonly bot: boolean }[],
): Promise<Candidate[]> {
  const ids = places.flatMap((p) => (p.playerId && !p.bot ? [p.playerId] : []));
  const counts = ids.length ? await store.finishedCounts(ids) : new Map<string, number>();
  return places.map((p) => ({
    place: p.place,
    beginner: isBeginner({ bot: p.bot, finishedGames: p.playerId ? (counts.get(p.playerId) ?? 0) : null }),
  }));
}
