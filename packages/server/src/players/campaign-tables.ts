// Campaign tables (issue 13, seed 001): "Rematch" at the end of a game opens the next game of the
// campaign (same group, sides kept or swapped), the ledger is shown and exported, each side
// writes down its modules. The ledger rules are campaign.ts; this file ties them to tables:
// which campaign a table belongs to, who recruits at it, who may join it.
import { randomBytes } from 'node:crypto';
import { ApiError } from '../api-error.js';
import type { GameService } from '../games.js';
import { createGameSchema } from '@mindmgmt/table';
import { hashToken } from '../tokens.js';
import type { PlayerRow, PlayerStore } from '../store/players/types.js';
import { isBotPlayerId } from './bot-profiles.js';
import { campaignOf } from './campaign-seating.js';
import {
  allowance,
  chooseModules,
  newCampaign,
  other,
  recordResult,
  rematch,
  swappedSeating,
  type Campaign,
  type CampaignResult,
  type Side,
} from './campaign.js';
import type { PlayerService } from './service.js';

const CAS_TRIES = 5;

export function campaignView(id: string, ledger: Campaign) {
  return {
    id,
    ledger,
    allowance: { recruiter: allowance(ledger, 'recruiter'), agents: allowance(ledger, 'agents') },
  };
}

/**
 * A losing side played only by bots (a solo campaign) writes down no modules: the bots play
 * without them (the packages' contents are not in our sources, so a bot could not use them).
 * Recorded at once as 0, so the person on the winning side is not left waiting for a choice that
 * never comes; by seed 001 they then choose fewer than 0, that is none.
 */
function botsChooseNone(c: Campaign): CampaignResult {
  const loser = c.lastLoser;
  if (!loser || c.next[loser] || !c.seating[loser].every(isBotPlayerId)) return { ok: true, campaign: c };
  return chooseModules(c, loser, 0, '');
}

export class CampaignTables {
  private readonly store: PlayerStore;
  /** The rematch running for each finished game here: the next request for it waits, then finds
   * the table (issue 29 §5: 50 concurrent requests made 7 tables, 6 of them unlinked). */
  private readonly rematching = new Map<string, Promise<unknown>>();

  constructor(
    private readonly players: PlayerService,
    private readonly games: GameService,
  ) {
    this.store = players.store;
  }

  /** Applies `f` to the ledger with compare-and-set, retried; refusals become 409s. */
  private async update(id: string, f: (c: Campaign) => CampaignResult | null): Promise<Campaign> {
    for (let i = 0; i < CAS_TRIES; i++) {
      const row = await this.store.getCampaign(id);
      if (!row) throw new ApiError(404, 'not_found', 'There is no such campaign.');
      const r = f(row.ledger);
      if (r === null) return row.ledger;
      if (!r.ok) throw new ApiError(409, r.code, r.message);
      if ((await this.store.updateCampaign(id, row.version, r.campaign, Date.now())) === 'ok') return r.campaign;
    }
    throw new ApiError(503, 'busy', 'The campaign is being changed by someone else; try again.');
  }

  /** The campaign a table belongs to (campaign-seating.ts). */
  campaignOf(gameId: string): Promise<string | null> {
    return campaignOf(this.store, gameId);
  }

  /** "Rematch" by someone seated at a finished game: the next table of its campaign (a campaign
   * starts with this game if it was not part of one). If the rematch table exists, it is named. */
  async rematch(oldId: string, token: string, swap: boolean) {
    const before = this.rematching.get(oldId) ?? Promise.resolve();
    const run = before.catch(() => undefined).then(() => this.rematchOnce(oldId, token, swap));
    this.rematching.set(oldId, run);
    try {
      return await run;
    } finally {
      if (this.rematching.get(oldId) === run) this.rematching.delete(oldId);
    }
  }

  private async rematchOnce(oldId: string, token: string, swap: boolean) {
    try {
      return await this.rematchUnguarded(oldId, token, swap);
    } catch (e) {
      if (e instanceof ApiError) throw e;
      // Another instance made the rematch at the same moment (PostgreSQL: a duplicate key on
      // the campaign's games): answer its table, never a 500.
      const theirs = await this.store.tableAfter(oldId);
      if (theirs) return { gameId: theirs, token: null, place: null, invite: this.games.invite(theirs) };
      this.games.log.warn(
        { gameId: oldId, err: e instanceof Error ? e.message.slice(0, 200) : 'error' },
        'rematch raced',
      );
      throw new ApiError(409, 'rematch_busy', 'The rematch is being opened by someone else; try again.');
    }
  }

  private async rematchUnguarded(oldId: string, token: string, swap: boolean) {
    const row = await this.games.store.getGame(oldId);
    if (!row || !row.start) throw new ApiError(404, 'not_found', 'There is no such game.');
    const h = hashToken(token);
    const me = row.start.seats.find((s) => s.tokenHash === h);
    if (!me) throw new ApiError(403, 'bad_token', 'That token holds no seat in this game.');
    if (row.status !== 'over' || !row.result) throw new ApiError(409, 'not_over', 'A rematch follows a finished game.');
    const existing = await this.store.tableAfter(oldId);
    if (existing) return { gameId: existing, token: null, place: null, invite: this.games.invite(existing) };

    const seatPlayers = await this.players.seatPlayers(row);
    if (row.start.seats.some((s) => !seatPlayers.has(s.seat)))
      throw new ApiError(409, 'no_profiles', 'A campaign needs everyone at the table to have a profile.');
    const winner = row.result.winner;
    // The game over is recorded (history, ratings) before the campaign may start with this game,
    // whichever comes first otherwise: the history of a campaign's first game then never depends
    // on how fast the rematch was asked for (regression: its campaign link came and went). It is
    // idempotent, and never throws.
    await this.players.gameOver(row);
    let id = await this.campaignOf(oldId);
    if (!id) {
      const agents = [...new Set(row.start.seats.filter((s) => s.seat !== 0).map((s) => seatPlayers.get(s.seat)!))];
      const c = newCampaign({ recruiter: [seatPlayers.get(0)!], agents });
      if (!c.ok) throw new ApiError(409, c.code, c.message);
      id = `c_${randomBytes(12).toString('base64url')}`;
      const now = Date.now();
      await this.store.createCampaign({
        id,
        createdAt: now,
        updatedAt: now,
        version: 0,
        ledger: c.campaign,
        members: [],
      });
    }
    const ledger = await this.update(id, (c) => {
      // The game-over step may not have run yet: record the result here (idempotent).
      // An abandoned game (D14) is no step of the campaign: the rematch follows the last one.
      const recorded = winner ? recordResult(c, oldId, winner) : ({ ok: false } as const);
      const base = recorded.ok ? recorded.campaign : c;
      const r = rematch(base, swap ? swappedSeating(base) : base.seating);
      return r.ok ? botsChooseNone(r.campaign) : r;
    });

    const o = row.options;
    const fixedCard = o.recruiterCard !== 'random' && o.recruiterCard !== 'choose';
    const bots = Object.fromEntries(row.places.filter((p) => p.bot).map((p) => [String(p.place), p.bot!]));
    const body = createGameSchema.parse({
      name: me.name,
      mode: o.mode,
      // A fixed card was the old recruiter's choice; the new recruiter gets a random one.
      recruiterCard: fixedCard ? 'random' : o.recruiterCard,
      recruiterChoice: 'random', // the campaign's seating decides (recruiterPlace)
      players: o.players,
      bots: o.solo ? {} : bots,
      ...(o.solo ? { solo: { role: swap ? other(o.solo.role) : o.solo.role, level: o.solo.level } } : {}),
      turnTimerSec: o.turnTimerSec,
      ...(o.timeControl ? { timeControl: o.timeControl } : {}),
      ...(o.standInLevel ? { standInLevel: o.standInLevel } : {}),
      assistant: o.assistant,
      rated: o.rated ?? true,
      title: `Campaign game ${ledger.games.length + 1}`,
    });
    const created = await this.games.createGame(body);
    const mine = await this.store.getPlayer(seatPlayers.get(me.seat)!);
    await this.players.placeTaken(created.gameId, created.place, mine, created.token);
    if (!(await this.store.linkCampaignTable(created.gameId, id, oldId))) {
      // Another instance linked its table first: ours is closed, not left listed and unlinked.
      await this.games.leave(created.gameId, created.token);
      const theirs = (await this.store.tableAfter(oldId))!;
      return { gameId: theirs, token: null, place: null, invite: this.games.invite(theirs) };
    }
    return created;
  }

  /** Joining a campaign table: only its group, each with their profile. */
  async checkJoin(gameId: string, player: PlayerRow | null): Promise<void> {
    const id = await this.store.campaignOfTable(gameId);
    if (!id) return;
    const c = await this.store.getCampaign(id);
    const group = c ? [...c.ledger.seating.recruiter, ...c.ledger.seating.agents] : [];
    if (!player || !group.includes(player.id))
      throw new ApiError(403, 'not_in_campaign', 'This table continues a campaign; only its group may join.');
  }

  async view(id: string) {
    const row = await this.store.getCampaign(id);
    if (!row) throw new ApiError(404, 'not_found', 'There is no such campaign.');
    return campaignView(id, row.ledger);
  }

  /** A side writes down its modules for the next game: only a member of that side. */
  async choose(id: string, player: PlayerRow, side: Side, count: number, text: string) {
    const ledger = await this.update(id, (c) => {
      if (!c.seating[side].includes(player.id))
        throw new ApiError(403, 'not_your_side', 'Only a player of that side chooses its modules.');
      return chooseModules(c, side, count, text);
    });
    return campaignView(id, ledger);
  }
}
