// Table chat over the WebSocket (issue 13; players/chat.ts holds the rules, docs/protocol.md
// "Table chat" the frames). Everyone subscribed to the table reads it, the recruiter included;
// spectators write only when the host allows; the host can mute a seat. Chat opens when the game
// starts (seats are known then) and stays open after it ends. Messages are stored beside the game
// (PlayerStore.addChat) and never enter the engine, its records or a bot's input.
//
// The per-game policy (spectators may write, muted seats) lives in this instance's memory, keyed
// by game, and goes when the game leaves memory; messages themselves are stored.
import type { Logger } from 'pino';
import { ApiError } from '../api-error.js';
import type { GameService } from '../games.js';
import type { ChatRow, PlayerStore } from '../store/players/types.js';
import {
  CHAT_MAX_PER_GAME,
  CHAT_NOTICE,
  ChatBuckets,
  DEFAULT_POLICY,
  mayWrite,
  setMuted,
  type ChatPolicy,
  type Writer,
} from '../players/chat.js';
import type { ChatFrame } from '../players/schemas.js';
import type { Conn, Live } from './live.js';

/** Messages sent to a connection when it subscribes (the rest: GET /api/games/:id/chat). */
export const CHAT_ON_HELLO = 200;
/** Games whose chat policy is held (beyond it the oldest policy is dropped: back to default). */
const POLICIES_MAX = 20_000;

const shown = (m: ChatRow) => ({ n: m.n, at: m.at, seat: m.seat, name: m.name, text: m.text, removed: m.removed });

export class TableChat {
  private readonly buckets = new ChatBuckets();
  private readonly policies = new Map<string, ChatPolicy>();

  constructor(
    private readonly games: GameService,
    private readonly store: PlayerStore,
    private readonly log: Logger,
  ) {}

  private policy(gameId: string): ChatPolicy {
    return this.policies.get(gameId) ?? DEFAULT_POLICY;
  }

  private setPolicy(gameId: string, p: ChatPolicy): void {
    this.policies.delete(gameId);
    if (this.policies.size >= POLICIES_MAX) this.policies.delete(this.policies.keys().next().value!);
    this.policies.set(gameId, p);
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

  private policyFrame(gameId: string): string {
    const p = this.policy(gameId);
    return JSON.stringify({ t: 'chatPolicy', gameId, spectatorsWrite: p.spectatorsWrite, muted: p.muted });
  }

  /** After a successful hello: the table's recent messages and its policy, to this connection. */
  async hello(c: Conn, gameId: string): Promise<void> {
    if (c.gameId !== gameId) return;
    const all = await this.store.chatOf(gameId, 0, CHAT_MAX_PER_GAME);
    const messages = all.slice(-CHAT_ON_HELLO).map(shown);
    const p = this.policy(gameId);
    c.send(
      JSON.stringify({
        t: 'chatLog',
        gameId,
        messages,
        spectatorsWrite: p.spectatorsWrite,
        muted: p.muted,
        notice: CHAT_NOTICE,
      }),
    );
  }

  async handle(c: Conn, f: ChatFrame): Promise<void> {
    const g = await this.table(c, f.gameId);
    if (f.t === 'chat') return this.say(g, c, f.text);
    if (!this.isHost(g, c)) throw new ApiError(403, 'not_host', 'Only the host can change who may write.');
    const p = this.policy(g.id);
    if (f.t === 'mute') {
      if (!g.row.start!.seats.some((s) => s.seat === f.seat))
        throw new ApiError(400, 'no_seat', 'There is no such seat.');
      this.setPolicy(g.id, setMuted(p, f.seat, f.muted));
    } else this.setPolicy(g.id, { ...p, spectatorsWrite: f.spectatorsWrite });
    const frame = this.policyFrame(g.id);
    for (const s of g.subs) s.send(frame);
  }

  private async say(g: Live, c: Conn, text: string): Promise<void> {
    const seat = c.viewer !== null && c.viewer !== 'spectator' ? c.viewer : null;
    const writer: Writer = seat === null ? { spectator: true } : { seat };
    const may = mayWrite(this.policy(g.id), writer);
    if (!may.ok) throw new ApiError(403, may.code.replace(/-/g, '_'), may.message);
    const now = Date.now();
    const took = this.buckets.take(g.id, seat ?? `s${c.cid}`, now);
    if (!took.ok) throw new ApiError(429, 'chat_rate', took.message);
    const seatRow = seat === null ? null : g.row.start!.seats.find((s) => s.seat === seat);
    const playerId = seatRow?.place != null ? ((await this.store.placePlayers(g.id)).get(seatRow.place) ?? null) : null;
    const row = await this.store.addChat(
      { gameId: g.id, at: now, seat, playerId, name: seatRow?.name ?? 'Spectator', text },
      CHAT_MAX_PER_GAME,
    );
    if (row === 'full')
      throw new ApiError(409, 'chat_full', `This table's chat holds its ${CHAT_MAX_PER_GAME} messages; it is full.`);
    this.log.debug({ gameId: g.id, n: row.n }, 'chat'); // never the text
    const frame = JSON.stringify({ t: 'chat', gameId: g.id, ...shown(row) });
    for (const s of g.subs) s.send(frame);
  }

  /** GET /api/games/:id/chat: what anyone subscribed to the table could read. */
  async read(gameId: string, after: number, limit: number) {
    return (await this.store.chatOf(gameId, after, limit)).map(shown);
  }

  /** A game left memory or ended long ago: forget its policy and buckets. */
  forget(gameId: string): void {
    this.policies.delete(gameId);
    this.buckets.dropGame(gameId);
  }
}
