// Sign-out everywhere also revokes the seat tokens of the player's devices: a seat
// token is a bearer credential of its own (it opens the seat's secret view and plays its moves),
// so a device signed out of the profile must lose its tables too. Every place the player holds at
// a waiting or running table gets a new token; the old ones stop working at once. The device that
// asked, when it keeps its session, receives the new tokens; other devices have none until they
// sign in again, when GET /api/me/seats hands them the new ones.
import { ApiError } from '../http/api-error.js';
import type { PlayerStore } from '../store/players/types.js';

/** The tables a sign-out everywhere looks at: the player's most recently joined (as deletion). */
export const REVOKE_TABLES = 200;

export interface SeatTokens {
  /** A new token for the place (null: no such place or the game is over). */
  replaceToken(gameId: string, place: number): Promise<string | null>;
}

export interface NewSeatToken {
  readonly gameId: string;
  readonly place: number;
  readonly token: string;
}

export async function revokeSeatTokens(
  store: PlayerStore,
  seats: SeatTokens,
  playerId: string,
): Promise<NewSeatToken[]> {
  const out: NewSeatToken[] = [];
  for (const gameId of await store.gamesWithPlaceOf(playerId, REVOKE_TABLES))
    for (const [place, holder] of await store.placePlayers(gameId)) {
      if (holder !== playerId) continue;
      // A table gone meanwhile (404) has no token left to revoke; anything else fails the request.
      const token = await seats.replaceToken(gameId, place).catch((e: unknown) => {
        if (e instanceof ApiError) return null;
        throw e;
      });
      if (!token) continue;
      await store.setSeatToken(gameId, place, playerId, token);
      out.push({ gameId, place, token });
    }
  return out;
}
