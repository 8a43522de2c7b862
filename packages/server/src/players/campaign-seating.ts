// What a table's campaign decides about the table, read from the player store alone: which
// campaign the table belongs to, and whose place recruits at it (seed 001: the sides are kept or
// swapped from game to game). campaign-tables.ts creates the tables; service.ts asks these two.
import type { GameRow } from '../store/types.js';
import type { PlayerStore } from '../store/players/types.js';
import { botPlayerId } from './bot-profiles.js';

/** The campaign a table belongs to: as a rematch table, or as a finished game of it. */
export async function campaignOf(store: PlayerStore, gameId: string): Promise<string | null> {
  return (await store.campaignOfTable(gameId)) ?? (await store.campaignOfGame(gameId));
}

/** At start: the place of the campaign's recruiter (null: not a campaign table). */
export async function campaignRecruiterPlace(store: PlayerStore, row: GameRow): Promise<number | null> {
  const id = await store.campaignOfTable(row.id);
  if (!id) return null;
  const c = await store.getCampaign(id);
  const want = c?.ledger.seating.recruiter[0];
  if (!want) return null;
  const byPlace = await store.placePlayers(row.id);
  const p = row.places.find((x) => (x.bot ? botPlayerId(x.bot) : byPlace.get(x.place)) === want);
  return p?.place ?? null;
}
