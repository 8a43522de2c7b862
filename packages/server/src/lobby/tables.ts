// The lobby operations on tables before they start: create, list (open tables, a player's own
// games), look at one, join, leave. Each change of a table runs under its game's lock, on the
// shared store's latest row in a cluster, and is pushed to the table's subscribers.
import { expectedSeats } from '@mindmgmt/engine';
import { ApiError } from '../http/api-error.js';
import type { LiveSummary, LobbyInfo, LobbySummary } from '@mindmgmt/table';
import type { GameMaster } from '../play/master.js';
import type { CreateGameBody } from '@mindmgmt/table';
import type { GameRow, PlaceRow } from '../store/types.js';
import { CLOSED_TABLE_TITLE, FORMER_PLAYER_TITLE, titleWithout } from '../store/players/former-player.js';
import { NEUTRAL_NAME } from '../players/identity.js';
import { hashToken, newGameId, newToken } from '../play/tokens.js';
import { newTableRow } from './create.js';
import { expired } from './expired.js';
import { startGame, type StartHooks } from './start.js';
import { lobbyRowInfo, lobbySummary } from '../play/lobby-info.js';

/** D13: the finish rates of the hosts of a page of tables, by game id, in one read. */
export type HostRates = (
  hosts: readonly { gameId: string; place: number }[],
) => Promise<Map<string, { finished: number; started: number }>>;

/** What the lobby asks of the parts above it, handed in when the server is wired. */
export interface LobbyHooks extends StartHooks {
  /** D13: the finish rates of the hosts of a page of open tables; null without players. */
  readonly hostFinishRates: HostRates | null;
}

export class Lobby {
  constructor(
    private readonly master: GameMaster,
    private readonly hooks: LobbyHooks = { hostFinishRates: null, pickRecruiter: null, claimBots: async () => {} },
  ) {}

  summary(r: GameRow): LobbySummary {
    return lobbySummary(r, this.master.invite(r.id));
  }

  /** `vouched`: the host is signed in to a profile with a finished game (listed first).
   * `creatorNet`: the network (`prefixKey`) of the creating address; an unvouched table is listed
   * only within its network's share (`openUnvouchedPerNet` waiting at once). */
  async createGame(
    b: CreateGameBody,
    vouched = false,
    creatorNet: string | null = null,
  ): Promise<{ gameId: string; token: string; place: number; invite: string }> {
    const m = this.master;
    const token = newToken();
    const now = Date.now();
    const netShare =
      vouched ||
      creatorNet === null ||
      (await m.store.countOpenOfNet(creatorNet, now - m.limits.lobbyIdleMs)) < m.limits.openUnvouchedPerNet;
    const row: GameRow = { ...newTableRow(b, newGameId(), hashToken(token), now), vouched, creatorNet, netShare };
    const id = row.id;
    await m.store.createGame(row);
    m.log.info({ gameId: id, mode: b.mode, players: b.players }, 'game created');
    return { gameId: id, token, place: 1, invite: m.invite(id) };
  }

  /** Whether a table still waits in the lobby (for the per-creator cap, lobby/open-by-creator.ts). */
  async stillWaiting(id: string): Promise<boolean> {
    const r = await this.master.store.getGame(id);
    return !!r && r.status === 'lobby' && !expired(r, this.master.limits.lobbyIdleMs);
  }

  /** One page of the open (live: not expired) lobby tables: every vouched table, newest first,
   * then the newest `openUnvouchedListed` others within their network's share, so that no one
   * network can fill the list. Vouched tables are few (each needs a profile with a finished game),
   * so counting them is cheap; the others are never counted. */
  async listOpen(page = 0): Promise<{ games: LobbySummary[]; page: number; more: boolean }> {
    const hostRates = this.hooks.hostFinishRates;
    const { limits, store } = this.master;
    const size = limits.openPageSize;
    const since = Date.now() - limits.lobbyIdleMs;
    const start = page * size;
    const vouchedTotal = await store.countOpen(true, since);
    const vouched = start < vouchedTotal ? await store.listOpen(size, start, since, true) : [];
    // Where this page starts among the others, and how many of them it may still show.
    const from = Math.max(0, start - vouchedTotal);
    const room = Math.min(size - vouched.length, limits.openUnvouchedListed - from);
    // One row more than shown tells whether a next page has any.
    const peek = Math.min(room + 1, limits.openUnvouchedListed - from);
    const others = peek > 0 ? await store.listOpen(peek, from, since, false) : [];
    const shown = others.slice(0, Math.max(0, room));
    const rows = [...vouched, ...shown];
    const rates =
      hostRates &&
      (await hostRates(rows.flatMap((r) => (r.hostPlace === null ? [] : [{ gameId: r.id, place: r.hostPlace }]))));
    return {
      games: rows.map((r) => ({
        ...this.summary(r),
        ...(rates ? { hostFinishRate: rates.get(r.id) ?? null } : {}),
      })),
      page,
      more: start + size < vouchedTotal || others.length > shown.length,
    };
  }

  /** One page of the running tables listed for watching, newest first: public
   * facts of the lobby summary and the names at the table, never the game's state. */
  async listLive(page = 0): Promise<{ games: LiveSummary[]; page: number; more: boolean }> {
    const { limits, store } = this.master;
    const size = limits.openPageSize;
    const rows = await store.listLive(size + 1, page * size);
    const games = rows.slice(0, size).map((r) => ({
      ...this.summary(r),
      names: (r.start?.seats ?? []).map((s) => s.name),
    }));
    return { games, page, more: rows.length > size };
  }

  async myGames(tokens: readonly string[]): Promise<LobbySummary[]> {
    const hashes = tokens.map(hashToken);
    const set = new Set(hashes);
    const rows = await this.master.store.gamesForTokens(hashes);
    const out: LobbySummary[] = [];
    for (const stored of rows) {
      if (stored.status === 'closed') continue;
      const g = await this.master.getLive(stored.id);
      const r = g?.row ?? stored;
      const place = r.places.find((p) => p.tokenHash && set.has(p.tokenHash))?.place ?? null;
      const seat = r.start?.seats.find((s) => s.tokenHash && set.has(s.tokenHash))?.seat ?? null;
      const myTurn = seat !== null && !!g?.state && !g.state.result && expectedSeats(g.state).includes(seat);
      out.push({ ...this.summary(r), myPlace: place, mySeat: seat, myTurn, result: g?.state?.result ?? r.result });
    }
    return out.sort((a, b) => b.updatedAt - a.updatedAt);
  }

  async getLobby(id: string): Promise<LobbyInfo> {
    const m = this.master;
    // A table not in memory and still in the lobby is answered from its row, not loaded, so that
    // reading every listed table does not load them all; a started one is loaded, as only its state
    // knows the seq all may see (D12).
    if (!m.peek(id)) {
      const row = await m.store.getGame(id);
      if (!row || row.status === 'closed') throw new ApiError(404, 'not_found', 'There is no such game.');
      if (row.status === 'lobby') return lobbyRowInfo(row, m.invite(id));
    }
    return m.lobbyInfo(await m.mustGet(id));
  }

  async join(
    id: string,
    name: string,
    place: number | undefined,
    volunteer: boolean,
  ): Promise<{ token: string; place: number }> {
    const m = this.master;
    const g = await m.mustGet(id);
    return g.lock.run(async () => {
      await m.fresh(g);
      if (g.row.status !== 'lobby') throw new ApiError(409, 'started', 'The game has already started.');
      if (expired(g.row, m.limits.lobbyIdleMs))
        throw new ApiError(410, 'expired', 'This table expired unused; open a new one.');
      const free = [];
      for (let p = 1; p <= g.row.options.players; p++) if (!g.row.places.some((x) => x.place === p)) free.push(p);
      if (!free.length) throw new ApiError(409, 'full', 'Every place at this table is taken.');
      const at = place ?? free[0]!;
      if (!free.includes(at)) throw new ApiError(409, 'place_taken', `Place ${at} is not free.`);
      const token = newToken();
      const p: PlaceRow = { place: at, name, tokenHash: hashToken(token), bot: null, volunteer, joinedAt: Date.now() };
      if (!(await m.store.addPlace(id, p))) throw new ApiError(409, 'place_taken', `Place ${at} is not free.`);
      g.row = { ...g.row, places: [...g.row.places, p].sort((a, b) => a.place - b.place), updatedAt: Date.now() };
      m.log.info({ gameId: id, place: at }, 'joined');
      m.pushLobby(g);
      return { token, place: at };
    });
  }

  /**
   * A new seat token for a place of a waiting or running table (sign-out everywhere revokes the
   * seat tokens of the player's devices, players/accounts-seats.ts): the old token stops working at
   * once, here and in the store; connections subscribed with it see what a spectator sees from now on.
   * Answers the new token, or null (no such place, no token, the game is over or closed).
   */
  async replaceToken(id: string, place: number): Promise<string | null> {
    const m = this.master;
    const g = await m.mustGet(id);
    return g.lock.run(async () => {
      await m.fresh(g);
      const r = g.row;
      const old = r.places.find((x) => x.place === place)?.tokenHash ?? null;
      if ((r.status !== 'lobby' && r.status !== 'active') || !old) return null;
      const token = newToken();
      const h = hashToken(token);
      const start = r.start && {
        ...r.start,
        seats: r.start.seats.map((s) => (s.place === place ? { ...s, tokenHash: h } : s)),
      };
      if (!(await m.store.replaceToken(id, place, old, h, start))) return null;
      g.row = { ...r, places: r.places.map((x) => (x.place === place ? { ...x, tokenHash: h } : x)), start };
      for (const c of g.subs) {
        if (c.tokenHash !== old) continue;
        c.tokenHash = null;
        c.viewer = 'spectator';
        if (g.state) c.send(m.stateFrame(g, 'spectator'));
      }
      m.log.info({ gameId: id, place }, 'seat token replaced');
      m.pushLobby(g);
      return token;
    });
  }

  /** Leaves a waiting table; answers the place that was left. */
  async leave(id: string, token: string): Promise<number> {
    const m = this.master;
    const g = await m.mustGet(id);
    const h = hashToken(token);
    return g.lock.run(async () => {
      await m.fresh(g);
      const p = g.row.places.find((x) => x.tokenHash === h);
      if (!p) throw new ApiError(403, 'bad_token', 'That token holds no place at this table.');
      if (g.row.status !== 'lobby')
        throw new ApiError(409, 'started', 'Once the game has started you can resign, not leave.');
      let host = g.row.hostPlace;
      const humans = g.row.places.filter((x) => x.tokenHash && x.place !== p.place);
      if (host === p.place) host = humans[0]?.place ?? null;
      // A fixed recruiter card is known to the host who chose it, who must be the recruiter
      // (create.ts). Passing the table on would let them rejoin as an agent who knows the card:
      // their leaving closes it instead.
      const fixedCard = g.row.options.recruiterCard !== 'random' && g.row.options.recruiterCard !== 'choose';
      const close = humans.length === 0 || (fixedCard && g.row.hostPlace === p.place);
      // Nothing at a table names someone who left it (nothing links them to it any
      // more, so a later deletion could not find it); a closed table is never shown again.
      const renamed = close
        ? CLOSED_TABLE_TITLE
        : titleWithout(g.row.title, [p.name], NEUTRAL_NAME, FORMER_PLAYER_TITLE);
      const title = renamed === g.row.title ? null : renamed;
      if (!(await m.store.removePlace(id, p.place, host, close, title)))
        throw new ApiError(409, 'started', 'The game has already started.');
      g.row = {
        ...g.row,
        places: g.row.places.filter((x) => x.place !== p.place),
        hostPlace: host,
        status: close ? 'closed' : 'lobby',
        title: title ?? g.row.title,
      };
      m.log.info({ gameId: id, place: p.place, closed: close }, 'left');
      for (const c of g.subs) if (c.tokenHash === h) c.tokenHash = null;
      m.pushLobby(g);
      return p.place;
    });
  }

  /** The host starts the table (lobby/start.ts); `ip` and `player` count against the bot-game
   * budgets of the starter. */
  startGame(id: string, token: string, ip = 'local', player: string | null = null): Promise<void> {
    return startGame(this.master, this.hooks, id, token, { ip, player });
  }
}
