// After a restart (single instance): find the stored games that wait on a bot and start their
// bots, without holding every stored game in memory and after the server listens, so startup does
// not grow with the number of stored games.
import type { GameMaster } from './master.js';
import { botSeatsExpected } from './bot-driver.js';

/** Loads the active games one by one, keeps the ones that wait on a bot (and kicks their bots),
 * and drops the rest from memory again. */
export async function resumeBotGames(m: GameMaster): Promise<void> {
  let ids: string[];
  try {
    ids = await m.store.activeGameIds();
  } catch (e) {
    return m.log.error({ err: String(e) }, 'listing active games failed');
  }
  let resumed = 0;
  for (const id of ids) {
    if (m.closed) return;
    const had = m.inMemory(id) !== undefined;
    const g = await m.getLive(id).catch((e) => {
      m.log.error({ gameId: id, err: String(e) }, 'loading a game failed');
      return null;
    });
    if (!g) continue;
    if (botSeatsExpected(g).length) {
      resumed++;
      m.kickBots(g);
    } else if (!had && g.subs.size === 0 && g.lock.idle) m.forget(g);
    // Let requests in between: this runs after listen.
    await new Promise((r) => setImmediate(r));
  }
  m.log.info({ games: ids.length, resumed }, 'resumed bot games');
}
