// The master of each game this instance holds: the games in memory (loaded from the store on
// first use, replayed from the latest snapshot), their per-game lock, and the ONE path every
// action takes, whoever sends it: `submit(g, action, origin)` = seq check -> the table host's
// `play` (engine `apply`, each viewer's frame) -> append to the store with the next seq
// (compare-and-set) -> fan-out. Players (play/connections.ts), bots (play/bot-driver.ts), timers
// (play/timers.ts) and other instances' commits (cluster/sync.ts, origin 'remote': already stored,
// so only applied and fanned out) all come through here.
import {
  type Action,
  applyLogged,
  ENGINE_VERSION,
  expectedSeats,
  type GameEvent,
  type GameState,
  type Seat,
} from '@mindmgmt/engine';
import { play, RecentPositions } from '@mindmgmt/table';
import type { Logger } from 'pino';
import { ApiError, StaleError } from '../http/api-error.js';
import type { BotPool } from '../bots/pool.js';
import { Mutex } from './lock.js';
import type { LobbyInfo } from '@mindmgmt/table';
import { inviteUrl, lobbyInfo } from './lobby-info.js';
import { BotGameBudget } from '../bots/game-budget.js';
import type { LimitsConfig } from '../limits/config.js';
import type { ServiceConfig } from './service-config.js';
import type { GameRow, GameStore } from '../store/types.js';
import type { Metrics } from '../metrics/index.js';
import { shownDeadline, timingAfter } from './deadlines.js';
import { type HandOver, returnedBanks, seatStandIn, withoutStandIns } from './standins.js';
import { sendAll, sendEach } from './fanout.js';
import { eventsFrames, frameText, stateFrame } from './frames.js';
import { type Conn, type Live, type Viewer, viewerFor } from './live.js';
import { withNotes } from './notes.js';
import { initialState } from './setup.js';

/** Who sends an action into `submit`, and the seq it was decided at. 'remote': committed by
 * another instance at seq + 1 (`row`: the stored row's other fields); applied and fanned out
 * here, never appended again. */
export type Origin =
  | { readonly by: 'player'; readonly conn: Conn; readonly seq: number; readonly id: string | undefined }
  | { readonly by: 'bot' | 'timer'; readonly seq: number }
  | { readonly by: 'remote'; readonly seq: number; readonly row: GameRow };

/** What the master calls on parts built around it (app/games.ts wires them when it builds the master). */
export interface MasterLinks {
  /** Starts a bot decision when g waits on a bot seat (play/bot-driver.ts). */
  readonly kickBots: (g: Live) => void;
  /** Cluster (cluster/sync.ts): brings g up to date with the shared store, under g.lock. Null
   * for a single instance, whose memory is the truth. */
  readonly catchUp: ((g: Live) => Promise<void>) | null;
  /** Whether this instance must keep g in memory to move its bots (cluster: it holds the lease). */
  readonly holdsBotWork: (g: Live) => boolean;
  /** Players' history and ratings: called once, by the instance whose action ended a game, so a
   * game is rated once however many instances hold it. */
  readonly onGameOver: ((row: GameRow) => Promise<void>) | null;
  /** Turn notices: called after each commit of this instance, under g.lock, with
   * the state before it. Must not wait on anything (notify/notifier.ts queues). */
  readonly onMoved: ((g: Live, before: GameState) => void) | null;
  /** Counts actions and times commits and fan-outs (metrics/). */
  readonly metrics?: Metrics | null;
  /** Cluster: claims g's bot work for this instance (a stand-in was seated here, D13). */
  readonly claimBots?: (id: string) => Promise<void>;
  /** D13: until when the player of `place` is on vacation (turn-based tables), or null. */
  readonly vacationUntil?: ((gameId: string, place: number, now: number) => Promise<number | null>) | null;
  /** A stand-in took a seat (D13): its player is told (notify/). Must not wait on anything. */
  readonly onStandIn?: ((g: Live, seat: Seat) => void) | null;
  /** A seat token's first connection to g on this instance opened (true) or its last closed. */
  readonly onPresence?: ((g: Live, tokenHash: string, online: boolean) => void) | null;
}

export class GameMaster {
  private readonly live = new Map<string, Live>();
  private readonly loading = new Map<string, Promise<Live | null>>();
  /** Started games with bot seats (not over yet) per starter's profile, address and network, and in all. */
  readonly botGames: BotGameBudget;
  closed = false;

  constructor(
    readonly store: GameStore,
    readonly log: Logger,
    readonly cfg: ServiceConfig,
    readonly limits: LimitsConfig,
    readonly bots: BotPool,
    private readonly links: MasterLinks,
  ) {
    this.botGames = new BotGameBudget(limits, cfg.botWorkers);
  }

  /** The time deadlines and seat clocks are reckoned on (D13; tests advance their own). */
  now(): number {
    return (this.cfg.wallClock ?? Date.now)();
  }

  /** Cluster: this instance moves g's bots (a stand-in was seated here). */
  async claimBots(g: Live): Promise<void> {
    await this.links.claimBots?.(g.id);
  }

  /** D13: until when the player of `place` at `gameId` is on vacation, or null. */
  vacationUntil(gameId: string, place: number, now: number): Promise<number | null> {
    return this.links.vacationUntil?.(gameId, place, now) ?? Promise.resolve(null);
  }

  /** A seat token came online on this instance or went offline here (cluster presence). */
  onPresence(g: Live, tokenHash: string, online: boolean): void {
    this.links.onPresence?.(g, tokenHash, online);
  }

  /** A stand-in took `seat` of g (D13). */
  onStandIn(g: Live, seat: Seat): void {
    this.links.onStandIn?.(g, seat);
  }

  /**
   * Hands `seat` of a running game to a stand-in at once (D13), as when its player leaves: a bot
   * at the table's stand-in level plays it, or, when no other person at the table still plays,
   * the seat resigns. For the parts that decide a player may not go on (a ban).
   */
  async handToStandIn(gameId: string, seat: Seat, why: 'time' | 'left' = 'left'): Promise<HandOver> {
    const g = await this.getLive(gameId);
    if (!g) return 'none';
    return g.lock.run(async () => {
      await this.fresh(g);
      return seatStandIn(this, g, seat, why);
    });
  }

  /** Starts a bot decision when g waits on a bot seat. */
  kickBots(g: Live): void {
    this.links.kickBots(g);
  }

  // ---------------------------------------------------------------- the games in memory
  async getLive(id: string): Promise<Live | null> {
    const have = this.live.get(id);
    if (have) return have;
    const p = this.loading.get(id);
    if (p) return p;
    const q = this.load(id).finally(() => this.loading.delete(id));
    this.loading.set(id, q);
    return q;
  }

  /** The game if it is in memory or being loaded (null: it is loaded fresh when needed). */
  peek(id: string): Promise<Live | null> | null {
    const have = this.live.get(id);
    return have ? Promise.resolve(have) : (this.loading.get(id) ?? null);
  }

  /** The game if it is in memory now (no loading). */
  inMemory(id: string): Live | undefined {
    return this.live.get(id);
  }

  all(): IterableIterator<Live> {
    return this.live.values();
  }

  get size(): number {
    return this.live.size;
  }

  async mustGet(id: string): Promise<Live> {
    const g = await this.getLive(id);
    if (!g || g.row.status === 'closed') throw new ApiError(404, 'not_found', 'There is no such game.');
    return g;
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
      positions: new RecentPositions(state),
      botHold: null,
    };
    const raced = this.live.get(id);
    if (raced) return raced;
    this.live.set(id, g);
    return g;
  }

  /** The state of a started game from its stored log (latest snapshot + the actions after it). */
  async replay(row: GameRow): Promise<GameState> {
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

  /** A game that started (here or elsewhere) now has `state`: reset what is remembered per seq. */
  started(g: Live, state: GameState): void {
    g.state = state;
    g.positions.reset(state);
  }

  /** Drops a game from memory (and its bot sessions). */
  forget(g: Live): void {
    if (this.live.get(g.id) === g) this.live.delete(g.id);
    this.bots.forget(g.id);
    // Out of memory, the game uses no bot work until someone comes back: its starter's
    // bot-game slot is free again (it would otherwise leak until a restart).
    if (g.botHold !== null) this.botGames.release(g.botHold);
    g.botHold = null;
  }

  /** Drops the games nobody watched for idleEvictMs whose bots this instance need not move. */
  evictIdle(now = Date.now()): void {
    for (const g of this.live.values())
      if (g.subs.size === 0 && !g.botBusy && g.lock.idle && now - g.lastActive > this.cfg.idleEvictMs)
        if (!this.links.holdsBotWork(g)) this.forget(g);
  }

  /** Waits for every game's lock to be free (in-flight commits finish before the store closes). */
  async drain(): Promise<void> {
    await Promise.all([...this.live.values()].map((g) => g.lock.run(() => undefined)));
  }

  /** Under g.lock, before a decision that reads g.row: the shared store's latest (cluster). */
  async fresh(g: Live): Promise<void> {
    if (this.links.catchUp) await this.links.catchUp(g);
  }

  // ---------------------------------------------------------------- the action path
  /**
   * Under g.lock: the one path of every action, whoever sends it. Checks the seq, applies with
   * the engine, persists in one transaction (not for 'remote': it is stored already), then fans
   * out to every subscriber (a player's own copy first, with its request id). Throws StaleError
   * when the game moved on, ApiError 422 when the engine refuses.
   */
  async submit(g: Live, action: Action, origin: Origin): Promise<void> {
    const state = g.state;
    if (!state) throw new ApiError(409, 'not_started', 'The game has not started yet.');
    if (state.seq !== origin.seq) throw new StaleError();
    // Every origin goes through `apply`, another instance's commit too. A legacy `note` action
    // (notes were actions before migration 102) is refused here; cluster/sync.ts then reads the
    // store, and `replay` takes it with applyLogged, as it takes the old games' logs.
    const r = play(g.id, state, action);
    if (!r.ok) throw new ApiError(422, r.code, r.message, r.params);
    const now = this.now();
    let row: GameRow;
    if (origin.by === 'remote')
      row = {
        ...origin.row,
        seq: r.state.seq,
        result: r.state.result,
        status: r.state.result ? 'over' : 'active',
      };
    else {
      // D12: an action the other seats are not shown yet (the recruiter's unsettled turn) keeps
      // the time they last saw a change, in the row (lobby, live tables) and in the store, so no
      // listed or stored time tells when the recruiter acted before it was settled. The seat
      // clocks (D13) are reckoned on that time too: the turn is charged when it is settled.
      const at = r.shownToOthers ? now : g.row.updatedAt;
      const start = g.row.start!;
      // D13: a player who asked for their seat back takes it at the seat's next turn.
      const back = start.seats.filter(
        (x) => x.standIn?.back && !expectedSeats(state).includes(x.seat) && expectedSeats(r.state).includes(x.seat),
      );
      const after = back.length
        ? withoutStandIns(
            start,
            back.map((x) => x.seat),
          )
        : start;
      // D12: an undo, and the undoable actions that can still be taken back, keep the clock where
      // it was: taking a move back and forth never buys time (the timer is the turn's).
      const keep = !back.length && (action.type === 'undo' || r.state.undo) && g.row.deadline?.seat === action.seat;
      let { deadline, clock } = keep
        ? { deadline: g.row.deadline, clock: g.row.clock ?? null }
        : timingAfter(this.limits.gameInactiveMs, g.row, { start, state }, { start: after, state: r.state }, at);
      if (back.length && clock)
        clock = returnedBanks(
          g.row.options,
          clock,
          back.map((x) => x.seat),
        );
      if (back.length && clock)
        deadline = timingAfter(
          this.limits.gameInactiveMs,
          { ...g.row, clock },
          null,
          { start: after, state: r.state },
          at,
        ).deadline;
      const snapshot = r.state.seq % this.cfg.snapshotEvery === 0 || r.state.result ? r.state : undefined;
      const t0 = performance.now();
      const res = await this.store.appendAction({
        gameId: g.id,
        expectedSeq: origin.seq,
        action,
        deadline,
        clock,
        result: r.state.result,
        at,
        ...(snapshot ? { snapshot } : {}),
        ...(back.length ? { start: after } : {}),
      });
      this.links.metrics?.commitSeconds.observe((performance.now() - t0) / 1000);
      if (res === 'stale') {
        // Someone else (another instance) moved the game on: catch up from the store (cluster),
        // or drop the cached copy so it is reloaded.
        if (this.links.catchUp) await this.links.catchUp(g);
        else this.forget(g);
        throw new StaleError();
      }
      row = {
        ...g.row,
        start: after,
        seq: r.state.seq,
        deadline,
        clock,
        result: r.state.result,
        status: r.state.result ? 'over' : 'active',
        updatedAt: at,
      };
      // Only the action type, seat and seq: never where (locations of recruiter actions are secret).
      this.log.info({ gameId: g.id, seq: r.state.seq, type: action.type, seat: action.seat }, 'action');
      this.links.metrics?.actions.inc({ by: origin.by });
      for (const x of back) this.log.info({ gameId: g.id, seat: x.seat }, 'seat taken back');
      if (r.state.result)
        this.log.info({ gameId: g.id, winner: r.state.result.winner, reason: r.state.result.reason }, 'game over');
    }
    const seatsChanged = JSON.stringify(row.start?.seats) !== JSON.stringify(g.row.start?.seats);
    const shown = r.shownToOthers;
    g.state = r.state;
    g.row = row;
    g.lastActive = now;
    this.advanced(g);
    const actor = origin.by === 'player' ? origin.conn : null;
    const t1 = performance.now();
    this.broadcast(g, state, r.events, actor, origin.by === 'player' ? origin.id : undefined);
    this.links.metrics?.fanoutSeconds.observe((performance.now() - t1) / 1000);
    // The lobby frame carries the seats (stand-ins) and the banks (D13): sent when they change
    // and the others are shown the move (D12).
    if (r.state.result || seatsChanged || (shown && g.row.clock)) this.pushLobby(g);
    if (r.state.result) {
      if (origin.by !== 'remote' && this.links.onGameOver) void this.links.onGameOver(g.row);
    }
    if (origin.by !== 'remote') this.links.onMoved?.(g, state);
    // A remote batch kicks the bots once, after its last action (cluster/sync.ts).
    if (origin.by !== 'remote') this.kickBots(g);
  }

  /** Under g.lock, after `events` took `before` to g.state: each connection its viewer's
   * `events` frame, the actor's acknowledgement first (play/frames.ts); nothing to a viewer who
   * is shown nothing new (D12: the recruiter's unsettled turn). */
  private broadcast(
    g: Live,
    before: GameState,
    events: readonly GameEvent[],
    actor: Conn | null,
    id: string | undefined,
  ): void {
    if (g.subs.size) sendEach(g, eventsFrames(g, before, events, shownDeadline(g.row)), actor, id);
  }

  /** After g.state moved on: remember the log length of the new seq; at the end, free the
   * starter's bot-game budget and the game's bot sessions. */
  private advanced(g: Live): void {
    const s = g.state!;
    g.positions.note(s);
    // The cached `state` frames (whole view and log per viewer) are of the old seq and would
    // otherwise stay in memory until the next `hello`: per active game, the largest thing held.
    if (g.frames.byViewer.size) g.frames = { seq: -1, byViewer: new Map() };
    if (s.result) {
      if (g.botHold !== null) this.botGames.release(g.botHold);
      g.botHold = null;
      this.bots.forget(g.id);
    }
  }

  // ---------------------------------------------------------------- lobby fan-out
  invite(id: string): string {
    return inviteUrl(this.cfg.publicUrl, id);
  }

  lobbyInfo(g: Live): LobbyInfo {
    return lobbyInfo(g, this.invite(g.id));
  }

  /** Every subscriber of g its (shared) lobby frame. */
  pushLobby(g: Live): void {
    if (g.subs.size) sendAll(g, frameText({ t: 'lobby', gameId: g.id, lobby: this.lobbyInfo(g) }));
  }

  /** A viewer's `state` frame with the game's notes. */
  stateFrame(g: Live, viewer: Viewer): string {
    return withNotes(g, stateFrame(g, viewer, shownDeadline(g.row)));
  }

  /** g started, here or elsewhere, or was reloaded from the store: each subscriber's seat is
   * looked up again (the seats are known from the start on) and it gets its `state` frame. */
  pushStates(g: Live): void {
    for (const c of g.subs) c.viewer = viewerFor(g, c.tokenHash);
    sendEach(g, (v) => this.stateFrame(g, v));
  }
}
