// Your turn reaches you: turns that begin, people joining a table, games ending,
// told to the profiles at the table that have no device on it. Events come from the one place a
// game moves (GameMaster.submit, under the game's lock) and from the lobby routes; each is decided
// at once from what the game holds in memory (who is expected, who is connected) and handed to the
// send queue, so no lock ever waits on a database read or a network send.
import { expectedSeats, publicState, RECRUITER_SEAT, type GameState, type Seat } from '@mindmgmt/engine';
import type { Logger } from 'pino';
import type { Live } from '../play/live.js';
import type { NotifyStore, PushSubRow, VapidKeys } from '../store/notify/types.js';
import type { PlayerStore } from '../store/players/types.js';
import type { ClusterPresence } from './presence.js';
import { makeVapidKeys, sendPush } from './push.js';
import { SendQueue, type QueueCaps } from './queue.js';
import { notifyText, type NotifyKind } from './texts.js';

export interface NotifierConfig {
  /** VAPID "sub": the operator's contact (an https URL or mailto:). */
  readonly subject: string;
  readonly caps: QueueCaps;
}

/** A message for one profile, whatever the channel. */
export interface Notice {
  readonly playerId: string;
  readonly gameId: string;
  readonly kind: NotifyKind;
  readonly table: string;
  /** The turn it is about (`turnKey`), or the event for join and over. */
  readonly turn: string;
}

/** A second channel (e-mail): called for each notice that passed the caps. */
export interface NoticeChannel {
  deliver(n: Notice): Promise<void>;
}

/** Turns remembered (one push per seat per turn); the oldest is forgotten first. */
const TURNS_REMEMBERED = 10_000;

/** The table's path in the web client (the service worker opens it on its own origin). */
export const tableUrl = (gameId: string): string => `/#/g/${gameId}`;

/** One turn of the game: the time track and whose side (a seat expected again within the same
 * half-turn, after a partner's activation, is not told again). */
export const turnKey = (s: GameState, seat: Seat): string => `${s.time}/${seat === RECRUITER_SEAT ? 'r' : 'a'}`;

export class Notifier {
  readonly queue: SendQueue;
  private keys: VapidKeys | null = null;
  private live: (id: string) => Live | undefined = () => undefined;
  private readonly told = new Map<string, string>();
  private readonly channels: NoticeChannel[] = [];
  /** Cluster: who watches on the other instances (null: this instance's connections are all). */
  presence: ClusterPresence | null = null;

  constructor(
    readonly store: NotifyStore,
    private readonly players: PlayerStore,
    private readonly log: Logger,
    private readonly cfg: NotifierConfig,
  ) {
    this.queue = new SendQueue(cfg.caps, (e) =>
      this.log.warn({ err: e instanceof Error ? e.message.slice(0, 200) : 'error' }, 'notification failed'),
    );
  }

  /** Reads (at the first start: makes and stores) the VAPID key pair. */
  async start(now = Date.now()): Promise<void> {
    this.keys = await this.store.vapidKeys(makeVapidKeys, now);
  }

  get publicKey(): string {
    return this.keys!.publicKey;
  }

  /** The VAPID key pair (read by start()). */
  get vapid(): VapidKeys {
    return this.keys!;
  }

  /** The games in memory (the game service, built after this). */
  attach(live: (id: string) => Live | undefined, ...channels: NoticeChannel[]): void {
    this.live = live;
    this.channels.push(...channels);
  }

  /** Under g.lock, after a commit took `before` to g.state. */
  moved(g: Live, before: GameState): void {
    const s = g.state;
    if (!s || !g.row.start) return;
    if (s.result) return this.event(g, 'over', this.peoplePlaces(g), 'over');
    // D12: while the recruiter's turn is not settled the others see the game as it was; a push
    // sent before they are shown the turn would tell them when the recruiter moved.
    const was = new Set(expectedSeats(publicState(before)));
    const now = publicState(s);
    this.turns(
      g,
      now,
      expectedSeats(now).filter((seat) => !was.has(seat)),
    );
  }

  /** A game just started: the recruiter's first turn. */
  started(gameId: string): void {
    const g = this.live(gameId);
    if (g?.state && !g.state.result) this.turns(g, g.state, expectedSeats(g.state));
  }

  /** D13: a stand-in took `seat` (its time ran out, or the player left): its player, once. */
  standIn(g: Live, seat: Seat): void {
    const row = g.row.start?.seats.find((x) => x.seat === seat);
    if (row?.place == null || row.bot !== null || row.standIn?.why !== 'time') return;
    this.event(g, 'standIn', [row.place], `standIn/${seat}/${row.standIn.seq}`);
  }

  /** D13: `seat`'s time runs out at `at` and is running low: its player, once per deadline. */
  lowTime(g: Live, seat: Seat, at: number): void {
    const row = g.row.start?.seats.find((x) => x.seat === seat);
    if (row?.place == null || row.bot !== null || row.standIn) return;
    const key = `${g.id}/${seat}/low`;
    if (this.told.get(key) === String(at)) return;
    this.told.delete(key);
    if (this.told.size >= TURNS_REMEMBERED) this.told.delete(this.told.keys().next().value!);
    this.told.set(key, String(at));
    this.event(g, 'lowTime', [row.place], `lowTime/${seat}/${at}`);
  }

  /** Someone took `place` at a table: everyone else seated there. */
  joined(gameId: string, place: number): void {
    const g = this.live(gameId);
    if (g)
      this.event(
        g,
        'join',
        this.peoplePlaces(g).filter((p) => p !== place),
        `join/${place}`,
      );
  }

  /** `s`: the game as everyone but the recruiter knows it (publicState). */
  private turns(g: Live, s: GameState, seats: readonly Seat[]): void {
    const places: number[] = [];
    for (const seat of seats) {
      const row = g.row.start!.seats.find((x) => x.seat === seat);
      if (!row || row.bot !== null || row.place === null) continue;
      const key = `${g.id}/${seat}`;
      const turn = turnKey(s, seat);
      if (this.told.get(key) === turn) continue;
      this.told.delete(key);
      if (this.told.size >= TURNS_REMEMBERED) this.told.delete(this.told.keys().next().value!);
      this.told.set(key, turn);
      places.push(row.place);
    }
    // One turn key for the batch: the seats that begin together begin the same turn.
    if (places.length) this.event(g, 'turn', places, turnKey(s, seats[0]!));
  }

  /** The places held by people (not bots). */
  private peoplePlaces(g: Live): number[] {
    const start = g.row.start;
    if (start) return start.seats.flatMap((s) => (s.bot === null && s.place !== null ? [s.place] : []));
    return g.row.places.flatMap((p) => (p.bot === null && p.tokenHash ? [p.place] : []));
  }

  /** Decided now (who is connected), sent later by the queue. */
  private event(g: Live, kind: NotifyKind, places: readonly number[], turn: string): void {
    if (!places.length) return;
    const online = new Set<string>();
    for (const c of g.subs) if (c.tokenHash) online.add(c.tokenHash);
    const tokenOf = new Map<number, string | null>();
    for (const p of g.row.places) tokenOf.set(p.place, p.tokenHash);
    for (const s of g.row.start?.seats ?? []) if (s.place !== null) tokenOf.set(s.place, s.tokenHash);
    const away = places.flatMap((place) => {
      const token = tokenOf.get(place) ?? null;
      return token !== null && online.has(token) ? [] : [{ place, token }];
    });
    if (!away.length) return;
    const n = { gameId: g.id, kind, table: g.row.title || 'Mind MGMT', turn };
    this.queue.offer(() => this.deliver(n, away));
  }

  private async deliver(
    n: Omit<Notice, 'playerId'>,
    away: readonly { place: number; token: string | null }[],
  ): Promise<void> {
    // Away here may still be watching on another instance of the cluster: not told.
    const tokens = away.flatMap((a) => (a.token === null ? [] : [a.token]));
    const there = this.presence && tokens.length ? await this.presence.elsewhere(n.gameId, tokens) : null;
    const places = away.flatMap((a) => (a.token !== null && there?.has(a.token) ? [] : [a.place]));
    if (!places.length) return;
    const byPlace = await this.players.placePlayers(n.gameId);
    const profiles = new Set(places.flatMap((p) => byPlace.get(p) ?? []));
    for (const playerId of profiles) {
      if (!this.queue.mayMessage(playerId)) continue;
      const notice = { ...n, playerId };
      const subs = await this.store.pushSubsOf(playerId);
      await Promise.all([...subs.map((sub) => this.push(sub, notice)), ...this.channels.map((c) => c.deliver(notice))]);
    }
  }

  private async push(sub: PushSubRow, n: Notice): Promise<void> {
    const text = notifyText(sub.lang, n.kind, n.table);
    const payload = JSON.stringify({ ...text, url: tableUrl(n.gameId), tag: `mm-${n.gameId}` });
    let r: 'ok' | 'gone' | 'failed';
    try {
      r = await sendPush(sub, payload, this.keys!, this.cfg.subject);
    } catch {
      r = 'failed';
    }
    if (r === 'gone') await this.store.dropPushSub(sub.endpoint);
    this.queue.done('push', r === 'ok');
  }
}
