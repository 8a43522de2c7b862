// The authoritative game service: lobby, seats, applying actions under a per-game lock,
// persistence before broadcast, bots, turn timers. Transport-agnostic (ws.ts and http.ts call it).
import { randomBytes } from 'node:crypto';
import {
  type Action,
  apply,
  ENGINE_VERSION,
  eventsFor,
  expectedSeats,
  exportRecord,
  type GameEvent,
  type GameRecord,
  type GameState,
  legalActions,
  newGame,
  RECRUITER_SEAT,
  type Seat,
  view,
} from '@mindmgmt/engine';
import type { Logger } from 'pino';
import { BotPool } from './bots/pool.js';
import { Mutex } from './lock.js';
import type { CreateGameBody } from './schemas.js';
import { hashToken, newGameId, newToken } from './tokens.js';
import type { LobbyInfo, LobbySummary, PlaceInfo } from './lobby-types.js';
import { assignSeats, botName } from './seating.js';
import type { ClusterBus, Deadline, GameRow, GameStore, PlaceRow, SeatRow, TableOptions } from './store/types.js';

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

export type Viewer = Seat | 'spectator';

/** A subscriber (one WebSocket connection). */
export interface Conn {
  readonly cid: number;
  send(text: string): void;
  gameId: string | null;
  tokenHash: string | null;
  /** Resolved once the game has started; 'spectator' without a seat. */
  viewer: Viewer | null;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

interface Live {
  readonly id: string;
  row: GameRow;
  state: GameState | null;
  readonly lock: Mutex;
  readonly subs: Set<Conn>;
  botBusy: boolean;
  lastActive: number;
}

export class GameService {
  private readonly live = new Map<string, Live>();
  private readonly loading = new Map<string, Promise<Live | null>>();
  private readonly timers: NodeJS.Timeout[] = [];
  private closed = false;
  readonly bots: BotPool;
  /** Resolves when no bot move is in flight (used by tests and shutdown). */
  private inflight = 0;
  /** Cluster mode: the shared store's bus (null for a single instance). */
  private readonly bus: ClusterBus | null;
  /** Cluster mode: games whose bot work this instance holds the lease of. */
  readonly ownedBots = new Set<string>();

  constructor(
    readonly store: GameStore,
    readonly log: Logger,
    readonly cfg: ServiceConfig = DEFAULT_SERVICE_CONFIG,
  ) {
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
    } else {
      const ids = await this.store.activeGameIds();
      for (const id of ids) {
        const g = await this.getLive(id);
        if (g) this.kickBots(g);
      }
      this.log.info({ games: ids.length }, 'resumed active games');
    }
    const sweep = setInterval(
      () => void this.sweep().catch((e) => this.log.error({ err: String(e) }, 'sweep failed')),
      this.cfg.sweepMs,
    );
    sweep.unref();
    const evict = setInterval(() => this.evictIdle(), Math.max(1000, Math.min(60_000, this.cfg.idleEvictMs)));
    evict.unref();
    this.timers.push(sweep, evict);
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
  private onNotify(id: string, what: number | 'lobby'): void {
    const have = this.live.get(id);
    const p = have ? Promise.resolve(have) : this.loading.get(id);
    if (!p) return; // not in memory here: it is loaded fresh when needed
    void p
      .then((g) => {
        if (!g) return;
        return g.lock.run(async () => {
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
        .run(() => this.refresh(g))
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
        const r = seq === st.seq + 1 ? apply(st, action) : null;
        if (!r?.ok) {
          this.log.error({ gameId: g.id, seq }, 'missed action does not apply; reloading');
          g.state = st = await this.replay(row);
          g.row = row;
          for (const c of g.subs) c.send(this.stateFrame(g, c.viewer ?? 'spectator'));
          break;
        }
        g.state = st = r.state;
        g.row = { ...row, seq: r.state.seq };
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
    let state = logd.snapshot?.state ?? newGame(row.start!.engineOptions, row.start!.seed);
    for (const { seq, action } of logd.actions) {
      const r = apply(state, action);
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
    const g: Live = { id, row, state, lock: new Mutex(), subs: new Set(), botBusy: false, lastActive: Date.now() };
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
        if (!botsToMove) {
          this.live.delete(id);
          this.bots.forget(id);
        }
      }
    }
  }

  private async mustGet(id: string): Promise<Live> {
    const g = await this.getLive(id);
    if (!g || g.row.status === 'closed') throw new ApiError(404, 'not_found', 'There is no such game.');
    return g;
  }

  // ---------------------------------------------------------------- lobby
  lobbyInfo(g: Live): LobbyInfo {
    const r = g.row;
    const seatOfPlace = new Map<number, Seat>();
    for (const s of r.start?.seats ?? []) if (s.place !== null) seatOfPlace.set(s.place, s.seat);
    const { recruiterCard, ...rest } = r.options;
    const places: PlaceInfo[] = [];
    for (let place = 1; place <= r.options.players; place++) {
      const p = r.places.find((x) => x.place === place);
      places.push({
        place,
        name: p?.name ?? null,
        bot: p?.bot ?? null,
        volunteer: p?.volunteer ?? false,
        taken: !!p,
        host: r.hostPlace === place,
        seat: seatOfPlace.get(place) ?? null,
      });
    }
    return {
      gameId: r.id,
      title: r.title,
      status: r.status,
      createdAt: r.createdAt,
      // A fixed recruiter card is not named: which card the recruiter holds is secret (D10).
      options: {
        ...rest,
        recruiterCard: recruiterCard === 'random' || recruiterCard === 'choose' ? recruiterCard : 'fixed',
      },
      hostPlace: r.hostPlace,
      places,
      seats: r.start ? r.start.seats.map((s) => ({ seat: s.seat, name: s.name, bot: s.bot, place: s.place })) : null,
      seq: g.state?.seq ?? r.seq,
      result: g.state?.result ?? r.result,
      turnDeadline: r.deadline?.at ?? null,
      invite: this.invite(r.id),
    };
  }

  summary(r: GameRow): LobbySummary {
    const host = r.places.find((p) => p.place === r.hostPlace);
    return {
      gameId: r.id,
      title: r.title,
      status: r.status,
      mode: r.options.mode,
      players: r.options.players,
      taken: r.places.length,
      hostName: host?.name ?? null,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
      invite: this.invite(r.id),
    };
  }

  async createGame(b: CreateGameBody): Promise<{ gameId: string; token: string; place: number; invite: string }> {
    const solo = b.players === 1 ? (b.solo ?? { role: 'agents' as const, level: 'easy' as const }) : null;
    if (b.players > 1 && b.solo) throw new ApiError(400, 'bad_options', 'A solo setting needs players = 1.');
    const places: PlaceRow[] = [];
    const token = newToken();
    const now = Date.now();
    places.push({
      place: 1,
      name: b.name,
      tokenHash: hashToken(token),
      bot: null,
      volunteer: b.volunteer ?? false,
      joinedAt: now,
    });
    if (!solo) {
      for (const [k, level] of Object.entries(b.bots)) {
        const place = Number(k);
        if (place === 1) throw new ApiError(400, 'bad_options', 'Place 1 is the host, not a bot.');
        if (place > b.players)
          throw new ApiError(400, 'bad_options', `There is no place ${place} at a ${b.players}-player table.`);
        places.push({ place, name: botName(level), tokenHash: null, bot: level, volunteer: false, joinedAt: now });
      }
    }
    const options: TableOptions = {
      mode: b.mode,
      recruiterCard: b.recruiterCard,
      recruiterChoice: b.recruiterChoice,
      players: b.players,
      solo,
      turnTimerSec: b.turnTimerSec,
      deduction: b.deduction ?? (b.players === 1 || b.mode === 'training'),
    };
    const id = newGameId();
    const row: GameRow = {
      id,
      title: b.title?.trim() || `${b.name}'s ${b.mode === 'full' ? 'Full Game' : 'Training Mission'}`,
      createdAt: now,
      status: 'lobby',
      options,
      hostPlace: 1,
      places: places.sort((a, c) => a.place - c.place),
      start: null,
      seq: 0,
      deadline: null,
      result: null,
      updatedAt: now,
    };
    await this.store.createGame(row);
    this.log.info({ gameId: id, mode: b.mode, players: b.players }, 'game created');
    return { gameId: id, token, place: 1, invite: this.invite(id) };
  }

  async listOpen(): Promise<LobbySummary[]> {
    return (await this.store.listOpen(100)).map((r) => this.summary(r));
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

  async leave(id: string, token: string): Promise<void> {
    const g = await this.mustGet(id);
    const h = hashToken(token);
    await g.lock.run(async () => {
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
    });
  }

  async startGame(id: string, token: string): Promise<void> {
    const g = await this.mustGet(id);
    const h = hashToken(token);
    await g.lock.run(async () => {
      if (this.bus) await this.refresh(g);
      const r = g.row;
      if (r.status !== 'lobby') throw new ApiError(409, 'started', 'The game has already started.');
      const me = r.places.find((x) => x.tokenHash === h);
      if (!me) throw new ApiError(403, 'bad_token', 'That token holds no place at this table.');
      if (me.place !== r.hostPlace) throw new ApiError(403, 'not_host', 'Only the host can start the game.');
      if (r.places.length < r.options.players)
        throw new ApiError(409, 'not_full', 'Every place must be taken (by a person or a bot) first.');
      const seats = assignSeats(r);
      const engineOptions = {
        mode: r.options.mode,
        agentSeats: Math.max(1, r.options.players - 1),
        recruiterCard: r.options.recruiterCard,
      };
      const seed = randomBytes(4).readUInt32LE(0);
      const state = newGame(engineOptions, seed);
      const startedAt = Date.now();
      const start = { seed, engineVersion: ENGINE_VERSION, engineOptions, seats, startedAt };
      const deadline = this.deadlineFor({ ...r, start }, state, startedAt, null, null);
      if (!(await this.store.startGame(id, { ...start, deadline })))
        throw new ApiError(409, 'started', 'The game has already started.');
      g.row = { ...r, status: 'active', start, seq: 0, deadline, updatedAt: startedAt };
      g.state = state;
      if (
        this.bus &&
        seats.some((s) => s.bot !== null) &&
        (await this.bus.claimBotGame(id, Date.now(), this.cfg.leaseMs))
      )
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
    return g.row.start?.seats.find((s) => s.seat === seat);
  }

  viewerFor(g: Live, tokenHash: string | null): Viewer {
    if (!tokenHash || !g.row.start) return 'spectator';
    return g.row.start.seats.find((s) => s.tokenHash === tokenHash)?.seat ?? 'spectator';
  }

  stateFrame(g: Live, viewer: Viewer): string {
    const s = g.state!;
    return JSON.stringify({
      t: 'state',
      gameId: g.id,
      seat: viewer,
      view: view(s, viewer),
      legal: legalFor(s, viewer),
      deadline: g.row.deadline?.at ?? null,
    });
  }

  /** `hello`: subscribe a connection to a game; sends lobby and (once started) state. */
  async hello(c: Conn, gameId: string, token: string | null): Promise<void> {
    const g = await this.getLive(gameId);
    if (!g || g.row.status === 'closed') throw new ApiError(404, 'not_found', 'There is no such game.');
    const h = token ? hashToken(token) : null;
    if (h && !g.row.places.some((p) => p.tokenHash === h) && !g.row.start?.seats.some((s) => s.tokenHash === h))
      throw new ApiError(403, 'bad_token', 'That token holds no place at this table.');
    await g.lock.run(() => {
      this.unsubscribe(c);
      c.gameId = gameId;
      c.tokenHash = h;
      c.viewer = g.row.start ? this.viewerFor(g, h) : null;
      g.subs.add(c);
      g.lastActive = Date.now();
      c.send(JSON.stringify({ t: 'lobby', gameId, lobby: this.lobbyInfo(g) }));
      if (g.state && c.viewer !== null) c.send(this.stateFrame(g, c.viewer));
    });
  }

  unsubscribe(c: Conn): void {
    if (!c.gameId) return;
    const g = this.live.get(c.gameId);
    g?.subs.delete(c);
    if (g) g.lastActive = Date.now();
    c.gameId = null;
    c.viewer = null;
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
      if (seq !== g.state.seq) throw new StaleError();
      const full = { ...action, seat: viewer } as unknown as Action;
      await this.commit(g, full, seq, c, id);
    });
  }

  /** Under g.lock: apply with the engine, persist in one transaction, then broadcast. */
  private async commit(
    g: Live,
    action: Action,
    expectedSeq: number,
    actor: Conn | null,
    id: string | undefined,
  ): Promise<void> {
    const state = g.state!;
    if (state.seq !== expectedSeq) throw new StaleError();
    const r = apply(state, action);
    if (!r.ok) throw new ApiError(422, r.code, r.message);
    const now = Date.now();
    const deadline = this.deadlineFor(g.row, r.state, now, action, g.row.deadline);
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
      else {
        this.live.delete(g.id);
        this.bots.forget(g.id);
      }
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
    // Only the action type, seat and seq: never where (locations of recruiter actions are secret).
    this.log.info({ gameId: g.id, seq: r.state.seq, type: action.type, seat: action.seat }, 'action');
    if (r.state.result)
      this.log.info({ gameId: g.id, winner: r.state.result.winner, reason: r.state.result.reason }, 'game over');
    this.broadcast(g, r.events, actor, id);
    if (r.state.result) {
      this.bots.forget(g.id);
      this.pushLobby(g);
    }
    this.kickBots(g);
  }

  /**
   * Under g.lock, after `events` were applied: one `events` frame per viewer (each seat, and one
   * shared by all spectators), built and stringified once and sent as the same string to every
   * connection of that viewer; the actor's copy only gains its `id`.
   *
   * The frame's `view.log` holds only the entries from `logFrom` on: every connection already has
   * the ones before (its `state` frame had the full log, and each `events` frame since appended its
   * entries, in seq order under the lock), so `logFrom` is the log length before this action and
   * the entries are this action's events. When the game ends the log is sent whole (`logFrom: 0`):
   * the full reveal adds `secret` to earlier entries too.
   */
  private broadcast(g: Live, events: readonly GameEvent[], actor: Conn | null, id: string | undefined): void {
    if (!g.subs.size) return;
    const s = g.state!;
    const logFrom = s.result ? 0 : s.history.length - events.length;
    // `view` reads `history` only to build `log` (engine views/view.ts), so a state whose history
    // is just the new entries gives the same view with only the new log entries, in O(events)
    // instead of O(history) (test: the merged client log equals view(state, seat) at every seq).
    const tail: GameState = logFrom === 0 ? s : { ...s, history: s.history.slice(logFrom) };
    const deadline = g.row.deadline?.at ?? null;
    const texts = new Map<Viewer, string>();
    const frame = (v: Viewer): string => {
      let text = texts.get(v);
      if (text === undefined) {
        const vw = view(tail, v);
        text = JSON.stringify({
          t: 'events',
          gameId: g.id,
          seq: s.seq,
          events: logFrom === 0 ? eventsFor(s, events, v) : vw.log,
          logFrom,
          view: vw,
          legal: legalFor(s, v),
          deadline,
        });
        texts.set(v, text);
      }
      return text;
    };
    // The actor's acknowledgement goes out first.
    if (actor && g.subs.has(actor)) {
      const text = frame(actor.viewer ?? 'spectator');
      actor.send(id === undefined ? text : `${text.slice(0, -1)},"id":${JSON.stringify(id)}}`);
    }
    for (const c of g.subs) if (c !== actor) c.send(frame(c.viewer ?? 'spectator'));
  }

  /** Seats the game waits on that are bots. */
  private botSeatsExpected(g: Live): SeatRow[] {
    if (!g.state || g.state.result) return [];
    return expectedSeats(g.state)
      .map((s) => this.seatRow(g, s))
      .filter((s): s is SeatRow => !!s && s.bot !== null);
  }

  /** Starts a bot decision if the game waits on a bot seat (one at a time per game). */
  private kickBots(g: Live): void {
    if (this.closed || g.botBusy || !g.state || g.state.result || !this.mayMoveBots(g)) return;
    const bot = this.botSeatsExpected(g)[0];
    if (!bot) return;
    const s = g.state;
    const seq = s.seq;
    const legal = legalFor(s, bot.seat);
    if (!legal.length) {
      this.log.error({ gameId: g.id, seq, seat: bot.seat }, 'bot seat expected but has no legal action');
      return;
    }
    g.botBusy = true;
    this.inflight++;
    const t0 = Date.now();
    const answeringAsk = bot.seat === RECRUITER_SEAT && s.phase === 'answerAsk';
    void this.bots
      .decide({
        gameId: g.id,
        seat: bot.seat,
        level: bot.bot!,
        view: view(s, bot.seat),
        legal,
        seed: randomBytes(4).readUInt32LE(0),
        budgetMs: this.cfg.botBudgetMs,
      })
      .then(async (action) => {
        const due = t0 + this.cfg.botPauseMs + (answeringAsk ? this.cfg.botAskAnswerMs : 0);
        const wait = due - Date.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        await g.lock.run(async () => {
          g.botBusy = false;
          if (this.closed || !g.state || g.state.seq !== seq || !action || !this.mayMoveBots(g)) return;
          try {
            await this.commit(g, { ...action, seat: bot.seat } as Action, seq, null, undefined);
          } catch (e) {
            const code = e instanceof ApiError ? e.code : String(e);
            this.log.warn({ gameId: g.id, seq, seat: bot.seat, code }, 'bot action refused');
          }
        });
      })
      .catch((e) => this.log.error({ gameId: g.id, err: String(e) }, 'bot failed'))
      .finally(() => {
        g.botBusy = false;
        this.inflight--;
        this.kickBots(g);
      });
  }

  get botsInFlight(): number {
    return this.inflight;
  }

  // ---------------------------------------------------------------- timers
  /** Turn deadline after an action (null = no timer). A note does not restart the clock. */
  private deadlineFor(
    r: GameRow,
    s: GameState,
    now: number,
    action: Action | null,
    prev: Deadline | null,
  ): Deadline | null {
    const sec = r.options.turnTimerSec;
    if (!sec || s.result || !r.start) return null;
    const humans = expectedSeats(s).filter((seat) => r.start!.seats.find((x) => x.seat === seat)?.bot === null);
    if (!humans.length) return null;
    if (action?.type === 'note' && prev && humans.includes(prev.seat)) return prev;
    return { at: now + sec * 1000, seat: humans[0]! };
  }

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
          await this.commit(g, { type: 'timeout', seat: dl.seat }, g.state.seq, null, undefined);
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
    const g = await this.mustGet(id);
    if (!g.state || !g.state.result)
      throw new ApiError(403, 'not_over', 'The record is published once the game is over.');
    return exportRecord(g.state, await this.store.allActions(id));
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

export class StaleError extends ApiError {
  constructor() {
    super(409, 'stale', 'The game has moved on since that seq; here is the current state.');
  }
}

/** `legalActions` once per state and seat: the `events` frame, a bot's decision and the `state`
 * frames of later hellos share the list (states are never changed in place; a new action gives a
 * new state object). Spectators have none. */
const legalCache = new WeakMap<GameState, Map<Seat, Action[]>>();
function legalFor(s: GameState, v: Viewer): Action[] {
  if (v === 'spectator') return [];
  let bySeat = legalCache.get(s);
  if (!bySeat) legalCache.set(s, (bySeat = new Map()));
  let legal = bySeat.get(v);
  if (!legal) bySeat.set(v, (legal = legalActions(s, v)));
  return legal;
}
