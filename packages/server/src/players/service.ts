// The players part of a running server (docs/players.md "Integration"): who a request
// is (Bearer token), which player holds which table place, and what happens to players when a
// game is over. Holds no per-game mutable state: everything lives in the PlayerStore.
import { randomInt } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Logger } from 'pino';
import { ApiError } from '../http/api-error.js';
import type { GameRow, GameStore } from '../store/types.js';
import type { PlayerRow, PlayerStore, Vacation } from '../store/players/types.js';
import { whoIs } from './accounts.js';
import { botPlayerId, ensureBotProfiles, isBotPlayerId } from './bot-profiles.js';
import { recordGameOver, type GameOverOutcome } from './game-over.js';
import { campaignOf, campaignRecruiterPlace } from './campaign-seating.js';
import { candidatesAt, pickRecruiterExcludingBeginners } from './recruiter-choice.js';
import { countsForRating } from './ratings-rules.js';

/** The longest Authorization header we read (a token is 43 characters). */
const MAX_AUTH = 200;

/** "Bearer <token>" -> token, or null (absent or malformed). */
export function bearer(req: IncomingMessage): string | null {
  const h = req.headers.authorization;
  if (typeof h !== 'string' || h.length > MAX_AUTH) return null;
  const m = /^Bearer ([A-Za-z0-9_-]{16,128})$/.exec(h);
  return m ? m[1]! : null;
}

/** How many of a player's tables the deletion check looks at (newest first). */
const DELETE_CHECK_TABLES = 200;

/** Unrecorded games one sweep looks at. */
const SWEEP_BATCH = 50;

/** D13 (docs/players.md "Absent players"): the finish rate counts this many recent games. */
export const FINISH_RATE_GAMES = 50;
/** Below this many games a player is new: a host's minimum finish rate does not keep them out. */
export const FINISH_RATE_MIN_GAMES = 5;
const DAY_MS = 24 * 3600_000;

export interface FinishRate {
  readonly finished: number;
  readonly started: number;
}

export class PlayerService {
  private sweepTimer: NodeJS.Timeout | null = null;
  private sweeping: Promise<unknown> | null = null;

  constructor(
    readonly store: PlayerStore,
    private readonly games: GameStore,
    private readonly log: Logger,
    /** Why the player may not sign in (a moderator's ban, admin/service.ts), or null. */
    readonly bans: ((playerId: string) => Promise<string | null>) | null = null,
  ) {}

  start(): Promise<void> {
    return ensureBotProfiles(this.store);
  }

  /** The player of the request's Bearer token, or null when there is none. A token that is
   * present but unknown or expired is an error, so a client learns its session is gone. */
  async optionalPlayer(req: IncomingMessage): Promise<{ player: PlayerRow; token: string } | null> {
    if (req.headers.authorization === undefined) return null;
    const token = bearer(req);
    const player = token ? await whoIs(this.store, token, Date.now()) : null;
    if (!player || !token)
      throw new ApiError(401, 'signed_out', 'This session has ended (signed out or expired); sign in again.');
    return { player, token };
  }

  async requirePlayer(req: IncomingMessage): Promise<{ player: PlayerRow; token: string }> {
    const me = await this.optionalPlayer(req);
    if (!me) throw new ApiError(401, 'no_session', 'Send your session token (Authorization: Bearer ...).');
    return me;
  }

  /** Whether a host's tables are listed before anonymous ones and it creates in its own lane:
   * the profile has a finished game played here, which a flood of new addresses or
   * accounts does not have. An uploaded offline game does not count: anyone can upload one. */
  async vouchesFor(player: PlayerRow): Promise<boolean> {
    return this.store.hasVerifiedGame(player.id);
  }

  /** D13: games finished out of games started, over the last FINISH_RATE_GAMES. */
  async finishRate(playerId: string): Promise<FinishRate> {
    const last = await this.store.historyOf(playerId, FINISH_RATE_GAMES);
    return { finished: last.filter((g) => !g.absent).length, started: last.length };
  }

  /** D13: the finish rates of the hosts of a page of open tables (by game id; a host without a
   * profile has none), in one read. */
  hostFinishRates(hosts: readonly { gameId: string; place: number }[]): Promise<Map<string, FinishRate>> {
    return this.store.finishRatesAt(hosts, FINISH_RATE_GAMES);
  }

  /** D13: each taken place's player's finish rate (places without a profile, and bots, have none). */
  async finishRates(
    gameId: string,
    now = Date.now(),
  ): Promise<{ place: number; finished: number; started: number; vacationUntil?: number }[]> {
    const byPlace = await this.store.placePlayers(gameId);
    const out = [];
    for (const [place, id] of [...byPlace].sort((a, b) => a[0] - b[0])) {
      if (isBotPlayerId(id)) continue;
      const v = await this.store.vacationOf(id);
      out.push({ place, ...(await this.finishRate(id)), ...(v && v.until > now ? { vacationUntil: v.until } : {}) });
    }
    return out;
  }

  /** D13: `days` of vacation from turn-based play, from now (or from the end of the one running),
   * within `perYear` days a calendar year (UTC). Answers the vacation as it now stands. */
  async takeVacation(player: PlayerRow, days: number, perYear: number, now: number): Promise<Vacation> {
    const year = new Date(now).getUTCFullYear();
    const had = await this.store.vacationOf(player.id);
    const used = had && had.year === year ? had.usedDays : 0;
    if (used + days > perYear)
      throw new ApiError(409, 'vacation_used', `You have ${perYear - used} vacation days left this year.`);
    const v = { until: Math.max(now, had?.until ?? 0) + days * DAY_MS, year, usedDays: used + days };
    await this.store.setVacation(player.id, v);
    return v;
  }

  /** D13: until when the player of `place` at `gameId` is on vacation, or null. */
  async vacationAt(gameId: string, place: number, now: number): Promise<number | null> {
    const id = (await this.store.placePlayers(gameId)).get(place);
    const v = id ? await this.store.vacationOf(id) : null;
    return v && v.until > now ? v.until : null;
  }

  /** D13: a table whose host asks for a minimum finish rate takes only players who show one:
   * signed in, and at that rate or better once they have FINISH_RATE_MIN_GAMES games. */
  async checkFinishRate(gameId: string, player: PlayerRow | null): Promise<void> {
    const min = (await this.games.getGame(gameId))?.options.minFinishRate;
    if (!min) return;
    const say = `This table asks for players who finish at least ${min}% of their games`;
    if (!player) throw new ApiError(403, 'finish_rate', `${say}: sign in to show yours.`);
    const r = await this.finishRate(player.id);
    if (r.started >= FINISH_RATE_MIN_GAMES && r.finished * 100 < min * r.started)
      throw new ApiError(403, 'finish_rate', `${say}; you finished ${r.finished} of your last ${r.started}.`);
  }

  /** A place just taken: tied to the player when the request carries one, else cleared (a place
   * left by a player and taken by someone without one must not count for the first). The seat
   * token goes with the link: the player's other signed-in devices get it. */
  async placeTaken(gameId: string, place: number, player: PlayerRow | null, seatToken: string): Promise<void> {
    if (player) await this.store.linkPlace(gameId, place, player.id, Date.now(), seatToken);
    else await this.store.unlinkPlace(gameId, place);
  }

  placeLeft(gameId: string, place: number): Promise<void> {
    return this.store.unlinkPlace(gameId, place);
  }

  /** Tables (waiting or running) in which the player still holds a place: deletion waits for them. */
  async openTablesOf(playerId: string): Promise<string[]> {
    const open: string[] = [];
    for (const id of await this.store.gamesWithPlaceOf(playerId, DELETE_CHECK_TABLES)) {
      const g = await this.games.getGame(id);
      if (g && (g.status === 'lobby' || g.status === 'active')) open.push(id);
    }
    return open;
  }

  /** Engine seat -> player id: people by their place's player, bots by their public profile. */
  async seatPlayers(row: GameRow): Promise<Map<number, string>> {
    const byPlace = await this.store.placePlayers(row.id);
    const out = new Map<number, string>();
    for (const s of row.start?.seats ?? []) {
      // An uploaded offline game is the uploader's word (docs/offline.md): a bot's profile shows
      // only games it played here.
      if (s.bot && row.options.local) continue;
      const id = s.bot ? botPlayerId(s.bot) : s.place !== null ? byPlace.get(s.place) : undefined;
      if (id) out.set(s.seat, id);
    }
    return out;
  }

  /** The recruiter of a campaign table (its seating), else "random, excluding beginners" (seed 003): the recruiter's place among the places whose
   * player has a finished game (bots count as experienced); all beginners: plain random + note. */
  async pickRecruiter(row: GameRow): Promise<{ place: number; note: string | null } | null> {
    const campaign = await campaignRecruiterPlace(this.store, row);
    if (campaign !== null) return { place: campaign, note: null };
    if (row.options.recruiterChoice !== 'random-experienced') return null;
    const byPlace = await this.store.placePlayers(row.id);
    const candidates = await candidatesAt(
      this.store,
      row.places.map((p) => ({ place: p.place, playerId: byPlace.get(p.place) ?? null, bot: p.bot !== null })),
    );
    const r = pickRecruiterExcludingBeginners(candidates, (n) => randomInt(n));
    if (!r.ok) throw new ApiError(409, 'no_candidates', r.message);
    return { place: r.place, note: r.note };
  }

  /** At game over: history, ratings when the table is rated, the campaign's next step. Never
   * throws into play; a failure is logged and the game stays queued for the sweep. */
  async gameOver(row: GameRow): Promise<void> {
    try {
      await this.record(row);
    } catch (e) {
      this.log.error(
        { gameId: row.id, err: e instanceof Error ? e.message.slice(0, 200) : 'error' },
        'game over: players not recorded (the sweep retries)',
      );
    }
  }

  private async record(row: GameRow): Promise<GameOverOutcome> {
    return recordGameOver(this.store, row, {
      seatPlayers: await this.seatPlayers(row),
      rated: countsForRating(row),
      campaignId: await campaignOf(this.store, row.id),
      now: Date.now(),
    });
  }

  /**
   * Finished games whose result is not recorded yet (the instance that saw the end failed or died,
   * or another instance ended them): records them. Idempotent with gameOver and with the sweeps of
   * other instances. Returns how many this call recorded.
   */
  async recordPending(limit = SWEEP_BATCH): Promise<number> {
    let n = 0;
    for (const id of await this.store.unrecordedGames(limit)) {
      try {
        const row = await this.games.getGame(id);
        // A game the game store no longer holds has nobody to record: take it off the queue.
        const r = row ? await this.record(row) : await this.store.recordFinishedGame(id, [], null);
        if (r === 'recorded' || r === true) n++;
      } catch (e) {
        this.log.error({ gameId: id, err: e instanceof Error ? e.message.slice(0, 200) : 'error' }, 'recording failed');
      }
    }
    return n;
  }

  /** Sweeps the unrecorded games now (a restart finds what the last run left) and every `ms`. */
  startSweep(ms: number): void {
    const run = () => {
      if (this.sweeping) return;
      this.sweeping = this.recordPending()
        .catch((e) => this.log.error({ err: String(e) }, 'game-over sweep failed'))
        .finally(() => (this.sweeping = null));
    };
    run();
    this.sweepTimer = setInterval(run, ms);
    this.sweepTimer.unref();
  }

  /** Stops the sweep and waits for a running one. */
  async stop(): Promise<void> {
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    this.sweepTimer = null;
    await this.sweeping;
  }
}
