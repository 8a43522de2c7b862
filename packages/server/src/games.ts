// The authoritative game service (the "master" of each game it holds): loading, the per-game
// lock, one `submit(action, origin)` path (apply -> append -> fan-out) for players, bots and
// timers, the lobby operations and cluster catch-up. Transport-agnostic (ws.ts and http.ts call
// it). Pieces live beside it: play/live.ts (per-game state), play/frames.ts (per-viewer frames),
// play/setup.ts (secret setup), lobby/ (table rules, lobby info), bots/driver.ts, timers.ts.
import {
  type Action,
  apply,
  applyLogged,
  ENGINE_VERSION,
  expectedSeats,
  exportRecord,
  type GameEvent,
  type GameRecord,
  type GameState,
  type NoteBody,
  type Seat,
} from '@mindmgmt/engine';
import type { Logger } from 'pino';
import { ApiError, StaleError } from './api-error.js';
import { BotPool } from './bots/pool.js';
import { BotDriver, botSeatsExpected } from './bots/driver.js';
import { Mutex } from './lock.js';
import { drawStart, initialState } from './play/setup.js';
import { catchUpFrame, eventsFrames, stateFrame } from './play/frames.js';
import { type Conn, type Live, seatRow, type Viewer, viewerFor } from './play/live.js';
import { changeNote, notesFrame, refreshNotes, withNotes } from './play/notes.js';
import { lobbyInfo, lobbySummary } from './lobby/info.js';
import { newTableRow } from './lobby/create.js';
import { deadlineFor, shownDeadline } from './timers.js';
import type { CreateGameBody } from './schemas.js';
import { hashToken, newGameId, newToken } from './tokens.js';
import type { LobbyInfo, LobbySummary } from './lobby-types.js';
import { assignSeats } from './seating.js';
import type { ClusterBus, GameRow, GameStore, PlaceRow, SeatRow } from './store/types.js';
import { DEFAULT_LIMITS, type LimitsConfig } from './limits/config.js';
import { ConcurrencyBudget } from './limits/budget.js';

export interface ServiceConfig {
  /** Snapshot the state every N actions (and at game end). */
  snapshotEvery: number;
  /** Pause before a bot's move is applied, so people can follow. */
  botPauseMs: number;
  /** Hard limit for one bot decision (the worker is killed after it). */
  botTimeLimitMs: number;
  /** Thinking budget handed to the bot (< botTimeLimitMs). */
  botBudgetMs: number;
  /** A bot recruiter's answer to an ask always arrives this long after the ask (plus the pause),
   * whatever the number of options, so timing tells the agents nothing (D2). */
  botAskAnswerMs: number;
  botWorkers: number;
  /** Turn-timer sweep period. */
  sweepMs: number;
  /** Drop idle games from memory after this long without subscribers. */
  idleEvictMs: number;
  publicUrl: string | null;
  /** Cluster mode (shared store): how long an instance's claim on a game's bot work lasts
   * without renewal; another instance takes the work over after it (renewed every leaseMs/3). */
  leaseMs: number;
}

export const DEFAULT_SERVICE_CONFIG: ServiceConfig = {
  snapshotEvery: 25,
  botPauseMs: 400,
  botTimeLimitMs: 3000,
  botBudgetMs: 1000,
  botAskAnswerMs: 3000,
  botWorkers: 2,
  sweepMs: 1000,
  idleEvictMs: 10 * 60_000,
  publicUrl: null,
  leaseMs: 10_000,
};

export { ApiError, StaleError };
export type { Conn, Viewer };

/** Who sends an action into `submit`, and the seq it was decided at. */
type Origin =
  | { readonly by: 'player'; readonly conn: Conn; readonly seq: number; readonly id: string | undefined }
  | { readonly by: 'bot' | 'timer'; readonly seq: number };

/** How many recent seqs a game remembers the log length of (for `hello` with `lastSeq`). */
const LOG_LEN_MEMORY = 256;
/** Serialised records of finished games kept in memory (each up to ~1.5 MB). */
const RECORDS_KEPT = 16;

export class GameService {
  private readonly live = new Map<string, Live>();
  private readonly loading = new Map<string, Promise<Live | null>>();
  private readonly timers: NodeJS.Timeout[] = [];
  private closed = false;
  readonly bots: BotPool;
  /** Plays the bot seats of the games in memory. */
  private readonly driver: BotDriver;
  /** Cluster mode: the shared store's bus (null for a single instance). */
  private readonly bus: ClusterBus | null;
  /** Cluster mode: games whose bot work this instance holds the lease of. */
  readonly ownedBots = new Set<string>();
  /** Started games with bot seats per IP of the host who started them (not over yet). */
  private readonly botGames: ConcurrencyBudget;
  /** Players (issue 13): the recruiter's place when the players decide it (a campaign's seating,
   * 'random-experienced' of seed 003); null: the table's own rule. */
  pickRecruiter: ((row: GameRow) => Promise<{ place: number; note: string | null } | null>) | null = null;
  /** Players (issue 13): called once by the instance whose action ended a game. */
  onGameOver: ((row: GameRow) => Promise<void>) | null = null;
  /** Finished games' records, serialised once (they never change); a few recent ones. */
  private readonly records = new Map<string, string>();

  constructor(
    readonly store: GameStore,
    readonly log: Logger,
    readonly cfg: ServiceConfig = DEFAULT_SERVICE_CONFIG,
    readonly limits: LimitsConfig = DEFAULT_LIMITS,
  ) {
    this.botGames = new ConcurrencyBudget(limits.botGamesPerIp);
    this.driver = new BotDriver({
      pool: () => this.bots,
      cfg: () => this.cfg,
      log: () => this.log,
      mayMove: (g) => !this.closed && this.mayMoveBots(g),
      submit: (g, action, seq) => this.submit(g, action, { by: 'bot', seq }),
    });
    this.bots = new BotPool(cfg.botWorkers, cfg.botTimeLimitMs, (why) => this.log.warn({ why }, 'bot worker problem'));
    this.bus = store.cluster ?? null;
  }

  // ---------------------------------------------------------------- lifecycle
  /** Loads active games (so bots and timers continue) and starts the periodic jobs. */
  async start(): Promise<void> {
    if (this.bus) {
      // Cluster: follow every instance's commits; bot work is claimed by leases (leaseTick), so
      // active games are loaded on demand, not all at start.
      await this.bus.listen(
        (id, what) => this.onNotify(id, what),
        () => this.onResync(),
      );
      await this.leaseTick().catch((e) => this.log.error({ err: String(e) }, 'lease tick failed'));
      const lt = setInterval(
        () => void this.leaseTick().catch((e) => this.log.error({ err: String(e) }, 'lease tick failed')),
        Math.max(100, Math.floor(this.cfg.leaseMs / 3)),
      );
      lt.unref();
      this.timers.push(lt);
    }
    // Single instance: games load on first use; the ones waiting on a bot are found by
    // resumeBots, which the server calls after it listens (issue 10 item 5).
    const sweep = setInterval(
      () => void this.sweep().catch((e) => this.log.error({ err: String(e) }, 'sweep failed')),
      this.cfg.sweepMs,
    );
    sweep.unref();
    const evict = setInterval(() => this.evictIdle(), Math.max(1000, Math.min(60_000, this.cfg.idleEvictMs)));
    evict.unref();
    this.timers.push(sweep, evict);
  }

  /** Single instance, after start: loads the active games one by one, keeps the ones that wait on
   * a bot (and starts their bots), and drops the rest from memory again. */
  async resumeBots(): Promise<void> {
    if (this.bus) return;
    let ids: string[];
    try {
      ids = await this.store.activeGameIds();
    } catch (e) {
      return this.log.error({ err: String(e) }, 'listing active games failed');
    }
    let resumed = 0;
    for (const id of ids) {
      if (this.closed) return;
      const had = this.live.has(id);
      const g = await this.getLive(id).catch((e) => {
        this.log.error({ gameId: id, err: String(e) }, 'loading a game failed');
        return null;
      });
      if (!g) continue;
      if (this.botSeatsExpected(g).length) {
        resumed++;
        this.kickBots(g);
      } else if (!had && g.subs.size === 0 && g.lock.idle) this.forget(g);
      // Let requests in between: this runs after listen.
      await new Promise((r) => setImmediate(r));
    }
    this.log.info({ games: ids.length, resumed }, 'resumed bot games');
  }

  /** Drops a game from memory (and its bot sessions). */
  private forget(g: Live): void {
    if (this.live.get(g.id) === g) this.live.delete(g.id);
    this.bots.forget(g.id);
    // Out of memory, the game uses no bot work until someone comes back: its starter's
    // bot-game slot is free again (it would otherwise leak until a restart).
    if (g.botBudgetIp !== null) this.botGames.release(g.botBudgetIp);
    g.botBudgetIp = null;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const t of this.timers) clearInterval(t);
    await this.bots.close();
    // Let in-flight commits finish before the store closes.
    await Promise.all([...this.live.values()].map((g) => g.lock.run(() => undefined)));
    // Hand the bot work over at once instead of at lease expiry.
    if (this.bus) await this.bus.releaseLeases().catch(() => undefined);
    this.ownedBots.clear();
  }

  // ---------------------------------------------------------------- cluster
  /** A committed change on any instance (this one included): bring the cached game up to date
   * and send this instance's connections their own views of what happened. */
  private onNotify(id: string, what: number | 'lobby' | 'notes'): void {
    const have = this.live.get(id);
    const p = have ? Promise.resolve(have) : this.loading.get(id);
    if (!p) return; // not in memory here: it is loaded fresh when needed
    void p
      .then((g) => {
        if (!g) return;
        return g.lock.run(async () => {
          if (what === 'notes') return refreshNotes(this.store, g);
          if (what !== 'lobby' && g.state && g.state.seq >= what) return;
          await this.refresh(g);
        });
      })
      .catch((e) => this.log.error({ gameId: id, err: String(e) }, 'refresh failed'));
  }

  /** The listening connection came back: notifications may have been missed. */
  private onResync(): void {
    this.log.warn({ games: this.live.size }, 'bus reconnected; resyncing games');
    for (const g of this.live.values())
      void g.lock
        .run(async () => {
          await this.refresh(g);
          await refreshNotes(this.store, g);
        })
        .catch((e) => this.log.error({ gameId: g.id, err: String(e) }, 'refresh failed'));
  }

  /** Under g.lock: re-reads the game row and applies (and broadcasts) the actions committed
   * elsewhere since this instance's state. A no-op when nothing changed. */
  private async refresh(g: Live): Promise<void> {
    const got = g.state && this.bus ? await this.bus.changesAfter(g.id, g.state.seq) : null;
    const row = got ? got.row : await this.store.getGame(g.id);
    if (!row) return;
    const before = JSON.stringify(this.lobbyInfo(g));
    if (!row.start || row.status === 'lobby' || row.status === 'closed') {
      g.row = row;
      for (const c of g.subs)
        if (c.tokenHash && !row.places.some((p) => p.tokenHash === c.tokenHash)) c.tokenHash = null;
      if (JSON.stringify(this.lobbyInfo(g)) !== before) this.pushLobby(g);
      return;
    }
    if (!g.state) {
      // Started on another instance.
      g.row = row;
      g.state = await this.replay(row);
      this.pushLobby(g);
      for (const c of g.subs) {
        c.viewer = this.viewerFor(g, c.tokenHash);
        c.send(this.stateFrame(g, c.viewer));
      }
      this.kickBots(g);
      return;
    }
    let st: GameState = g.state;
    if (row.seq > st.seq) {
      const missed = (got?.actions ?? (await this.bus!.actionsAfter(g.id, st.seq))).filter((a) => a.seq <= row.seq);
      for (const { seq, action } of missed) {
        const r = seq === st.seq + 1 ? applyLogged(st, action) : null;
        if (!r?.ok) {
          this.log.error({ gameId: g.id, seq }, 'missed action does not apply; reloading');
          g.state = st = await this.replay(row);
          g.row = row;
          for (const c of g.subs) c.send(this.stateFrame(g, c.viewer ?? 'spectator'));
          break;
        }
        g.state = st = r.state;
        g.row = { ...row, seq: r.state.seq };
        this.advanced(g);
        this.broadcast(g, r.events, null, undefined);
        if (r.state.result) {
          this.bots.forget(g.id);
          this.pushLobby(g);
        }
      }
    }
    if (g.state?.seq === row.seq) g.row = row;
    g.lastActive = Date.now();
    this.kickBots(g);
  }

  /** The state of a started game from its stored log (latest snapshot + the actions after it). */
  private async replay(row: GameRow): Promise<GameState> {
    const id = row.id;
    const logd = await this.store.loadLog(id);
    let state = logd.snapshot?.state ?? initialState(row.start!);
    for (const { seq, action } of logd.actions) {
      // Read back from the log: legacy `note` actions of games stored before notes left it replay.
      const r = applyLogged(state, action);
      if (!r.ok) {
        this.log.error({ gameId: id, seq, code: r.code }, 'stored action no longer applies');
        throw new Error(`game ${id}: stored action ${seq} does not replay (${r.code})`);
      }
      state = r.state;
    }
    return state;
  }

  /** Cluster: renews this instance's bot-work leases and takes over unowned or expired ones. */
  private async leaseTick(): Promise<void> {
    const bus = this.bus;
    if (!bus || this.closed) return;
    const now = Date.now();
    const kept = new Set(await bus.renewLeases(now, this.cfg.leaseMs));
    for (const id of [...this.ownedBots])
      if (!kept.has(id)) {
        this.ownedBots.delete(id);
        this.bots.forget(id); // another instance moves its bots now
      }
    for (const id of kept) this.ownedBots.add(id);
    const claimed = await bus.claimBotGames(now, this.cfg.leaseMs, 50);
    for (const id of claimed) {
      this.ownedBots.add(id);
      this.log.info({ gameId: id }, 'bot lease taken');
      const g = await this.getLive(id);
      if (g) await g.lock.run(() => this.refresh(g));
    }
  }

  /** Cluster: true when this instance may move the bots of g (always true for one instance). */
  private mayMoveBots(g: Live): boolean {
    return !this.bus || this.ownedBots.has(g.id);
  }

  invite(id: string): string {
    return `${this.cfg.publicUrl ?? ''}/#/g/${id}`;
  }

  // ---------------------------------------------------------------- loading
  /** The game if this instance holds it in memory now (never loads it). */
  inMemory(id: string): Live | null {
    return this.live.get(id) ?? null;
  }

  async getLive(id: string): Promise<Live | null> {
    const have = this.live.get(id);
    if (have) return have;
    const p = this.loading.get(id);
    if (p) return p;
    const q = this.load(id).finally(() => this.loading.delete(id));
    this.loading.set(id, q);
    return q;
  }

  private async load(id: string): Promise<Live | null> {
    const row = await this.store.getGame(id);
    if (!row) return null;
    let state: GameState | null = null;
    if (row.start && (row.status === 'active' || row.status === 'over')) {
      if (row.start.engineVersion !== ENGINE_VERSION)
        this.log.warn(
          { gameId: id, stored: row.start.engineVersion, engine: ENGINE_VERSION },
          'engine version differs; replaying anyway',
        );
      state = await this.replay(row);
      if (state.seq !== row.seq)
        this.log.error({ gameId: id, seq: state.seq, rowSeq: row.seq }, 'log and game row disagree');
    }
    const g: Live = {
      id,
      row,
      state,
      lock: new Mutex(),
      subs: new Set(),
      botBusy: false,
      lastActive: Date.now(),
      notes: state ? await this.store.notesOf(id) : [],
      notesText: null,
      frames: { seq: -1, byViewer: new Map() },
      logLenAt: new Map(state ? [[state.seq, state.history.length]] : []),
      botBudgetIp: null,
    };
    const raced = this.live.get(id);
    if (raced) return raced;
    this.live.set(id, g);
    return g;
  }

  private evictIdle(): void {
    const now = Date.now();
    for (const [id, g] of this.live) {
      if (g.subs.size === 0 && !g.botBusy && g.lock.idle && now - g.lastActive > this.cfg.idleEvictMs) {
        const botsToMove = this.bus
          ? this.ownedBots.has(id)
          : g.state && !g.state.result && this.botSeatsExpected(g).length > 0;
        if (!botsToMove) this.forget(g);
      }
    }
  }

  private async mustGet(id: string): Promise<Live> {
    const g = await this.getLive(id);
    if (!g || g.row.status === 'closed') throw new ApiError(404, 'not_found', 'There is no such game.');
    return g;
  }

  /** A lobby table nobody touched for `lobbyIdleMs` has expired: it can no longer be joined or
   * started and is not listed (issue 10 item 5). */
  private expired(r: GameRow, now = Date.now()): boolean {
    return r.status === 'lobby' && now - r.updatedAt > this.limits.lobbyIdleMs;
  }

  // ---------------------------------------------------------------- lobby
  lobbyInfo(g: Live): LobbyInfo {
    return lobbyInfo(g, this.invite(g.id));
  }

  summary(r: GameRow): LobbySummary {
    return lobbySummary(r, this.invite(r.id));
  }

  async createGame(b: CreateGameBody): Promise<{ gameId: string; token: string; place: number; invite: string }> {
    const token = newToken();
    const row = newTableRow(b, newGameId(), hashToken(token), Date.now());
    const id = row.id;
    await this.store.createGame(row);
    this.log.info({ gameId: id, mode: b.mode, players: b.players }, 'game created');
    return { gameId: id, token, place: 1, invite: this.invite(id) };
  }

  /** One page of the open (live: not expired) lobby tables, newest first. */
  async listOpen(page = 0): Promise<{ games: LobbySummary[]; page: number; more: boolean }> {
    const size = this.limits.openPageSize;
    const rows = await this.store.listOpen(size + 1, page * size, Date.now() - this.limits.lobbyIdleMs);
    return { games: rows.slice(0, size).map((r) => this.summary(r)), page, more: rows.length > size };
  }

  async myGames(tokens: readonly string[]): Promise<LobbySummary[]> {
    const hashes = tokens.map(hashToken);
    const set = new Set(hashes);
    const rows = await this.store.gamesForTokens(hashes);
    const out: LobbySummary[] = [];
    for (const stored of rows) {
      if (stored.status === 'closed') continue;
      const g = await this.getLive(stored.id);
      const r = g?.row ?? stored;
      const place = r.places.find((p) => p.tokenHash && set.has(p.tokenHash))?.place ?? null;
      const seat = r.start?.seats.find((s) => s.tokenHash && set.has(s.tokenHash))?.seat ?? null;
      const myTurn = seat !== null && !!g?.state && !g.state.result && expectedSeats(g.state).includes(seat);
      out.push({ ...this.summary(r), myPlace: place, mySeat: seat, myTurn, result: g?.state?.result ?? r.result });
    }
    return out.sort((a, b) => b.updatedAt - a.updatedAt);
  }

  async getLobby(id: string): Promise<LobbyInfo> {
    return this.lobbyInfo(await this.mustGet(id));
  }

  async join(
    id: string,
    name: string,
    place: number | undefined,
    volunteer: boolean,
  ): Promise<{ token: string; place: number }> {
    const g = await this.mustGet(id);
    return g.lock.run(async () => {
      if (this.bus) await this.refresh(g);
      if (g.row.status !== 'lobby') throw new ApiError(409, 'started', 'The game has already started.');
      if (this.expired(g.row)) throw new ApiError(410, 'expired', 'This table expired unused; open a new one.');
      const free = [];
      for (let p = 1; p <= g.row.options.players; p++) if (!g.row.places.some((x) => x.place === p)) free.push(p);
      if (!free.length) throw new ApiError(409, 'full', 'Every place at this table is taken.');
      const at = place ?? free[0]!;
      if (!free.includes(at)) throw new ApiError(409, 'place_taken', `Place ${at} is not free.`);
      const token = newToken();
      const p: PlaceRow = { place: at, name, tokenHash: hashToken(token), bot: null, volunteer, joinedAt: Date.now() };
      if (!(await this.store.addPlace(id, p))) throw new ApiError(409, 'place_taken', `Place ${at} is not free.`);
      g.row = { ...g.row, places: [...g.row.places, p].sort((a, b) => a.place - b.place), updatedAt: Date.now() };
      this.log.info({ gameId: id, place: at }, 'joined');
      this.pushLobby(g);
      return { token, place: at };
    });
  }

  /** Leaves a waiting table; answers the place that was left. */
  async leave(id: string, token: string): Promise<number> {
    const g = await this.mustGet(id);
    const h = hashToken(token);
    return g.lock.run(async () => {
      if (this.bus) await this.refresh(g);
      const p = g.row.places.find((x) => x.tokenHash === h);
      if (!p) throw new ApiError(403, 'bad_token', 'That token holds no place at this table.');
      if (g.row.status !== 'lobby')
        throw new ApiError(409, 'started', 'Once the game has started you can resign, not leave.');
      let host = g.row.hostPlace;
      const humans = g.row.places.filter((x) => x.tokenHash && x.place !== p.place);
      if (host === p.place) host = humans[0]?.place ?? null;
      const close = humans.length === 0;
      if (!(await this.store.removePlace(id, p.place, host, close)))
        throw new ApiError(409, 'started', 'The game has already started.');
      g.row = {
        ...g.row,
        places: g.row.places.filter((x) => x.place !== p.place),
        hostPlace: host,
        status: close ? 'closed' : 'lobby',
      };
      this.log.info({ gameId: id, place: p.place, closed: close }, 'left');
      for (const c of g.subs) if (c.tokenHash === h) c.tokenHash = null;
      this.pushLobby(g);
      return p.place;
    });
  }

  async startGame(id: string, token: string, ip = 'local'): Promise<void> {
    const g = await this.mustGet(id);
    const h = hashToken(token);
    await g.lock.run(async () => {
      if (this.bus) await this.refresh(g);
      const r = g.row;
      if (r.status !== 'lobby') throw new ApiError(409, 'started', 'The game has already started.');
      const me = r.places.find((x) => x.tokenHash === h);
      if (!me) throw new ApiError(403, 'bad_token', 'That token holds no place at this table.');
      if (me.place !== r.hostPlace) throw new ApiError(403, 'not_host', 'Only the host can start the game.');
      if (this.expired(r)) throw new ApiError(410, 'expired', 'This table expired unused; open a new one.');
      if (r.places.length < r.options.players)
        throw new ApiError(409, 'not_full', 'Every place must be taken (by a person or a bot) first.');
      const pick = !r.options.solo && this.pickRecruiter ? await this.pickRecruiter(r) : null;
      const seats = assignSeats(r, pick?.place ?? null);
      const withBots = seats.some((s) => s.bot !== null);
      if (withBots && !this.botGames.acquire(ip))
        throw new ApiError(
          429,
          'too_many_bot_games',
          `Your address already runs ${this.limits.botGamesPerIp} games with bots; finish one first.`,
        );
      const { engineOptions, seed } = drawStart(
        r.options.mode,
        Math.max(1, r.options.players - 1),
        r.options.recruiterCard,
      );
      const state = initialState({ engineOptions, seed });
      const startedAt = Date.now();
      const start = {
        seed,
        engineVersion: ENGINE_VERSION,
        engineOptions,
        seats,
        startedAt,
        ...(pick?.note ? { recruiterNote: pick.note } : {}),
      };
      const deadline = deadlineFor(this.limits.gameInactiveMs, { ...r, start }, state, startedAt, null, null);
      try {
        if (!(await this.store.startGame(id, { ...start, deadline })))
          throw new ApiError(409, 'started', 'The game has already started.');
        g.row = { ...r, status: 'active', start, seq: 0, deadline, updatedAt: startedAt };
        g.state = state;
        g.logLenAt.clear();
        g.logLenAt.set(0, state.history.length);
      } catch (e) {
        if (withBots) this.botGames.release(ip);
        throw e;
      }
      if (withBots) g.botBudgetIp = ip;
      if (this.bus && withBots && (await this.bus.claimBotGame(id, Date.now(), this.cfg.leaseMs)))
        this.ownedBots.add(id);
      this.log.info({ gameId: id, mode: engineOptions.mode, agentSeats: engineOptions.agentSeats }, 'game started');
      this.pushLobby(g);
      for (const c of g.subs) {
        c.viewer = this.viewerFor(g, c.tokenHash);
        c.send(this.stateFrame(g, c.viewer));
      }
      this.kickBots(g);
    });
  }

  private pushLobby(g: Live): void {
    if (!g.subs.size) return;
    const text = JSON.stringify({ t: 'lobby', gameId: g.id, lobby: this.lobbyInfo(g) });
    for (const c of g.subs) c.send(text);
  }

  // ---------------------------------------------------------------- seats and frames
  seatRow(g: Live, seat: Seat): SeatRow | undefined {
    return seatRow(g, seat);
  }

  viewerFor(g: Live, tokenHash: string | null): Viewer {
    return viewerFor(g, tokenHash);
  }

  stateFrame(g: Live, viewer: Viewer): string {
    return withNotes(g, stateFrame(g, viewer, shownDeadline(g.row)));
  }

  /** `hello`: subscribe a connection to a game; sends lobby and (once started) state. */
  async hello(c: Conn, gameId: string, token: string | null, lastSeq?: number): Promise<void> {
    const g = await this.getLive(gameId);
    if (!g || g.row.status === 'closed') throw new ApiError(404, 'not_found', 'There is no such game.');
    const h = token ? hashToken(token) : null;
    if (h && !g.row.places.some((p) => p.tokenHash === h) && !g.row.start?.seats.some((s) => s.tokenHash === h))
      throw new ApiError(403, 'bad_token', 'That token holds no place at this table.');
    await g.lock.run(() => {
      const viewer = g.row.start ? this.viewerFor(g, h) : null;
      this.unsubscribe(c, gameId);
      c.gameId = gameId;
      c.tokenHash = h;
      c.viewer = viewer;
      const wasOnline = h !== null && [...g.subs].some((x) => x.tokenHash === h);
      g.subs.add(c);
      g.lastActive = Date.now();
      // A player coming online: everyone's lobby changes (presence); else only this one needs it.
      if (h !== null && !wasOnline) this.pushLobby(g);
      else c.send(JSON.stringify({ t: 'lobby', gameId, lobby: this.lobbyInfo(g) }));
      if (!g.state || c.viewer === null) return;
      // A lastSeq only ever selects part of the viewer's own view: no trust needed.
      const missed = lastSeq === undefined ? null : catchUpFrame(g, c.viewer, lastSeq, shownDeadline(g.row));
      if (missed === null) return c.send(this.stateFrame(g, c.viewer));
      if (missed !== '') c.send(missed);
      // Notes are not in the log: a connection catching up gets them whole (at most 42).
      c.send(notesFrame(g));
    });
  }

  /** Unsubscribes a connection; the others hear of it when its player went offline (presence). */
  unsubscribe(c: Conn, next: string | null = null): void {
    if (!c.gameId) return;
    const g = this.live.get(c.gameId);
    const h = c.tokenHash;
    c.gameId = null;
    c.viewer = null;
    if (!g) return;
    g.subs.delete(c);
    g.lastActive = Date.now();
    if (h !== null && next !== g.id && ![...g.subs].some((x) => x.tokenHash === h)) this.pushLobby(g);
  }

  // ---------------------------------------------------------------- play
  /**
   * An action from a connection. Throws ApiError for refusals ('stale' carries a fresh state,
   * sent by the caller). The action must already be shape-checked; the seat is the connection's.
   */
  async act(
    c: Conn,
    gameId: string,
    seq: number,
    action: Record<string, unknown>,
    id: string | undefined,
  ): Promise<void> {
    if (c.gameId !== gameId) throw new ApiError(400, 'not_subscribed', 'Send hello for this game first.');
    const g = await this.mustGet(gameId);
    await g.lock.run(async () => {
      if (!g.state) throw new ApiError(409, 'not_started', 'The game has not started yet.');
      const viewer = c.viewer ?? 'spectator';
      if (viewer === 'spectator') throw new ApiError(403, 'forbidden', 'Spectators cannot act.');
      if (action.seat !== undefined && action.seat !== viewer)
        throw new ApiError(403, 'forbidden', 'A token can act only for its own seat.');
      // Older clients sent notes as actions: they change the notes, never the log (play/notes.ts).
      if (action.type === 'note') return changeNote(this.store, g, c, action.at as number, action.note as NoteBody, id);
      if (seq !== g.state.seq) throw new StaleError();
      const full = { ...action, seat: viewer } as unknown as Action;
      await this.submit(g, full, { by: 'player', conn: c, seq, id });
    });
  }

  /** A mental note change from a connection (R30, D8): table state, not a move (play/notes.ts). */
  async note(c: Conn, gameId: string, at: number, note: NoteBody | null, id: string | undefined): Promise<void> {
    if (c.gameId !== gameId) throw new ApiError(400, 'not_subscribed', 'Send hello for this game first.');
    const g = await this.mustGet(gameId);
    await g.lock.run(async () => {
      // Cluster: the game may have ended on another instance; the notes are final then.
      if (this.bus) await this.refresh(g);
      await changeNote(this.store, g, c, at, note, id);
    });
  }

  /**
   * Under g.lock: the one path of every action, whoever sends it (a player's connection, a bot,
   * a timer): check the seq, apply with the engine, persist in one transaction, then fan out to
   * every subscriber (a player's own copy first, with its request id). Other instances see the
   * commit through the cluster bus and replay it with `refresh`.
   */
  private async submit(g: Live, action: Action, origin: Origin): Promise<void> {
    const state = g.state!;
    const expectedSeq = origin.seq;
    const actor = origin.by === 'player' ? origin.conn : null;
    const id = origin.by === 'player' ? origin.id : undefined;
    if (state.seq !== expectedSeq) throw new StaleError();
    const r = apply(state, action);
    if (!r.ok) throw new ApiError(422, r.code, r.message, r.params);
    const now = Date.now();
    const deadline = deadlineFor(this.limits.gameInactiveMs, g.row, r.state, now, action, g.row.deadline);
    const snapshot = r.state.seq % this.cfg.snapshotEvery === 0 || r.state.result ? r.state : undefined;
    const res = await this.store.appendAction({
      gameId: g.id,
      expectedSeq,
      action,
      deadline,
      result: r.state.result,
      at: now,
      ...(snapshot ? { snapshot } : {}),
    });
    if (res === 'stale') {
      // Someone else (another instance) moved the game on: catch up from the store (cluster), or
      // drop the cached copy so it is reloaded.
      if (this.bus) await this.refresh(g);
      else this.forget(g);
      throw new StaleError();
    }
    g.state = r.state;
    g.row = {
      ...g.row,
      seq: r.state.seq,
      deadline,
      result: r.state.result,
      status: r.state.result ? 'over' : 'active',
      updatedAt: now,
    };
    g.lastActive = now;
    this.advanced(g);
    // Only the action type, seat and seq: never where (locations of recruiter actions are secret).
    this.log.info({ gameId: g.id, seq: r.state.seq, type: action.type, seat: action.seat }, 'action');
    if (r.state.result)
      this.log.info({ gameId: g.id, winner: r.state.result.winner, reason: r.state.result.reason }, 'game over');
    this.broadcast(g, r.events, actor, id);
    if (r.state.result) {
      this.bots.forget(g.id);
      this.pushLobby(g);
      if (this.onGameOver) void this.onGameOver(g.row);
    }
    this.kickBots(g);
  }

  /** Under g.lock, after `events` were applied: each connection its viewer's `events` frame,
   * the actor's acknowledgement first (play/frames.ts). */
  private broadcast(g: Live, events: readonly GameEvent[], actor: Conn | null, id: string | undefined): void {
    if (!g.subs.size) return;
    const frame = eventsFrames(g, events, shownDeadline(g.row));
    if (actor && g.subs.has(actor)) {
      const text = frame(actor.viewer ?? 'spectator');
      actor.send(id === undefined ? text : `${text.slice(0, -1)},"id":${JSON.stringify(id)}}`);
    }
    for (const c of g.subs) if (c !== actor) c.send(frame(c.viewer ?? 'spectator'));
  }

  /** After g.state moved on (here or on another instance): remember the log length of the new
   * seq; at the end, free the starter's bot-game budget and the game's bot sessions. */
  private advanced(g: Live): void {
    const s = g.state!;
    g.logLenAt.set(s.seq, s.history.length);
    if (g.logLenAt.size > LOG_LEN_MEMORY) g.logLenAt.delete(g.logLenAt.keys().next().value!);
    if (s.result) {
      if (g.botBudgetIp !== null) this.botGames.release(g.botBudgetIp);
      g.botBudgetIp = null;
      this.bots.forget(g.id);
    }
  }

  /** Seats the game waits on that are bots. */
  private botSeatsExpected(g: Live): SeatRow[] {
    return botSeatsExpected(g);
  }

  /** Starts a bot decision if the game waits on a bot seat (bots/driver.ts). */
  private kickBots(g: Live): void {
    this.driver.kick(g);
  }

  /** Games held in memory now (benchmarks, diagnostics). */
  get gamesInMemory(): number {
    return this.live.size;
  }

  get botsInFlight(): number {
    return this.driver.inflight;
  }

  // ---------------------------------------------------------------- timers
  /** Applies `timeout` for every passed deadline (deadlines live in the store, R33/D7). */
  async sweep(now = Date.now()): Promise<number> {
    let n = 0;
    for (const d of await this.store.dueDeadlines(now, 100)) {
      const g = await this.getLive(d.gameId);
      if (!g) continue;
      await g.lock.run(async () => {
        if (this.bus) await this.refresh(g);
        const dl = g.row.deadline;
        if (!g.state || g.state.result || !dl || dl.at > now) return;
        try {
          await this.submit(g, { type: 'timeout', seat: dl.seat }, { by: 'timer', seq: g.state.seq });
          n++;
        } catch (e) {
          this.log.warn({ gameId: g.id, code: e instanceof ApiError ? e.code : String(e) }, 'timeout refused');
        }
      });
    }
    return n;
  }

  // ---------------------------------------------------------------- records and introspection
  async record(id: string): Promise<GameRecord> {
    return JSON.parse(await this.recordText(id)) as GameRecord;
  }

  /** The record of a finished game, serialised once and kept for the most recent few: an
   * anonymous GET no longer rebuilds megabytes each time (issue 10 item 4). */
  async recordText(id: string): Promise<string> {
    const have = this.records.get(id);
    if (have !== undefined) {
      this.records.delete(id);
      this.records.set(id, have);
      return have;
    }
    const g = await this.mustGet(id);
    if (!g.state || !g.state.result)
      throw new ApiError(403, 'not_over', 'The record is published once the game is over.');
    const text = JSON.stringify(exportRecord(g.state, await this.store.allActions(id), g.notes));
    this.records.set(id, text);
    if (this.records.size > RECORDS_KEPT) this.records.delete(this.records.keys().next().value!);
    return text;
  }

  /** For tests and tools: the authoritative state (never sent anywhere). */
  async stateOf(id: string): Promise<GameState | null> {
    return (await this.getLive(id))?.state ?? null;
  }

  async freshState(c: Conn): Promise<string | null> {
    if (!c.gameId) return null;
    const g = await this.getLive(c.gameId);
    if (!g?.state) return null;
    return this.stateFrame(g, c.viewer ?? 'spectator');
  }
}
