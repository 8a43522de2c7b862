// Table chat over the WebSocket (issue 13; players/chat.ts holds the rules, docs/protocol.md
// "Table chat" the frames). Everyone subscribed to the table reads it, the recruiter included;
// spectators write only when the host allows; the host can mute a seat. Chat opens when the game
// starts (seats are known then) and stays open after it ends. Messages are stored beside the game
// (PlayerStore.addChat) and never enter the engine, its records or a bot's input.
//
// The host's policy (spectators may write, muted seats) is stored with the table (migration 103)
// and read from the store each time it decides something, so it survives the game leaving memory
// and a restart, and every instance of a cluster sees the same one. In a cluster, the instance
// that stores a message or a policy change tells the others through the store's ChatBus; each
// sends it to its own subscribers.
import type { Logger } from 'pino';
import { ApiError } from '../api-error.js';
import type { GameService } from '../games.js';
import type { ChatNotice, ChatRow, ChatSettings, PlayerStore } from '../store/players/types.js';
import {
  CHAT_MAX_PER_GAME,
  CHAT_NOTICE,
  CHAT_SPECTATOR_RATE,
  CHAT_SPECTATORS_MAX_PER_GAME,
  CHAT_SPECTATORS_TABLE_RATE,
  CHAT_BUCKETS_MAX,
  ChatBuckets,
  mayWrite,
  type Writer,
} from '../players/chat.js';
import type { ChatRequest } from '@mindmgmt/table';
import { sendAll } from './fanout.js';
import { frameText } from './frames.js';
import type { Conn, Live } from './live.js';
import { publicPosition } from '@mindmgmt/table';

/** Messages sent to a connection when it subscribes (the rest: GET /api/games/:id/chat, paged):
 * a join on a full chat reads 50 rows, not 2,000 (issue 29 §3). */
export const CHAT_ON_HELLO = 50;
/** Tables whose players' addresses are remembered (for muting: see `tokenAddrs`), and addresses
 * per seat token: beyond either the oldest go first. */
const ADDR_TABLES_MAX = 10_000;
const ADDRS_PER_TOKEN = 8;

/** A message as anyone reading the table sees it: one a moderator hid has no text (the record
 * keeps it). */
const shown = (m: ChatRow) => ({
  n: m.n,
  at: m.at,
  seat: m.seat,
  name: m.name,
  text: m.hidden ? '' : m.text,
  removed: m.removed,
  hidden: m.hidden === true,
  by: m.playerId,
  logAt: m.logAt,
});

const policyFrame = (gameId: string, p: ChatSettings) =>
  frameText({ t: 'chatPolicy', gameId, spectatorsWrite: p.spectatorsWrite, muted: p.muted });

export class TableChat {
  private readonly buckets = new ChatBuckets();
  /** Spectators: per address, and all of a table's together (players/chat.ts). */
  private readonly spectatorBuckets = new ChatBuckets(CHAT_BUCKETS_MAX, CHAT_SPECTATOR_RATE);
  private readonly spectatorsTable = new ChatBuckets(CHAT_BUCKETS_MAX, CHAT_SPECTATORS_TABLE_RATE);
  /** Per table, the addresses each place's token was used from (in the lobby or later): a muted
   * seat's player who comes back without the token (as a spectator) is still muted (issue 29 §5). */
  private readonly tokenAddrs = new Map<string, Map<string, string[]>>();
  constructor(
    private readonly games: GameService,
    private readonly store: PlayerStore,
    private readonly log: Logger,
    /** A moderator's notice by the id another instance sent (admin/store.ts), for 'n' notices. */
    private readonly noticeText: ((id: number) => Promise<string | null>) | null = null,
  ) {}

  /** Cluster: follow the other instances' chat. */
  async start(): Promise<void> {
    await this.store.chatBus?.listen(
      (n) =>
        void this.fromElsewhere(n).catch((e) =>
          this.log.error({ gameId: n.gameId, err: String(e) }, 'chat fan-out failed'),
        ),
      () => void this.resync(),
    );
  }

  /** The bus listener came back: notices sent meanwhile are lost, so every subscriber of every
   * table in memory here gets its table's chat again (a `chatLog` replaces the client's list). The
   * chat is read once per table, not per connection. */
  async resync(): Promise<void> {
    let n = 0;
    for (const g of this.games.master.all()) {
      if (g.subs.size === 0) continue;
      try {
        const frame = await this.chatLogFrame(g.id);
        for (const c of g.subs)
          if (c.gameId === g.id) {
            c.send(frame);
            n++;
          }
      } catch (e) {
        this.log.error({ gameId: g.id, err: String(e) }, 'chat resync failed');
      }
    }
    this.log.warn({ connections: n }, 'chat bus reconnected; chat resent to subscribers');
  }

  /** Another instance stored a message or changed the policy: this instance's subscribers of
   * that table hear of it (a game not in memory here has no subscribers here). */
  private async fromElsewhere(n: ChatNotice): Promise<void> {
    if (n.from === this.store.chatBus?.instanceId) return;
    const g = this.games.inMemory(n.gameId);
    if (!g || g.subs.size === 0) return;
    if (n.what === 'p') return sendAll(g, policyFrame(g.id, await this.store.chatSettings(g.id)));
    if (n.what === 'h') return sendAll(g, await this.chatLogFrame(g.id));
    if (n.what === 'n') {
      const text = await this.noticeText?.(n.n);
      if (text) sendAll(g, frameText({ t: 'notice', gameId: g.id, text }));
      return;
    }
    const [m] = await this.store.chatOf(g.id, n.n - 1, 1);
    if (m && m.n === n.n) sendAll(g, frameText({ t: 'chat', gameId: g.id, ...shown(m) }));
  }

  /** Tells the other instances; a lost notice costs them the live frame, never the message. */
  private tellOthers(gameId: string, what: ChatNotice['what'], n: number): void {
    this.store.chatBus
      ?.publish({ gameId, what, n })
      .catch((e) => this.log.warn({ gameId, err: String(e) }, 'chat notice not sent'));
  }

  /** A moderator hid a message: every subscriber, here and on the other instances, gets the
   * table's chat again without it. */
  async refresh(gameId: string): Promise<void> {
    const g = this.games.inMemory(gameId);
    if (g && g.subs.size) sendAll(g, await this.chatLogFrame(gameId));
    this.tellOthers(gameId, 'h', 0);
  }

  /** A moderator's notice to a table's subscribers, here and (by `id`, see `noticeText`) on the
   * other instances. */
  notice(gameId: string, text: string, id: number): void {
    const g = this.games.inMemory(gameId);
    if (g) sendAll(g, frameText({ t: 'notice', gameId, text }));
    this.tellOthers(gameId, 'n', id);
  }

  private async table(c: Conn, gameId: string): Promise<Live> {
    if (c.gameId !== gameId) throw new ApiError(409, 'not_subscribed', 'Send hello for this game first.');
    const g = await this.games.getLive(gameId);
    if (!g || !g.row.start) throw new ApiError(409, 'chat_not_open', 'The chat opens when the game starts.');
    return g;
  }

  private isHost(g: Live, c: Conn): boolean {
    const host = g.row.places.find((p) => p.place === g.row.hostPlace);
    return !!host?.tokenHash && host.tokenHash === c.tokenHash;
  }

  /** After a successful hello: the table's recent messages and its policy, to this connection. */
  async hello(c: Conn, gameId: string): Promise<void> {
    if (c.gameId !== gameId) return;
    if (c.tokenHash !== null) this.rememberAddr(gameId, c.tokenHash, c.ip);
    c.send(await this.chatLogFrame(gameId));
  }

  private rememberAddr(gameId: string, tokenHash: string, ip: string | undefined): void {
    if (ip === undefined) return;
    let table = this.tokenAddrs.get(gameId);
    if (table) this.tokenAddrs.delete(gameId);
    else if (this.tokenAddrs.size >= ADDR_TABLES_MAX) this.tokenAddrs.delete(this.tokenAddrs.keys().next().value!);
    this.tokenAddrs.set(gameId, (table ??= new Map()));
    const addrs = (table.get(tokenHash) ?? []).filter((a) => a !== ip);
    table.set(tokenHash, [...addrs.slice(1 - ADDRS_PER_TOKEN), ip]);
  }

  /** Whether a spectator connection comes from an address a muted seat's token was used from. */
  private mutedAddr(g: Live, muted: readonly number[], ip: string | undefined): boolean {
    const table = ip === undefined ? undefined : this.tokenAddrs.get(g.id);
    if (!table) return false;
    return g.row.start!.seats.some(
      (s) => muted.includes(s.seat) && s.tokenHash !== null && !!table.get(s.tokenHash)?.includes(ip!),
    );
  }

  private async chatLogFrame(gameId: string): Promise<string> {
    const messages = (await this.store.chatBefore(gameId, null, CHAT_ON_HELLO)).map(shown);
    const p = await this.store.chatSettings(gameId);
    return frameText({
      t: 'chatLog',
      gameId,
      messages,
      spectatorsWrite: p.spectatorsWrite,
      muted: p.muted,
      notice: CHAT_NOTICE,
    });
  }

  async handle(c: Conn, f: ChatRequest): Promise<void> {
    const g = await this.table(c, f.gameId);
    if (f.t === 'chat') return this.say(g, c, f.text);
    if (!this.isHost(g, c)) throw new ApiError(403, 'not_host', 'Only the host can change who may write.');
    if (f.t === 'mute') {
      if (!g.row.start!.seats.some((s) => s.seat === f.seat))
        throw new ApiError(400, 'no_seat', 'There is no such seat.');
      await this.store.setSeatMuted(g.id, f.seat, f.muted);
    } else await this.store.setSpectatorsWrite(g.id, f.spectatorsWrite, Date.now());
    sendAll(g, policyFrame(g.id, await this.store.chatSettings(g.id)));
    this.tellOthers(g.id, 'p', 0);
  }

  private async say(g: Live, c: Conn, text: string): Promise<void> {
    const seat = c.viewer !== null && c.viewer !== 'spectator' ? c.viewer : null;
    const writer: Writer = seat === null ? { spectator: true } : { seat };
    const policy = await this.store.chatSettings(g.id);
    const may = mayWrite(policy, writer);
    if (!may.ok) throw new ApiError(403, may.code, may.message);
    if (seat === null && this.mutedAddr(g, policy.muted, c.ip))
      throw new ApiError(403, 'chat_muted', 'The host has muted this seat.');
    const now = Date.now();
    const took =
      seat !== null ? this.buckets.take(g.id, seat, now) : this.spectatorBuckets.take(g.id, c.ip ?? `c${c.cid}`, now);
    if (!took.ok) throw new ApiError(429, 'chat_rate', took.message);
    if (seat === null) {
      const all = this.spectatorsTable.take(g.id, 'spectators', now);
      if (!all.ok) throw new ApiError(429, 'chat_rate', all.message);
    }
    const seatRow = seat === null ? null : g.row.start!.seats.find((s) => s.seat === seat);
    const playerId = seatRow?.place != null ? ((await this.store.placePlayers(g.id)).get(seatRow.place) ?? null) : null;
    // Where the public log stands now (D12): the recruiter's unsettled turn is not counted, so
    // `logAt` is the same whether or not the recruiter has acted, or taken it back, since.
    const logAt = g.state ? publicPosition(g.state).logLength : 0;
    const row = await this.store.addChat(
      { gameId: g.id, at: now, seat, playerId, name: seatRow?.name ?? 'Spectator', text, logAt },
      CHAT_MAX_PER_GAME,
      CHAT_SPECTATORS_MAX_PER_GAME,
    );
    if (row === 'spectators-full')
      throw new ApiError(
        409,
        'chat_spectators_full',
        `Spectators have written their ${CHAT_SPECTATORS_MAX_PER_GAME} messages at this table; the seats still can.`,
      );
    if (row === 'full')
      throw new ApiError(409, 'chat_full', `This table's chat holds its ${CHAT_MAX_PER_GAME} messages; it is full.`);
    this.log.debug({ gameId: g.id, n: row.n }, 'chat'); // never the text
    sendAll(g, frameText({ t: 'chat', gameId: g.id, ...shown(row) }));
    this.tellOthers(g.id, 'm', row.n);
  }

  /** GET /api/games/:id/chat: what anyone subscribed to the table could read, one page: after
   * `after` (oldest first), or the last ones before `before`. */
  async read(gameId: string, page: { after?: number; before?: number }, limit: number) {
    const rows =
      page.before !== undefined
        ? await this.store.chatBefore(gameId, page.before, limit)
        : await this.store.chatOf(gameId, page.after ?? 0, limit);
    return rows.map(shown);
  }
}
