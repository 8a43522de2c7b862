// Starting a table: the host's request turns places into engine seats (play/seating.ts, R32), draws
// the secret setup (play/setup.ts), stores the start once (compare-and-set on the lobby status),
// and sends every subscriber its first `state` frame.
import { ENGINE_VERSION } from '@mindmgmt/engine';
import { ApiError } from '../http/api-error.js';
import { type BotGameStarter, botGameRefusal } from '../bots/game-budget.js';
import { CLOSED_TABLE_TITLE } from '../store/players/former-player.js';
import type { GameMaster } from '../play/master.js';
import { drawStart, initialState } from '../play/setup.js';
import { assignSeats } from '../play/seating.js';
import type { GameRow } from '../store/types.js';
import { deadlineFor, startClock } from '../play/deadlines.js';
import { hashToken } from '../play/tokens.js';
import { expired } from './expired.js';

export interface StartHooks {
  /** Players: the recruiter's place when the players decide it (a campaign's seating,
   * 'random-experienced' of seed 003); null: the table's own rule. */
  readonly pickRecruiter: ((row: GameRow) => Promise<{ place: number; note: string | null } | null>) | null;
  /** Cluster: claims the new game's bot work for this instance. */
  readonly claimBots: (id: string) => Promise<void>;
}

/** A start refused for the bot-game caps that closed the host's lone table: the refusal, and the
 * place the host left (the caller unlinks it from the host's profile). */
export class ClosedOnRefusal extends ApiError {
  constructor(
    refusal: ApiError,
    readonly place: number,
  ) {
    super(refusal.status, refusal.code, refusal.message);
  }
}

/**
 * Starts the table. A start refused for the bot-game caps closes the table when the host is the
 * only person at it (every other place a bot, as "Play solo" makes it): nobody can join it, and
 * it would wait in the lobby under the host's name (throws ClosedOnRefusal then).
 */
export async function startGame(
  m: GameMaster,
  hooks: StartHooks,
  id: string,
  token: string,
  who: BotGameStarter,
): Promise<void> {
  const g = await m.mustGet(id);
  const h = hashToken(token);
  await g.lock.run(async () => {
    await m.fresh(g);
    const r = g.row;
    if (r.status !== 'lobby') throw new ApiError(409, 'started', 'The game has already started.');
    const me = r.places.find((x) => x.tokenHash === h);
    if (!me) throw new ApiError(403, 'bad_token', 'That token holds no place at this table.');
    if (me.place !== r.hostPlace) throw new ApiError(403, 'not_host', 'Only the host can start the game.');
    if (expired(r, m.limits.lobbyIdleMs))
      throw new ApiError(410, 'expired', 'This table expired unused; open a new one.');
    if (r.places.length < r.options.players)
      throw new ApiError(409, 'not_full', 'Every place must be taken (by a person or a bot) first.');
    const pick = !r.options.solo && hooks.pickRecruiter ? await hooks.pickRecruiter(r) : null;
    const seats = assignSeats(r, pick?.place ?? null);
    const withBots = seats.some((s) => s.bot !== null);
    // Fewer games than the cap while the workers serve less than it assumes (a loaded machine).
    const busy = m.bots.oldestWaitMs > m.limits.botQueueWaitMs;
    const hold = !withBots ? null : busy ? 'total' : m.botGames.acquire(who);
    if (typeof hold === 'string') {
      const refusal = botGameRefusal(hold, m.botGames.caps);
      if (r.places.every((x) => x.place === me.place || x.tokenHash === null)) {
        if (await m.store.removePlace(id, me.place, null, true, CLOSED_TABLE_TITLE)) {
          const places = r.places.filter((x) => x.place !== me.place);
          g.row = { ...r, places, hostPlace: null, status: 'closed', title: CLOSED_TABLE_TITLE };
          m.log.info({ gameId: id, code: refusal.code }, 'table closed: start refused for its bots');
          for (const c of g.subs) if (c.tokenHash === h) c.tokenHash = null;
          m.pushLobby(g);
          throw new ClosedOnRefusal(refusal, me.place);
        }
      }
      throw refusal;
    }
    const { engineOptions, seed } = drawStart(
      r.options.mode,
      Math.max(1, r.options.players - 1),
      r.options.recruiterCard,
    );
    const state = initialState({ engineOptions, seed });
    const startedAt = m.now();
    const start = {
      seed,
      engineVersion: ENGINE_VERSION,
      engineOptions,
      seats,
      startedAt,
      ...(pick?.note ? { recruiterNote: pick.note } : {}),
    };
    const clock = startClock(r.options, seats.length, startedAt);
    const deadline = deadlineFor(m.limits.gameInactiveMs, { ...r, start, clock }, state, startedAt);
    try {
      if (!(await m.store.startGame(id, { ...start, deadline, clock })))
        throw new ApiError(409, 'started', 'The game has already started.');
      g.row = { ...r, status: 'active', start, seq: 0, deadline, clock, updatedAt: startedAt };
      m.started(g, state);
    } catch (e) {
      if (hold) m.botGames.release(hold);
      throw e;
    }
    if (hold) {
      g.botHold = hold;
      await hooks.claimBots(id);
    }
    m.log.info({ gameId: id, mode: engineOptions.mode, agentSeats: engineOptions.agentSeats }, 'game started');
    m.pushLobby(g);
    m.pushStates(g);
    m.kickBots(g);
  });
}
