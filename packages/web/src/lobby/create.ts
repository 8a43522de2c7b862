// Opening a table from the lobby's forms: create it, keep this device's seat, start it at once
// when it is a solo game, and go to it.
import { api, ApiError, type CreateOptions } from '../net/http.js';
import { forgetGame, saveGame } from '../net/saved.js';

export function go(hash: string): void {
  location.hash = hash;
}

export async function createAndOpen(o: CreateOptions, me: string, autoStart: boolean): Promise<void> {
  const r = await api.create(o);
  saveGame(r.gameId, { token: r.token, place: r.place, name: me, at: Date.now() });
  if (autoStart) {
    try {
      await api.start(r.gameId, r.token);
    } catch (e) {
      // The server may have started it already (or the answer was lost): go to the game. A start
      // it refused leaves nothing behind: no table waiting under the player's name (the server
      // closes it for the bot caps itself), no saved seat; the form says why.
      if (e instanceof ApiError && e.code !== 'started') {
        await api.leave(r.gameId, r.token).catch(() => undefined);
        forgetGame(r.gameId);
        throw e;
      }
    }
  }
  go(`#/g/${r.gameId}`);
}
