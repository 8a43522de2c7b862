// After a deletion: the games this instance holds in memory were loaded with the
// deleted player's names; each takes its renamed row from the store and its watchers get the new
// lobby frame. In a cluster the other instances are told to re-read those rows (the bus's lobby
// notice). Games out of memory load the renamed row when next opened.
import type { GameMaster } from '../play/master.js';

export async function forgetInMemory(master: GameMaster, gameIds: readonly string[]): Promise<void> {
  await master.store.cluster?.announceRenamed(gameIds);
  for (const id of gameIds) {
    const g = master.inMemory(id);
    if (!g) continue;
    await g.lock.run(async () => {
      const row = await master.store.getGame(id);
      if (row) g.row = row;
    });
    master.pushLobby(g);
  }
}
