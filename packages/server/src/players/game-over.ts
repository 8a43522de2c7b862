// What happens to players when a game is over (docs/players.md, "Integration"): one history row
// per player, Glicko-2 ratings when the table was rated, and the campaign's next step. Called by
// whichever instance sees the game end, and retried by every instance's sweep until it is
// recorded; recording is idempotent, so several may try.
import type { GameRow } from '../store/types.js';
import type { PlayerGameRow, PlayerStore, RateFn, Role } from '../store/players/types.js';
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

/** D14: the table abandoned the game by agreement (no winner, unrated). */
export const isAbandoned = (game: GameRow): boolean => game.result?.reason === 'abandoned';

/** D13 (docs/players.md "Absent players"): the seats a stand-in played when the game ended. */
export function absentSeats(game: GameRow): Set<number> {
  return new Set((game.start?.seats ?? []).filter((s) => s.standIn).map((s) => s.seat));
}

/**
 * One row per player. An absent player (a stand-in held their seat at the end, D13) is recorded
 * with a loss whatever the result: leaving a game, or letting its time run out, loses it. A
 * person holding several seats (agents controlled together, R32) gets one
 * row, for their lowest seat: they played one game on one side.
 */
export function historyRows(game: GameRow, o: GameOverInput): PlayerGameRow[] {
  if (game.status !== 'over' || !game.result || !game.start) return [];
  // D14: a game abandoned by agreement is nobody's win, and unrated for everyone.
  const rated = o.rated && !isAbandoned(game);
  const rows = new Map<string, PlayerGameRow>();
  const absent = absentSeats(game);
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
      won: game.result.winner === role && !absent.has(s.seat),
      rated,
      campaignId: o.campaignId,
      ...(absent.has(s.seat) ? { absent: true } : {}),
      ...(isAbandoned(game) ? { abandoned: true } : {}),
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
  // D14: an abandoned game is no step of its campaign, and rates nobody.
  const winner = game.result.winner;
  if (o.campaignId && winner) await advanceCampaign(store, o.campaignId, game.id, winner, o.now);
  const rows = historyRows(game, o);
  const rate = o.rated && !isAbandoned(game) ? rateWithAbsent(game, rows, o) : null;
  const first = await store.recordFinishedGame(game.id, rows, rate);
  return first ? 'recorded' : 'already-recorded';
}

/**
 * D13 (docs/players.md "Absent players"): with nobody absent, the game is rated as played. With
 * an absent player, that player is rated as having lost to the other side; a player who was
 * there is rated only when their side won (a loss with or against a stand-in, which is not the
 * player they sat down with, leaves their rating as it was; their record keeps it).
 */
export function rateWithAbsent(game: GameRow, rows: readonly PlayerGameRow[], o: GameOverInput): RateFn {
  const fixed = o.fixed ?? new Set<string>();
  const absent = absentSeats(game);
  if (!absent.size) return glickoRateFn(rows, fixed, o.now);
  const winner = game.result!.winner;
  // The rows as the game was won, and as the other side would have won it (for an absent
  // player on the winning side: rated as their side losing).
  const asPlayed = rows.map((r) => ({ ...r, won: r.role === winner }));
  const asLost = rows.map((r) => ({ ...r, won: r.role !== winner }));
  return (before) => {
    const played = glickoRateFn(asPlayed, fixed, o.now)(before);
    const lost = glickoRateFn(asLost, fixed, o.now)(before);
    const pick = (r: PlayerGameRow) => {
      const from = absent.has(r.seat) && r.role === winner ? lost : played;
      return from.find((x) => x.playerId === r.playerId && x.role === r.role);
    };
    return rows
      .filter((r) => absent.has(r.seat) || r.role === winner)
      .flatMap((r) => {
        const x = pick(r);
        return x ? [x] : [];
      });
  };
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
