// What a connection's frames ask for, after the transport let them in (ws/attach.ts): parsed,
// checked against the client message schemas and the per-connection limits, then handed to the
// part that does the work (the connections' `hello`, actions, notes and seat changes; the table
// chat). Refusals go to the sender only.
import type { Logger } from 'pino';
import { ApiError } from '../http/api-error.js';
import { forbiddenKey, forbiddenKeyMessage } from '../input/keys.js';
import type { Connections } from '../play/connections.js';
import { frameText } from '../play/frames.js';
import type { Conn } from '../play/live.js';
import type { GameMaster } from '../play/master.js';
import type { TableChat } from '../players/table-chat.js';
import {
  CHAT_REQUEST_KINDS,
  clientActionSchema,
  clientFrameSchema,
  describeZodError,
  type ChatRequest,
  type ErrorCode,
} from '@mindmgmt/table';
import type { OnRefused } from './config.js';
import type { ConnLimits } from './limits.js';

/** The game parts a WebSocket reaches: the connections' subscriptions and actions, and the games
 * in memory (whether a connection holds a seat in play). */
export interface WsGames {
  readonly master: GameMaster;
  readonly connections: Connections;
}

/** One connection's side of the dispatch, built by the transport. */
export interface Sender {
  readonly conn: Conn;
  readonly ip: string;
  readonly limits: ConnLimits;
  /** An error frame to this connection (with the request's id when it had one). */
  error(code: ErrorCode, message: string, id?: string, params?: ApiError['params']): void;
  /** A frame refused for its shape: it costs the sender (ws/limits.ts `refused`). */
  refuse(code: ErrorCode, message: string, id?: string): void;
  /** A valid `hello` subscribed the connection (its WebSocket slot learns what it holds). */
  subscribed(): void;
}

export interface Dispatch {
  readonly games: WsGames;
  readonly chat: TableChat | null;
  readonly log: Logger;
  readonly onRefused: OnRefused;
  /** Told how long each applied action took from its frame's arrival to its acknowledgement. */
  readonly acks: { add(ms: number): void } | null;
}

/** Table chat frames (players/table-chat.ts). */
async function chatFrame(d: Dispatch, s: Sender, f: ChatRequest): Promise<void> {
  if (!d.chat) return s.error('no_chat', 'This server has no table chat.');
  try {
    await d.chat.handle(s.conn, f);
  } catch (e) {
    if (e instanceof ApiError) return s.error(e.code, e.message);
    d.log.error({ err: e instanceof Error ? e.name : 'error', cid: s.conn.cid }, 'chat failed');
    s.error('internal', 'The server could not handle that message.');
  }
}

/** Handles one text frame of `s` that arrived at `arrived` (performance.now()). */
export async function dispatch(d: Dispatch, s: Sender, text: string, arrived: number): Promise<void> {
  const { conn, ip, limits } = s;
  const { connections } = d.games;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return s.refuse('bad_json', 'A message is one JSON object.');
  }
  const bad = forbiddenKey(raw);
  if (bad) return s.refuse('malformed', forbiddenKeyMessage(bad));
  const kind = typeof raw === 'object' && raw ? (raw as { t?: unknown }).t : undefined;
  const chatKind = (CHAT_REQUEST_KINDS as readonly unknown[]).includes(kind);
  if (chatKind && !d.chat) return s.error('no_chat', 'This server has no table chat.');
  const parsed = clientFrameSchema.safeParse(raw);
  if (!parsed.success) {
    // A person's message that breaks the text rules is not an attack on us: it never closes
    // the connection (docs/protocol.md, Table chat); any other bad shape counts as refused.
    if (chatKind && parsed.error.issues.every((i) => i.path[0] === 'text'))
      return s.error('malformed', describeZodError(parsed.error));
    if (chatKind) return s.refuse('malformed', describeZodError(parsed.error));
    const id =
      typeof raw === 'object' && raw && typeof (raw as { id?: unknown }).id === 'string'
        ? (raw as { id: string }).id.slice(0, 64)
        : undefined;
    return s.refuse('malformed', describeZodError(parsed.error), id);
  }
  const m = parsed.data;
  try {
    switch (m.t) {
      case 'chat':
      case 'mute':
      case 'chatPolicy':
        return await chatFrame(d, s, m);
      case 'ping':
        return conn.send(frameText({ t: 'pong' }));
      case 'hello':
        if (!limits.hello()) {
          d.onRefused('hello', 'rate_limited', ip);
          return s.error('rate_limited', 'Too many hellos; wait a little before subscribing again.');
        }
        await connections.hello(conn, m.gameId, m.token, m.lastSeq);
        s.subscribed();
        if (d.chat) await d.chat.hello(conn, m.gameId);
        return;
      case 'note':
        if (!limits.note()) {
          d.onRefused('notes', 'rate_limited', ip);
          return s.error('rate_limited', 'Too many note changes; wait a little.', m.id);
        }
        return await connections.note(conn, m.gameId, m.at, m.note, m.id);
      case 'leave':
      case 'back':
      case 'accept':
      case 'refuse':
      case 'abandon':
        // A seat change is a write and a frame to everyone: as dear as a hello, and held per
        // address as hellos are, so more connections do not buy more proposals.
        if (!limits.hello()) {
          d.onRefused('seat_changes', 'rate_limited', ip);
          return s.error('rate_limited', 'Too many seat changes; wait a little.', m.id);
        }
        return await connections.seatRequest(conn, m.gameId, m.t);
      case 'act': {
        const a = clientActionSchema.safeParse(m.action);
        if (!a.success) return s.refuse('malformed', `Action: ${describeZodError(a.error)}`, m.id);
        if (a.data.type === 'note' && !limits.note()) {
          d.onRefused('notes', 'rate_limited', ip);
          return s.error('rate_limited', 'Too many note changes; wait a little.', m.id);
        }
        await connections.act(conn, m.gameId, m.seq, a.data as Record<string, unknown>, m.id);
        // Applied: the acknowledgement went out inside act (frame received -> ack sent).
        d.acks?.add(performance.now() - arrived);
        return;
      }
    }
  } catch (e) {
    if (e instanceof ApiError) {
      s.error(e.code, e.message, 'id' in m ? m.id : undefined, e.params);
      if (e.code === 'stale') {
        const fresh = await connections.freshState(conn);
        if (fresh) conn.send(fresh);
      }
      return;
    }
    // The error's name and code (ECONNREFUSED, a PostgreSQL SQLSTATE): enough for the operator
    // to tell a database outage from a bug, never the message (it could quote game state).
    // `frame`, not `msg`: that key is the log line's own message.
    const code = (e as { code?: unknown } | null)?.code;
    d.log.error(
      {
        err: e instanceof Error ? e.name : 'error',
        ...(typeof code === 'string' ? { code: code.slice(0, 40) } : {}),
        frame: m.t,
        cid: conn.cid,
      },
      'unexpected failure',
    );
    s.error('internal', 'The server could not handle that message.', 'id' in m ? m.id : undefined);
  }
}
