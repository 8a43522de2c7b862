// Cluster mode (several instances on one PostgreSQL store): following the other instances'
// commits and sharing the bot work. Every instance is master of the games it holds in memory,
// but the store is the truth: a commit anywhere is announced on the bus (LISTEN/NOTIFY), and
// each instance holding that game catches up by feeding the stored actions it missed into the
// master's one `submit` path (origin 'remote': applied and fanned out, not stored again). Bot
// work is claimed per game by a lease, renewed every leaseMs/3 and taken over when it expires.
import type { Logger } from 'pino';
import { StaleError } from '../http/api-error.js';
import type { BotPool } from '../bots/pool.js';
import type { Live } from '../play/live.js';
import { refreshNotes } from '../play/notes.js';
import type { GameMaster } from '../play/master.js';
import type { ServiceConfig } from '../play/service-config.js';
import type { AnnouncedCommit, ClusterBus } from '../store/types.js';

export class ClusterSync {
  /** Games whose bot work this instance holds the lease of. */
  readonly ownedBots = new Set<string>();
  private readonly timers: NodeJS.Timeout[] = [];

  constructor(
    private readonly master: GameMaster,
    private readonly bus: ClusterBus,
    private readonly bots: BotPool,
    private readonly log: Logger,
    private readonly cfg: ServiceConfig,
  ) {}

  /** Follows every instance's commits and starts the lease ticks. Active games load on demand. */
  async start(): Promise<void> {
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

  /** Hands the bot work over at once instead of at lease expiry. */
  async close(): Promise<void> {
    for (const t of this.timers) clearInterval(t);
    await this.bus.releaseLeases().catch(() => undefined);
    this.ownedBots.clear();
  }

  /** True when this instance may move the bots of g. */
  mayMoveBots(g: Live): boolean {
    return this.ownedBots.has(g.id);
  }

  /** A game just started here with bot seats: take its bot work. */
  async claimBots(id: string): Promise<void> {
    if (await this.bus.claimBotGame(id, Date.now(), this.cfg.leaseMs)) this.ownedBots.add(id);
  }

  /** A committed change on any instance (this one included): bring the cached game up to date
   * and send this instance's connections their own views of what happened. An announced action
   * that follows the state held here is applied as it is (origin 'remote'); anything else (a
   * gap, a lobby change, a seq without content) re-reads the store. */
  private onNotify(id: string, what: number | 'lobby' | 'notes' | AnnouncedCommit): void {
    const seq = what === 'lobby' || what === 'notes' ? null : typeof what === 'number' ? what : what.seq;
    // This instance's own commits (and repeats) need nothing, not even a turn of the lock: a
    // game's seq only grows.
    const held = this.master.inMemory(id);
    if (seq !== null && held?.state && held.state.seq >= seq) return;
    const p = this.master.peek(id);
    if (!p) return; // not in memory here: it is loaded fresh when needed
    void p
      .then((g) => {
        if (!g) return;
        return g.lock.run(async () => {
          if (what === 'notes') return refreshNotes(this.master.store, g);
          if (seq !== null && g.state && g.state.seq >= seq) return;
          if (typeof what === 'object' && g.state?.seq === what.seq - 1 && (await this.applyAnnounced(g, what))) return;
          await this.refresh(g);
        });
      })
      .catch((e) => this.log.error({ gameId: id, err: String(e) }, 'refresh failed'));
  }

  /** Under g.lock: an action another instance committed right after g.state, from its
   * announcement; false when it does not apply here (then the store is read). */
  private async applyAnnounced(g: Live, c: AnnouncedCommit): Promise<boolean> {
    try {
      const row = {
        ...g.row,
        deadline: c.deadline,
        updatedAt: c.at,
        clock: c.clock ?? null,
        ...(c.start ? { start: c.start } : {}),
      };
      await this.master.submit(g, c.action, { by: 'remote', seq: c.seq - 1, row });
    } catch (e) {
      this.log.warn({ gameId: g.id, seq: c.seq, err: String(e) }, 'announced action does not apply; reading the store');
      return false;
    }
    g.lastActive = Date.now();
    this.master.kickBots(g);
    return true;
  }

  /** The listening connection came back: notifications may have been missed. */
  private onResync(): void {
    this.log.warn({ games: this.master.size }, 'bus reconnected; resyncing games');
    for (const g of this.master.all())
      void g.lock
        .run(async () => {
          await this.refresh(g);
          await refreshNotes(this.master.store, g);
        })
        .catch((e) => this.log.error({ gameId: g.id, err: String(e) }, 'refresh failed'));
  }

  /** Under g.lock: re-reads the game row and applies (and broadcasts) the actions committed
   * elsewhere since this instance's state. A no-op when nothing changed. */
  async refresh(g: Live): Promise<void> {
    const m = this.master;
    const got = g.state ? await this.bus.changesAfter(g.id, g.state.seq) : null;
    const row = got ? got.row : await m.store.getGame(g.id);
    if (!row) return;
    if (!row.start || row.status === 'lobby' || row.status === 'closed') {
      const before = JSON.stringify(m.lobbyInfo(g));
      g.row = row;
      for (const c of g.subs)
        if (c.tokenHash && !row.places.some((p) => p.tokenHash === c.tokenHash)) c.tokenHash = null;
      if (JSON.stringify(m.lobbyInfo(g)) !== before) m.pushLobby(g);
      return;
    }
    if (!g.state) {
      // Started on another instance.
      g.row = row;
      m.started(g, await m.replay(row));
      m.pushLobby(g);
      m.pushStates(g);
      m.kickBots(g);
      return;
    }
    if (row.seq > g.state.seq) {
      const missed = (got?.actions ?? (await this.bus.actionsAfter(g.id, g.state.seq))).filter((a) => a.seq <= row.seq);
      for (const { seq, action } of missed) {
        try {
          await m.submit(g, action, { by: 'remote', seq: seq - 1, row });
        } catch (e) {
          m.log.error(
            { gameId: g.id, seq, err: e instanceof StaleError ? 'gap' : String(e) },
            'missed action does not apply; reloading',
          );
          g.row = row;
          m.started(g, await m.replay(row));
          m.pushStates(g);
          break;
        }
      }
    }
    if (g.state?.seq === row.seq) {
      // A stand-in seated or gone on another instance (D13): the table is shown its seats.
      const seated = JSON.stringify(row.start) !== JSON.stringify(g.row.start);
      g.row = row;
      if (seated) {
        m.pushLobby(g);
        m.pushStates(g);
      }
      // A seat token replaced on another instance (sign-out everywhere revokes them): the
      // connections here that hold the old one lose the seat's view at once.
      for (const c of g.subs)
        if (c.tokenHash && !row.places.some((p) => p.tokenHash === c.tokenHash)) {
          c.tokenHash = null;
          c.viewer = 'spectator';
          c.send(m.stateFrame(g, 'spectator'));
        }
    }
    g.lastActive = Date.now();
    m.kickBots(g);
  }

  /** Renews this instance's bot-work leases and takes over unowned or expired ones. */
  private async leaseTick(): Promise<void> {
    if (this.master.closed) return;
    const now = Date.now();
    const kept = new Set(await this.bus.renewLeases(now, this.cfg.leaseMs));
    for (const id of [...this.ownedBots])
      if (!kept.has(id)) {
        this.ownedBots.delete(id);
        this.bots.forget(id); // another instance moves its bots now
      }
    for (const id of kept) this.ownedBots.add(id);
    const claimed = await this.bus.claimBotGames(now, this.cfg.leaseMs, 50);
    for (const id of claimed) {
      this.ownedBots.add(id);
      this.log.info({ gameId: id }, 'bot lease taken');
      const g = await this.master.getLive(id);
      if (g) await g.lock.run(() => this.refresh(g));
    }
  }
}
