// The transport side of play: WebSocket connections subscribing to a game (`hello`, with the
// frames they missed), leaving it, and sending actions, which go into the master's one `submit`
// path with the connection as origin (its acknowledgement goes first, with its request id).
import { type Action, type NoteBody, seenSeq } from '@mindmgmt/engine';
import { ApiError, StaleError } from '../http/api-error.js';
import { hashToken } from './tokens.js';
import { shownDeadline } from './deadlines.js';
import { catchUpFrame, frameText } from './frames.js';
import { type Conn, seatRow, viewerFor } from './live.js';
import {
  answerProposal,
  proposeAbandon,
  resignOrPropose,
  type SeatRequest,
  seatStandIn,
  takeSeatBack,
} from './standins.js';
import type { GameMaster } from './master.js';
import { changeNote, notesFrame } from './notes.js';

export class Connections {
  constructor(private readonly master: GameMaster) {}

  /** `hello`: subscribe a connection to a game; sends lobby and (once started) state. */
  async hello(c: Conn, gameId: string, token: string | null, lastSeq?: number): Promise<void> {
    const m = this.master;
    const g = await m.getLive(gameId);
    if (!g || g.row.status === 'closed') throw new ApiError(404, 'not_found', 'There is no such game.');
    const h = token ? hashToken(token) : null;
    if (h && !g.row.places.some((p) => p.tokenHash === h) && !g.row.start?.seats.some((s) => s.tokenHash === h))
      throw new ApiError(403, 'bad_token', 'That token holds no place at this table.');
    await g.lock.run(async () => {
      // Cluster: a commit announced while this instance's listener was away (or lost with the
      // instance that made it) is caught up here, before the client sees anything.
      await m.fresh(g);
      const viewer = g.row.start ? viewerFor(g, h) : null;
      this.unsubscribe(c, gameId);
      c.gameId = gameId;
      c.tokenHash = h;
      c.viewer = viewer;
      const wasOnline = h !== null && [...g.subs].some((x) => x.tokenHash === h);
      g.subs.add(c);
      g.lastActive = Date.now();
      // A player coming online: everyone's lobby changes (presence); else only this one needs it.
      if (h !== null && !wasOnline) {
        m.pushLobby(g);
        m.onPresence(g, h, true);
      } else c.send(frameText({ t: 'lobby', gameId, lobby: m.lobbyInfo(g) }));
      if (!g.state || c.viewer === null) return;
      // A lastSeq only ever selects part of the viewer's own view: no trust needed.
      const missed = lastSeq === undefined ? null : catchUpFrame(g, c.viewer, lastSeq, shownDeadline(g.row));
      if (missed === null) return c.send(m.stateFrame(g, c.viewer));
      if (missed !== '') c.send(missed);
      // Notes are not in the log: a connection catching up gets them whole (at most 42).
      c.send(notesFrame(g));
    });
  }

  /** Unsubscribes a connection; the others hear of it when its player went offline (presence). */
  unsubscribe(c: Conn, next: string | null = null): void {
    if (!c.gameId) return;
    const g = this.master.inMemory(c.gameId);
    const h = c.tokenHash;
    c.gameId = null;
    c.viewer = null;
    if (!g) return;
    g.subs.delete(c);
    g.lastActive = Date.now();
    if (h !== null && next !== g.id && ![...g.subs].some((x) => x.tokenHash === h)) {
      this.master.pushLobby(g);
      this.master.onPresence(g, h, false);
    }
  }

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
    const g = await this.master.mustGet(gameId);
    await g.lock.run(async () => {
      if (!g.state) throw new ApiError(409, 'not_started', 'The game has not started yet.');
      const viewer = c.viewer ?? 'spectator';
      if (viewer === 'spectator') throw new ApiError(403, 'forbidden', 'Spectators cannot act.');
      if (action.seat !== undefined && action.seat !== viewer)
        throw new ApiError(403, 'forbidden', 'A token can act only for its own seat.');
      // D13: while a stand-in plays the seat its player may resign, not move (take the seat back).
      if (action.type !== 'resign' && action.type !== 'note' && seatRow(g, viewer)?.standIn)
        throw new ApiError(409, 'stood_in', 'A stand-in plays your seat: take it back first.');
      // Older clients sent notes as actions: they change the notes, never the log (play/notes.ts).
      if (action.type === 'note')
        return changeNote(this.master.store, g, c, action.at as number, action.note as NoteBody, id);
      // D12: a seat sends the seq it was shown (the agents' leaves out what the recruiter undid).
      // A resignation holds in any position: a bot's move between the player's click and its
      // arrival must not turn it into a silent 'stale' (regression "resign ignored while the bot
      // moves": the client drops stale refusals, and the game went on).
      if (action.type !== 'resign' && seq !== seenSeq(g.state, viewer)) throw new StaleError();
      // D13: an agent player with teammates who play proposes the resignation to them.
      if (action.type === 'resign') {
        await this.master.fresh(g);
        if (!(await resignOrPropose(this.master, g, viewer))) return;
      }
      const full = { ...action, seat: viewer } as unknown as Action;
      await this.master.submit(g, full, { by: 'player', conn: c, seq: g.state.seq, id });
    });
  }

  /** D13: the connection's player leaves the running game (a stand-in plays the seat at once,
   * or the seat resigns when no other person still plays), comes back to it, or answers a
   * teammate's resignation proposal. */
  async seatRequest(c: Conn, gameId: string, what: SeatRequest): Promise<void> {
    if (c.gameId !== gameId) throw new ApiError(400, 'not_subscribed', 'Send hello for this game first.');
    const g = await this.master.mustGet(gameId);
    await g.lock.run(async () => {
      await this.master.fresh(g);
      if (!g.state || g.state.result) throw new ApiError(409, 'not_running', 'The game is not running.');
      const seat = c.viewer;
      if (seat === null || seat === 'spectator')
        throw new ApiError(403, 'forbidden', 'Only a seated player can do that.');
      if (what === 'back') return takeSeatBack(this.master, g, seat);
      if (what === 'accept' || what === 'refuse') return answerProposal(this.master, g, seat, what === 'accept');
      if (what === 'abandon') return proposeAbandon(this.master, g, seat);
      await seatStandIn(this.master, g, seat, 'left');
    });
  }

  /** A mental note change from a connection (R30, D8): table state, not a move (play/notes.ts). */
  async note(c: Conn, gameId: string, at: number, note: NoteBody | null, id: string | undefined): Promise<void> {
    if (c.gameId !== gameId) throw new ApiError(400, 'not_subscribed', 'Send hello for this game first.');
    const g = await this.master.mustGet(gameId);
    await g.lock.run(async () => {
      // Cluster: catch up first, so a note never lands after the game ended on another instance.
      await this.master.fresh(g);
      await changeNote(this.master.store, g, c, at, note, id);
    });
  }

  /** The connection's current `state` frame (after a refusal that may have left it behind). */
  async freshState(c: Conn): Promise<string | null> {
    if (!c.gameId) return null;
    const g = await this.master.getLive(c.gameId);
    if (!g?.state) return null;
    return this.master.stateFrame(g, c.viewer ?? 'spectator');
  }
}
