// What happens to players when a game is over (docs/players.md, "Integration"): one history row
// per player, Glicko-2 ratings when the table was rated, and the campaign's next step. Called by
// whichever instance sees the game end, and retried by every instance's sweep until it is
// recorded; recording is idempotent, so several may try.
import type { GameRow } from '../store/types.js';
import type { PlayerGameRow, PlayerStore, Role } from '../store/players/types.js';
import { recordResult } from './campaign.js';
import { glickoRateFn } from './rate-game.js';

export interface GameOverInput {
  /** Engine seat -> player id, for the seats that have a player (bots: their profile ids). */
  readonly seatPlayers: ReadonlyMap<number, string>;
  readonly rated: boolean;
  /** Player ids whose ratings stay as they are (e.g. a settled bot profile). */
  readonly fixed?: ReadonlySet<string>;
  readonly campaignId: string | null;
  readonly now: number;
}

const roleOf = (seat: number): Role => (seat === 0 ? 'recruiter' : 'agents');

/**
 * One row per player. A person holding several seats (agents controlled together, R32) gets one
 * row, for their lowest seat: they played one game on one side.
 */
export function historyRows(game: GameRow, o: GameOverInput): PlayerGameRow[] {
  if (game.status !== 'over' || !game.result || !game.start) return [];
  const rows = new Map<string, PlayerGameRow>();
  for (const s of [...game.start.seats].sort((a, b) => a.seat - b.seat)) {
    const playerId = o.seatPlayers.get(s.seat);
    if (!playerId || rows.has(playerId)) continue;
    const role = roleOf(s.seat);
    rows.set(playerId, {
      playerId,
      gameId: game.id,
      finishedAt: game.updatedAt,
      role,
      seat: s.seat,
      place: s.place,
      mode: game.options.mode,
      won: game.result.winner === role,
      rated: o.rated,
      campaignId: o.campaignId,
    });
  }
  return [...rows.values()];
}

export type GameOverOutcome = 'recorded' | 'already-recorded' | 'not-over';

/**
 * The campaign first (compare-and-set, retried; a game already in its ledger is left alone), then
 * history and ratings in one transaction that also takes the game off the unrecorded queue. In
 * this order a failure anywhere leaves the game queued, and the retry (players/service.ts sweep)
 * finds each step done at most once: the ledger holds the game or not, recorded_games holds it or
 * not. Two instances recording together: one campaign update wins the compare-and-set, one insert
 * into recorded_games wins the key.
 */
export async function recordGameOver(store: PlayerStore, game: GameRow, o: GameOverInput): Promise<GameOverOutcome> {
  if (game.status !== 'over' || !game.result) return 'not-over';
  if (o.campaignId) await advanceCampaign(store, o.campaignId, game.id, game.result.winner, o.now);
  const rows = historyRows(game, o);
  const first = await store.recordFinishedGame(
    game.id,
    rows,
    o.rated ? glickoRateFn(rows, o.fixed ?? new Set(), o.now) : null,
  );
  return first ? 'recorded' : 'already-recorded';
}

/** Adds the game's result to its campaign; a game already in it is left alone (idempotent). */
async function advanceCampaign(
  store: PlayerStore,
  id: string,
  gameId: string,
  winner: Role,
  now: number,
): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const c = await store.getCampaign(id);
    if (!c) return;
    const r = recordResult(c.ledger, gameId, winner);
    if (!r.ok) return; // already recorded
    if ((await store.updateCampaign(id, c.version, r.campaign, now)) === 'ok') return;
  }
  throw new Error(`campaign ${id}: too many concurrent updates`);
}
