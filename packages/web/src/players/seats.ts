// Every device has your games: a signed-in device asks the server for the seat
// tokens of the places its profile holds and keeps them beside the ones it got itself, so "My
// games" lists those tables and opening one resumes it in its seat.
import { call } from '../net/http.js';
import { saveGame, savedGames } from '../net/saved.js';
import { playerSession } from '../net/session.js';

interface HeldSeat {
  gameId: string;
  place: number;
  token: string;
}

/** Saves the profile's seat tokens on this device; a table this device holds at another place
 * (taken by its link, without the profile) keeps its own token. Fails quietly: without a profile
 * or a server without players, the tokens of this device are all there is. */
export async function syncProfileSeats(): Promise<void> {
  if (!playerSession()) return;
  let seats: HeldSeat[];
  try {
    seats = (await call<{ seats: HeldSeat[] }>('GET', '/api/me/seats')).seats;
  } catch {
    return;
  }
  const saved = savedGames();
  for (const s of seats) {
    const here = saved[s.gameId];
    if (here && here.place !== s.place) continue;
    if (here?.token !== s.token)
      saveGame(s.gameId, { token: s.token, place: s.place, name: here?.name ?? '', at: here?.at ?? Date.now() });
  }
}
