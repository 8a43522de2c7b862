// In-memory twin of the SQL player store (unit tests), same semantics; the shared suite
// (test/players/player-store-suite.ts) holds them to it.
import { needsTouch } from './session-touch.js';
import type { Campaign } from './campaign-ledger.js';
import type { MemoryStore } from '../memory.js';
import { StoreError } from '../types.js';
import { FORMER_PLAYER_TITLE, titleWithout } from './former-player.js';
import {
  ratingKey,
  type CampaignRow,
  type HistoryCursor,
  type ChatRow,
  type ChatSettings,
  type HeldSeat,
  type LeaderRow,
  type NewChat,
  type PlayerGameRow,
  type PlayerRow,
  type PlayerStore,
  type RateFn,
  type RatingRow,
  type Vacation,
  type Role,
  type RoleModeStats,
  NOT_OVER,
  type SessionRow,
} from './types.js';

const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

export class MemoryPlayerStore implements PlayerStore {
  readonly chatBus = null;
  private readonly players = new Map<string, PlayerRow>();
  private readonly sessions = new Map<string, SessionRow>();
  private readonly recorded = new Set<string>();
  private games: PlayerGameRow[] = [];
  /** Offline games uploaded, by `playerId/gameId`. */
  private readonly offline = new Map<string, { playerId: string; bytes: number; at: number }>();
  private readonly ratings = new Map<string, RatingRow>();
  private readonly campaigns = new Map<string, Omit<CampaignRow, 'members'> & { members: Set<string> }>();
  private chat: ChatRow[] = [];
  private readonly chatPolicy = new Map<string, { spectatorsWrite: boolean; muted: Set<number> }>();
  private readonly tables = new Map<string, { campaignId: string; after: string }>();
  /** "gameId/place" -> player id and when. */
  private readonly places = new Map<
    string,
    { gameId: string; place: number; playerId: string; at: number; token: string | null }
  >();
  /** handle key -> player id and the handle as typed. */
  private readonly handles = new Map<string, { playerId: string; handle: string }>();

  /** `games`: the game store whose seats a deleted player leaves under the neutral name. */
  constructor(private readonly gameStore: MemoryStore | null = null) {}

  async createPlayer(p: PlayerRow, first: SessionRow | null): Promise<void> {
    if (this.players.has(p.id)) throw new Error('duplicate player id');
    if (first && this.sessions.has(first.tokenHash)) throw new Error('duplicate session');
    this.players.set(p.id, clone(p));
    if (first) this.sessions.set(first.tokenHash, clone(first));
  }
  async getPlayer(id: string): Promise<PlayerRow | null> {
    const p = this.players.get(id);
    return p ? clone(p) : null;
  }
  private update(id: string, f: (p: PlayerRow) => PlayerRow): boolean {
    const p = this.players.get(id);
    if (p) this.players.set(id, f(p));
    return !!p;
  }
  async rename(id: string, name: string): Promise<boolean> {
    return this.update(id, (p) => ({ ...p, name }));
  }
  async setPasswordHash(id: string, hash: string | null): Promise<boolean> {
    return this.update(id, (p) => ({ ...p, passwordHash: hash }));
  }

  async addSession(s: SessionRow): Promise<boolean> {
    const p = this.players.get(s.playerId);
    if (!p || p.bot !== null) return false;
    if (this.sessions.has(s.tokenHash)) throw new Error('duplicate session');
    this.sessions.set(s.tokenHash, clone(s));
    return true;
  }
  async sessionPlayer(tokenHash: string, now: number, slideTo: number): Promise<PlayerRow | null> {
    const s = this.sessions.get(tokenHash);
    if (!s) return null;
    if (s.expiresAt <= now) {
      this.sessions.delete(tokenHash);
      return null;
    }
    if (needsTouch(s.lastSeenAt, now))
      this.sessions.set(tokenHash, { ...s, lastSeenAt: now, expiresAt: Math.max(slideTo, s.expiresAt) });
    return this.getPlayer(s.playerId);
  }
  async deleteSession(tokenHash: string): Promise<boolean> {
    return this.sessions.delete(tokenHash);
  }
  async deleteSessions(playerId: string, keep?: string): Promise<number> {
    let n = 0;
    for (const [h, s] of this.sessions)
      if (s.playerId === playerId && h !== keep) {
        this.sessions.delete(h);
        n++;
      }
    return n;
  }
  async sessionsOf(playerId: string): Promise<SessionRow[]> {
    return [...this.sessions.values()]
      .filter((s) => s.playerId === playerId)
      .sort((a, b) => a.createdAt - b.createdAt || (a.tokenHash < b.tokenHash ? -1 : 1))
      .map(clone);
  }

  async recordFinishedGame(gameId: string, rows: readonly PlayerGameRow[], rate: RateFn | null): Promise<boolean> {
    const g = await this.gameStore?.getGame(gameId);
    if (g && g.status !== 'over') throw new StoreError(NOT_OVER);
    if (this.recorded.has(gameId)) return false;
    for (const r of rows) {
      if (r.gameId !== gameId) throw new Error('history row of another game');
      if (!this.players.has(r.playerId)) throw new Error('history row of an unknown player');
    }
    const keys = rows.map((r) => `${r.playerId}/${r.gameId}`);
    if (new Set(keys).size !== keys.length) throw new Error('duplicate history row');
    const before = new Map(
      rows.map((r) => [ratingKey(r.playerId, r.role), clone(this.ratings.get(ratingKey(r.playerId, r.role)) ?? null)]),
    );
    // Computed before anything changes, so a throwing `rate` leaves the store as it was.
    const after = rate ? rate(before) : [];
    for (const n of after) if (!this.players.has(n.playerId)) throw new Error('rating of an unknown player');
    this.recorded.add(gameId);
    this.games.push(...rows.map(clone));
    for (const n of after) this.ratings.set(ratingKey(n.playerId, n.role), clone(n));
    return true;
  }
  async historyOf(playerId: string, limit: number, before?: HistoryCursor): Promise<PlayerGameRow[]> {
    const older = (g: PlayerGameRow) =>
      !before || g.finishedAt < before.finishedAt || (g.finishedAt === before.finishedAt && g.gameId < before.gameId);
    return this.games
      .filter((g) => g.playerId === playerId && older(g))
      .sort((a, b) => b.finishedAt - a.finishedAt || (a.gameId < b.gameId ? 1 : -1))
      .slice(0, limit)
      .map(clone);
  }
  async statsOf(playerId: string): Promise<RoleModeStats[]> {
    const m = new Map<string, RoleModeStats>();
    // D14: an abandoned game is neither won nor lost.
    for (const g of this.games.filter((x) => x.playerId === playerId && !x.abandoned)) {
      const k = `${g.role}/${g.mode}`;
      const s = m.get(k) ?? { role: g.role, mode: g.mode, played: 0, won: 0 };
      m.set(k, { ...s, played: s.played + 1, won: s.won + (g.won ? 1 : 0) });
    }
    return [...m.values()].sort((a, b) => (a.role + a.mode < b.role + b.mode ? -1 : 1));
  }
  private readonly vacations = new Map<string, Vacation>();
  async vacationOf(playerId: string): Promise<Vacation | null> {
    return this.vacations.get(playerId) ?? null;
  }
  async setVacation(playerId: string, v: Vacation): Promise<void> {
    this.vacations.set(playerId, { ...v });
  }
  async finishedCounts(playerIds: readonly string[]): Promise<Map<string, number>> {
    return new Map(playerIds.map((id) => [id, this.games.filter((g) => g.playerId === id).length]));
  }
  async noteOfflineGame(playerId: string, gameId: string, bytes: number, now: number): Promise<void> {
    if (!this.players.has(playerId)) throw new Error('offline game of an unknown player');
    const k = `${playerId}/${gameId}`;
    if (!this.offline.has(k)) this.offline.set(k, { playerId, bytes, at: now });
  }
  async offlineGamesOf(playerId: string): Promise<{ count: number; bytes: number }> {
    const mine = [...this.offline.values()].filter((o) => o.playerId === playerId);
    return { count: mine.length, bytes: mine.reduce((n, o) => n + o.bytes, 0) };
  }
  async hasVerifiedGame(playerId: string): Promise<boolean> {
    return this.games.some((g) => g.playerId === playerId && !this.offline.has(`${playerId}/${g.gameId}`));
  }
  async ratingsOf(playerId: string): Promise<RatingRow[]> {
    return [...this.ratings.values()]
      .filter((r) => r.playerId === playerId)
      .sort((a, b) => (a.role < b.role ? -1 : 1))
      .map(clone);
  }
  async leaderboard(role: Role, limit: number, minGames: number, maxRd: number): Promise<LeaderRow[]> {
    const score = (r: RatingRow) => r.rating - 2 * r.rd;
    return [...this.ratings.values()]
      .filter((r) => r.role === role && r.games >= minGames && r.rd <= maxRd && this.players.has(r.playerId))
      .sort((a, b) => score(b) - score(a) || (a.playerId < b.playerId ? -1 : 1))
      .slice(0, limit)
      .map((r) => ({ ...clone(r), name: this.players.get(r.playerId)!.name, bot: this.players.get(r.playerId)!.bot }));
  }

  private people(l: Campaign): string[] {
    const all = [
      ...l.seating.recruiter,
      ...l.seating.agents,
      ...l.games.flatMap((g) => [...g.seating.recruiter, ...g.seating.agents]),
    ];
    return all.filter((p) => this.players.has(p));
  }
  async createCampaign(c: CampaignRow): Promise<void> {
    if (this.campaigns.has(c.id)) throw new Error('duplicate campaign id');
    const games = new Set(c.ledger.games.map((g) => g.gameId));
    for (const x of this.campaigns.values())
      if (x.ledger.games.some((g) => games.has(g.gameId))) throw new Error('game already in a campaign');
    const members = new Set([...this.people(c.ledger), ...c.members.filter((p) => this.players.has(p))]);
    this.campaigns.set(c.id, { ...clone(c), members });
  }
  private row(c: Omit<CampaignRow, 'members'> & { members: Set<string> }): CampaignRow {
    return { ...clone({ ...c, members: [] }), members: [...c.members].sort() };
  }
  async getCampaign(id: string): Promise<CampaignRow | null> {
    const c = this.campaigns.get(id);
    return c ? this.row(c) : null;
  }
  async updateCampaign(id: string, expectedVersion: number, ledger: Campaign, now: number): Promise<'ok' | 'stale'> {
    const c = this.campaigns.get(id);
    if (!c || c.version !== expectedVersion) return 'stale';
    const games = new Set(ledger.games.map((g) => g.gameId));
    for (const [k, x] of this.campaigns)
      if (k !== id && x.ledger.games.some((g) => games.has(g.gameId))) throw new Error('game already in a campaign');
    for (const p of this.people(ledger)) c.members.add(p);
    this.campaigns.set(id, { ...c, ledger: clone(ledger), version: c.version + 1, updatedAt: now });
    return 'ok';
  }
  async campaignOfGame(gameId: string): Promise<string | null> {
    for (const c of this.campaigns.values()) if (c.ledger.games.some((g) => g.gameId === gameId)) return c.id;
    return null;
  }
  async campaignsOf(playerId: string): Promise<CampaignRow[]> {
    return [...this.campaigns.values()]
      .filter((c) => c.members.has(playerId))
      .sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1))
      .map((c) => this.row(c));
  }

  async addChat(
    m: NewChat,
    maxPerGame: number,
    maxSpectators = maxPerGame,
  ): Promise<ChatRow | 'full' | 'spectators-full'> {
    const mine = this.chat.filter((c) => c.gameId === m.gameId);
    if (mine.length >= maxPerGame) return 'full';
    if (m.seat === null && mine.filter((c) => c.seat === null).length >= maxSpectators) return 'spectators-full';
    const row: ChatRow = { ...clone(m), n: mine.length ? Math.max(...mine.map((c) => c.n)) + 1 : 1, removed: false };
    this.chat.push(row);
    return clone(row);
  }
  async chatOf(gameId: string, after: number, limit: number): Promise<ChatRow[]> {
    return this.chat
      .filter((c) => c.gameId === gameId && c.n > after)
      .sort((a, b) => a.n - b.n)
      .slice(0, limit)
      .map(clone);
  }
  async chatBefore(gameId: string, before: number | null, limit: number): Promise<ChatRow[]> {
    return this.chat
      .filter((c) => c.gameId === gameId && (before === null || c.n < before))
      .sort((a, b) => a.n - b.n)
      .slice(-limit)
      .map(clone);
  }
  async chatBy(playerId: string, limit: number): Promise<ChatRow[]> {
    return this.chat
      .filter((c) => c.playerId === playerId)
      .sort((a, b) => a.at - b.at || (a.gameId < b.gameId ? -1 : a.gameId > b.gameId ? 1 : a.n - b.n))
      .slice(0, limit)
      .map(clone);
  }
  async chatSettings(gameId: string): Promise<ChatSettings> {
    const p = this.chatPolicy.get(gameId);
    return { spectatorsWrite: p?.spectatorsWrite ?? false, muted: [...(p?.muted ?? [])].sort((a, b) => a - b) };
  }
  private policyOf(gameId: string) {
    let p = this.chatPolicy.get(gameId);
    if (!p) this.chatPolicy.set(gameId, (p = { spectatorsWrite: false, muted: new Set() }));
    return p;
  }
  async setSpectatorsWrite(gameId: string, on: boolean): Promise<void> {
    this.policyOf(gameId).spectatorsWrite = on;
  }
  async setSeatMuted(gameId: string, seat: number, muted: boolean): Promise<void> {
    const p = this.policyOf(gameId);
    if (muted) p.muted.add(seat);
    else p.muted.delete(seat);
  }

  /** Without a trigger here: the game store's finished games that are not recorded. */
  async unrecordedGames(limit: number): Promise<string[]> {
    return (this.gameStore?.finishedGames() ?? [])
      .filter((g) => !this.recorded.has(g.id))
      .sort((a, b) => a.updatedAt - b.updatedAt || (a.id < b.id ? -1 : 1))
      .slice(0, limit)
      .map((g) => g.id);
  }

  async linkPlace(
    gameId: string,
    place: number,
    playerId: string,
    at: number,
    seatToken: string | null = null,
  ): Promise<void> {
    if (!this.players.has(playerId)) throw new Error('no such player');
    this.places.set(`${gameId}/${place}`, { gameId, place, playerId, at, token: seatToken });
  }
  async setSeatToken(gameId: string, place: number, playerId: string, seatToken: string): Promise<void> {
    const p = this.places.get(`${gameId}/${place}`);
    if (p && p.playerId === playerId) p.token = seatToken;
  }
  async seatTokensOf(playerId: string, limit: number): Promise<HeldSeat[]> {
    return [...this.places.values()]
      .filter((p) => p.playerId === playerId && p.token !== null)
      .sort((a, b) => b.at - a.at || (a.gameId < b.gameId ? -1 : 1))
      .slice(0, limit)
      .map((p) => ({ gameId: p.gameId, place: p.place, token: p.token! }));
  }
  async setHandle(playerId: string, key: string, handle: string): Promise<'ok' | 'taken' | 'no-player'> {
    const p = this.players.get(playerId);
    if (!p || p.bot !== null) return 'no-player';
    const holder = this.handles.get(key);
    if (holder && holder.playerId !== playerId) return 'taken';
    for (const [k, h] of this.handles) if (h.playerId === playerId) this.handles.delete(k);
    this.handles.set(key, { playerId, handle });
    return 'ok';
  }
  async playerByHandle(key: string): Promise<PlayerRow | null> {
    const h = this.handles.get(key);
    return h ? this.getPlayer(h.playerId) : null;
  }
  async handleOf(playerId: string): Promise<string | null> {
    for (const h of this.handles.values()) if (h.playerId === playerId) return h.handle;
    return null;
  }
  async unlinkPlace(gameId: string, place: number): Promise<void> {
    this.places.delete(`${gameId}/${place}`);
  }
  async placePlayers(gameId: string): Promise<Map<number, string>> {
    return new Map([...this.places.values()].filter((p) => p.gameId === gameId).map((p) => [p.place, p.playerId]));
  }
  async finishRatesAt(places: readonly { gameId: string; place: number }[], last: number) {
    const out = new Map<string, { finished: number; started: number }>();
    for (const { gameId, place } of places) {
      const id = (await this.placePlayers(gameId)).get(place);
      if (id === undefined) continue;
      const games = await this.historyOf(id, last);
      out.set(gameId, { finished: games.filter((g) => !g.absent).length, started: games.length });
    }
    return out;
  }
  async gamesWithPlaceOf(playerId: string, limit: number): Promise<string[]> {
    return [...this.places.values()]
      .filter((p) => p.playerId === playerId)
      .sort((a, b) => b.at - a.at || (a.gameId < b.gameId ? -1 : 1))
      .slice(0, limit)
      .map((p) => p.gameId);
  }
  async linkCampaignTable(gameId: string, campaignId: string, afterGameId: string): Promise<boolean> {
    if (!this.campaigns.has(campaignId)) throw new Error('no such campaign');
    if (this.tables.has(gameId) || [...this.tables.values()].some((t) => t.after === afterGameId)) return false;
    this.tables.set(gameId, { campaignId, after: afterGameId });
    return true;
  }
  async campaignOfTable(gameId: string): Promise<string | null> {
    return this.tables.get(gameId)?.campaignId ?? null;
  }
  async tableAfter(gameId: string): Promise<string | null> {
    for (const [g, t] of this.tables) if (t.after === gameId) return g;
    return null;
  }
  async deletePlayer(id: string, neutralName: string): Promise<boolean> {
    if (!this.players.has(id)) return false;
    // The handle is freed with its player (the SQL stores cascade).
    for (const [k, h] of this.handles) if (h.playerId === id) this.handles.delete(k);
    const names = [this.players.get(id)!.name];
    const held = new Set<string>();
    for (const [k, p] of this.places)
      if (p.playerId === id) {
        const had = this.gameStore?.renameSeat(p.gameId, p.place, null, neutralName);
        if (had) names.push(had);
        held.add(p.gameId);
        this.places.delete(k);
      }
    for (const g of this.games.filter((x) => x.playerId === id)) {
      const had = this.gameStore?.renameSeat(g.gameId, g.place, g.seat, neutralName);
      if (had) names.push(had);
      held.add(g.gameId);
    }
    for (const gameId of held)
      this.gameStore?.retitle(gameId, (t) => titleWithout(t, names, neutralName, FORMER_PLAYER_TITLE));
    this.chat = this.chat.map((c) =>
      c.playerId === id ? { ...c, text: '', name: neutralName, removed: true, playerId: null } : c,
    );
    for (const c of this.campaigns.values()) c.members.delete(id);
    for (const [h, s] of this.sessions) if (s.playerId === id) this.sessions.delete(h);
    for (const k of [...this.ratings.keys()]) if (this.ratings.get(k)!.playerId === id) this.ratings.delete(k);
    this.games = this.games.filter((g) => g.playerId !== id);
    for (const [k, o] of this.offline) if (o.playerId === id) this.offline.delete(k);
    this.players.delete(id);
    return true;
  }
  async close(): Promise<void> {}
}
