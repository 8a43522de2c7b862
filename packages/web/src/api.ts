// The server contract (docs/protocol.md): HTTP for the lobby, one WebSocket per open game.
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  type Action,
  applyNote,
  type Loc,
  type GameRecord,
  type NoteBody,
  type Notes,
  type SeenEvent,
  type View,
} from '@mindmgmt/engine';
import type { GameAnalysis } from '@mindmgmt/ai';
import type {
  AnalysisPendingBody,
  ChatFrame,
  ChatLogFrame,
  ChatPolicyFrame,
  ClientAction,
  CreatedBody,
  CreateGameRequest,
  ErrorBody,
  JoinedBody,
  LobbyInfo,
  LiveGamesBody,
  LobbySummary,
  BotLevel,
  MyGamesBody,
  OfflineUploadedBody,
  OkBody,
  OpenGamesBody,
  ServerFrame,
} from '@mindmgmt/server/protocol';
import { authHeader, playerSession, setPlayerSession } from './players/session.js';
import { nextAttempt } from './net/reconnect.js';
import { markUnreachable } from './net/reach.js';
import type { Refusal } from './i18n/refusals.js';
import { CHAT_ERRORS, chatReduce, EMPTY_CHAT, type ChatState } from './table/chat-state.js';

// The wire contract is the server's (packages/server/src/protocol.ts), imported as types only.
export type {
  BotLevel,
  ClientAction,
  LiveSummary,
  LobbyInfo,
  LobbySummary,
  PlaceInfo,
} from '@mindmgmt/server/protocol';
/** What the lobby form sends to create a table: the server's schema input, with the choices the
 * form always makes. */
export type CreateOptions = CreateGameRequest &
  Required<Pick<CreateGameRequest, 'recruiterCard' | 'recruiterChoice' | 'bots' | 'turnTimerSec' | 'assistant'>>;

export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export async function call<T>(method: string, path: string, body?: unknown, retried = false): Promise<T> {
  const res = await fetch(path, {
    method,
    headers: { ...authHeader(), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).catch((e: unknown) => {
    // no answer at all: the server is down or the device offline (the page shows it, net/reach.ts)
    markUnreachable();
    throw e;
  });
  // This browser's session ended (signed out elsewhere, profile deleted): forget it, go on without.
  if (res.status === 401 && !retried && playerSession() && !path.startsWith('/api/me')) {
    setPlayerSession(null);
    return call<T>(method, path, body, true);
  }
  const text = await res.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  if (!res.ok) {
    // Any error body is an ErrorBody (a proxy in between may send none at all).
    const e = (data as Partial<ErrorBody> | null)?.error;
    throw new ApiError(e?.code ?? String(res.status), e?.message ?? (text || res.statusText));
  }
  return data as T;
}

/** The first visit makes a player for the name typed (issue 13); a server without players, or
 * any failure, leaves the browser without one and the game goes on. */
async function ensurePlayer(name: string): Promise<void> {
  if (playerSession()) return;
  try {
    const r = await call<{ player: { id: string }; token: string }>('POST', '/api/players', { name });
    setPlayerSession({ id: r.player.id, token: r.token });
  } catch {
    /* no players on this server */
  }
}

export const api = {
  create: async (o: CreateOptions) => {
    await ensurePlayer(o.name);
    return call<CreatedBody>('POST', '/api/games', o);
  },
  list: () => call<OpenGamesBody>('GET', '/api/games'),
  /** A page of the running tables listed for watching (docs/protocol.md). */
  live: (page = 0) => call<LiveGamesBody>('GET', `/api/live?page=${page}`),
  mine: (tokens: string[]) => call<MyGamesBody>('POST', '/api/my-games', { tokens }),
  lobby: (id: string) => call<LobbyInfo>('GET', `/api/games/${encodeURIComponent(id)}`),
  join: async (id: string, name: string, place?: number, volunteer?: boolean) => {
    await ensurePlayer(name);
    return call<JoinedBody>('POST', `/api/games/${encodeURIComponent(id)}/join`, {
      name,
      place,
      volunteer,
    });
  },
  leave: (id: string, token: string) => call<OkBody>('POST', `/api/games/${encodeURIComponent(id)}/leave`, { token }),
  start: (id: string, token: string) => call<OkBody>('POST', `/api/games/${encodeURIComponent(id)}/start`, { token }),
  record: (id: string) => call<unknown>('GET', `/api/games/${encodeURIComponent(id)}/record`),
  /** The game's analysis (issue 28 §3): `{ status: 'computing' }` (202) until it is ready. */
  analysis: (id: string) =>
    call<GameAnalysis | AnalysisPendingBody>('GET', `/api/games/${encodeURIComponent(id)}/analysis`),
  /** An offline game's record into this profile's history, as an unrated game (issue 28 §1). */
  uploadOffline: async (record: GameRecord, role: 'recruiter' | 'agents', level: BotLevel) => {
    await ensurePlayer(playerName() || 'Player');
    return call<OfflineUploadedBody>('POST', '/api/me/offline-games', { record, role, level });
  },
};

// ---- tokens kept in this browser ----
export interface Saved {
  token: string;
  place: number;
  name: string;
  at: number;
}
const KEY = 'mm.games';
export function savedGames(): Record<string, Saved> {
  try {
    return JSON.parse(localStorage.getItem(KEY) ?? '{}') as Record<string, Saved>;
  } catch {
    return {};
  }
}
export function saveGame(id: string, s: Saved): void {
  localStorage.setItem(KEY, JSON.stringify({ ...savedGames(), [id]: s }));
}
export function forgetGame(id: string): void {
  const all = savedGames();
  delete all[id];
  localStorage.setItem(KEY, JSON.stringify(all));
}
export function playerName(): string {
  return localStorage.getItem('mm.name') ?? '';
}
export function setPlayerName(n: string): void {
  localStorage.setItem('mm.name', n);
}

export function lobbyId(l: LobbyInfo | LobbySummary): string {
  return l.gameId;
}
export function lobbyTitle(l: LobbyInfo | LobbySummary): string {
  return l.title || l.gameId;
}

// ---- the live connection ----
export interface Live {
  status: 'connecting' | 'open' | 'closed';
  /** The first attempts all failed without ever opening: the server (or a proxy in front of it)
   * refuses the socket, which a page cannot tell apart from a network that is down. (A page
   * that was connected says "reconnecting" instead.) */
  unreachable: boolean;
  lobby: LobbyInfo | null;
  seat: number | 'spectator' | null;
  view: View | null;
  legal: Action[];
  /** Events since the last full state, newest last. */
  lastEvents: SeenEvent[];
  /** Turn timer: when the seat the game waits on runs out (ms epoch), or null. */
  deadline: number | null;
  /** The last refusal (code, English text, the engine's parameters), or 'offline'. */
  error: Refusal | null;
  act: (a: ClientAction) => void;
  clearError: () => void;
  /** Table chat (issue 13). */
  chat: ChatState;
  /** Sends a chat, mute or chatPolicy frame for this game. */
  chatSend: (frame: Record<string, unknown>) => void;
  /** The agents' white notes (R30, D8): table state beside the view, from the `state` frame and
   * then each `note` frame (docs/protocol.md). */
  notes: Notes;
  /** Writes (or with null removes) the note on a location (a `note` frame, not an action). */
  writeNote: (at: Loc, note: NoteBody | null) => void;
  /** D13: leave the running game (a stand-in plays the seat), or come back to it. */
  seatRequest: (what: 'leave' | 'back' | 'accept' | 'refuse' | 'abandon') => void;
}

/**
 * The log after an `events` frame: its `view.log` holds the entries from index `logFrom` on
 * (docs/protocol.md). `logFrom` 0 (or absent) replaces the log held; `logFrom` up to its length
 * keeps that much and appends; a gap cannot be merged (null: ask for a fresh `state`).
 */
export function mergeLog(held: View['log'], logFrom: number | undefined, entries: View['log']): View['log'] | null {
  if (logFrom === undefined || logFrom === 0) return entries;
  // A frame is typed, but it is still data from a socket: anything but a whole count is a frame
  // this client cannot place, so it asks for the state again.
  if (!Number.isInteger(logFrom) || logFrom < 0) return null;
  // An undo (D12) cuts the log back: `logFrom` is then shorter than the log held.
  if (logFrom > held.length) return null;
  return [...held.slice(0, logFrom), ...entries];
}

/** What one `state` or `events` frame showed (for client-side pacing, table/pacing.ts). */
export interface FrameInfo {
  kind: 'state' | 'events';
  seat: number | 'spectator' | null;
  view: View;
  legal: Action[];
  events: SeenEvent[];
}

/** How long a connection attempt may stay "connecting" before it is given up and retried. */
const CONNECT_TIMEOUT_MS = 10_000;
/** Attempts that failed, none having opened, before the page says it cannot connect. */
const UNREACHABLE_AFTER = 3;

export function useGameSocket(gameId: string, token: string | null, onFrame?: (f: FrameInfo) => void): Live {
  const frameRef = useRef(onFrame);
  frameRef.current = onFrame;
  const seatRef = useRef<Live['seat']>(null);
  const [status, setStatus] = useState<Live['status']>('connecting');
  const [unreachable, setUnreachable] = useState(false);
  const [lobby, setLobby] = useState<LobbyInfo | null>(null);
  const [seat, setSeat] = useState<Live['seat']>(null);
  const [view, setView] = useState<View | null>(null);
  const [legal, setLegal] = useState<Action[]>([]);
  const [lastEvents, setLastEvents] = useState<SeenEvent[]>([]);
  const [error, setError] = useState<Live['error']>(null);
  const [deadline, setDeadline] = useState<number | null>(null);
  const [chat, setChat] = useState<ChatState>(EMPTY_CHAT);
  const [notes, setNotes] = useState<Notes>([]);
  const ws = useRef<WebSocket | null>(null);
  /** Starts the next connection attempt now instead of after its backoff (no-op while one is open
   * or under way). */
  const reconnectNow = useRef<() => void>(() => {});
  const seqRef = useRef(0);
  /** The whole game log as this connection has it: from the last `state` frame plus the entries
   * of every `events` frame since (those carry only the entries from `logFrom` on). */
  const logRef = useRef<View['log']>([]);

  useEffect(() => {
    let closed = false;
    let retry = 0;
    /** Attempts that ended without opening, before any opened. */
    let failed = 0;
    let everOpened = false;
    setUnreachable(false);
    let timer: ReturnType<typeof setTimeout> | undefined;
    let ping: ReturnType<typeof setInterval> | undefined;
    // Set when an `events` frame did not continue the log held: a fresh `state` was asked for
    // (hello again); `events` frames are ignored until it arrives.
    let resync = false;
    // A new game (or token): nothing held yet, the first hello asks for the full state.
    logRef.current = [];
    seqRef.current = 0;
    setChat(EMPTY_CHAT);
    setNotes([]);
    /** The next attempt, after its wait (src/reconnect.ts: none after a planned restart, none at
     * all after a refusal reconnecting would not change). */
    const later = (closeCode: number | null, refusal: string | null = null) => {
      const next = nextAttempt(retry, closeCode, Math.random(), refusal);
      retry = next.retry;
      if (next.delayMs !== null) timer = setTimeout(connect, next.delayMs);
    };
    const connect = () => {
      clearTimeout(timer);
      timer = undefined;
      resync = false;
      setStatus('connecting');
      const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
      let sock: WebSocket;
      try {
        sock = new WebSocket(`${proto}//${location.host}/ws`);
      } catch {
        // refused before any attempt (a blocked port, too many sockets): try again later
        setStatus('closed');
        later(null);
        return;
      }
      ws.current = sock;
      // The end of this socket, whichever event reports it first, schedules the next attempt once.
      // Regression "stale not connected": the loop hung on `close` alone, and Chromium (after many
      // pages in one browser) reported a failed attempt with `error` and readyState CLOSED but
      // never fired its `close`: no attempt was ever made again, the status stayed "connecting"
      // and the "not connected" refusal stayed up.
      let ended = false;
      /** The code of the last error frame since this socket's last `lobby` frame. */
      let refusal: string | null = null;
      const lost = (e?: Event) => {
        if (ended) return;
        ended = true;
        clearInterval(ping);
        clearTimeout(giveUp);
        if (closed || ws.current !== sock) return;
        if (sock.readyState !== WebSocket.CLOSED) sock.close();
        if (!everOpened && ++failed >= UNREACHABLE_AFTER) setUnreachable(true);
        setStatus('closed');
        later(e?.type === 'close' ? (e as CloseEvent).code : null, refusal);
      };
      // An attempt that neither opens nor fails (a half-open network) is given up.
      const giveUp = setTimeout(() => sock.readyState === WebSocket.CONNECTING && lost(), CONNECT_TIMEOUT_MS);
      reconnectNow.current = () => {
        // only when this socket is over and the next attempt waits on its backoff
        if (!closed && ended && ws.current === sock && timer !== undefined) {
          retry = 0;
          connect();
        }
      };
      sock.onopen = () => {
        clearTimeout(giveUp);
        retry = 0;
        everOpened = true;
        setUnreachable(false);
        setStatus('open');
        // a refusal from the time the socket was down is stale now
        setError((e) => (e?.code === 'offline' ? null : e));
        // After a reconnect the server sends only what this connection missed since lastSeq
        // (an `events` frame continuing the log held), or nothing when it is up to date.
        const lastSeq = logRef.current.length ? seqRef.current : undefined;
        sock.send(
          JSON.stringify(
            lastSeq === undefined ? { t: 'hello', gameId, token } : { t: 'hello', gameId, token, lastSeq },
          ),
        );
        ping = setInterval(() => sock.readyState === WebSocket.OPEN && sock.send('{"t":"ping"}'), 25000);
      };
      sock.onmessage = (m) => {
        let msg: ServerFrame;
        try {
          // The server's frames are its wire contract (protocol.ts); this is where they come in.
          msg = JSON.parse(String(m.data)) as ServerFrame;
        } catch {
          return;
        }
        switch (msg.t) {
          case 'chat':
          case 'chatLog':
          case 'chatPolicy': {
            const chatFrame: ChatFrame | ChatLogFrame | ChatPolicyFrame = msg;
            setChat((c) => chatReduce(c, chatFrame));
            break;
          }
          case 'lobby':
            refusal = null;
            setLobby(msg.lobby);
            break;
          case 'state': {
            const v = msg.view;
            resync = false;
            logRef.current = v.log;
            seqRef.current = v.seq;
            seatRef.current = msg.seat;
            setSeat(msg.seat);
            setView(v);
            const legal = msg.legal.slice();
            setLegal(legal);
            setLastEvents([]);
            frameRef.current?.({ kind: 'state', seat: msg.seat, view: v, legal, events: [] });
            setDeadline(msg.deadline);
            setNotes(msg.notes);
            break;
          }
          case 'notes':
            setNotes(msg.notes);
            break;
          case 'note': {
            const { at, note } = msg;
            setNotes((n) => applyNote(n, { at, note }));
            break;
          }
          case 'events': {
            if (resync) break;
            const part = msg.view;
            const log = mergeLog(logRef.current, msg.logFrom, part.log);
            if (!log) {
              // A gap (or an overlap): this frame cannot be merged; ask for the full picture.
              resync = true;
              sock.send(JSON.stringify({ t: 'hello', gameId, token }));
              break;
            }
            logRef.current = log;
            const v: View = { ...part, log };
            seqRef.current = v.seq;
            setView(v);
            const legal = msg.legal.slice();
            const events = msg.events.slice();
            setLegal(legal);
            setLastEvents(events);
            setDeadline(msg.deadline);
            frameRef.current?.({ kind: 'events', seat: seatRef.current, view: v, legal, events });
            break;
          }
          case 'error': {
            const { code, message, params } = msg;
            refusal = code;
            if (CHAT_ERRORS.has(code)) setChat((c) => ({ ...c, error: { code, message } }));
            else if (code !== 'stale') setError({ code, message, ...(params ? { params } : {}) });
            break;
          }
          case 'pong':
            break;
          case 'notice':
            // A moderator's notice to the table (it is being ended): shown where chat refusals are.
            setChat((c) => ({ ...c, error: { code: 'notice', message: msg.text } }));
            break;
          default:
            // Every frame of the contract is handled above: a new kind fails to compile here.
            msg satisfies never;
        }
      };
      sock.onerror = lost;
      sock.onclose = lost;
    };
    connect();
    // Back online, or back in front (a background tab's timers are throttled): try at once.
    const now = () => reconnectNow.current();
    const onVisible = () => document.visibilityState === 'visible' && now();
    addEventListener('online', now);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      closed = true;
      clearTimeout(timer);
      clearInterval(ping);
      removeEventListener('online', now);
      document.removeEventListener('visibilitychange', onVisible);
      reconnectNow.current = () => {};
      ws.current?.close();
    };
  }, [gameId, token]);

  const act = useCallback(
    (action: ClientAction) => {
      const sock = ws.current;
      if (!sock || sock.readyState !== WebSocket.OPEN) {
        setError({ code: 'offline', message: 'not connected' });
        // the player wants to play: do not wait out the backoff
        reconnectNow.current();
        return;
      }
      setError(null);
      sock.send(JSON.stringify({ t: 'act', gameId, seq: seqRef.current, action }));
    },
    [gameId],
  );
  const writeNote = useCallback(
    (at: Loc, note: NoteBody | null) => {
      const sock = ws.current;
      if (!sock || sock.readyState !== WebSocket.OPEN) {
        setError({ code: 'offline', message: 'not connected' });
        return;
      }
      setError(null);
      sock.send(JSON.stringify({ t: 'note', gameId, at, note }));
    },
    [gameId],
  );
  // D13: leave the running game (a stand-in plays the seat), or come back to it
  const seatRequest = useCallback(
    (what: 'leave' | 'back' | 'accept' | 'refuse' | 'abandon') => {
      const sock = ws.current;
      if (!sock || sock.readyState !== WebSocket.OPEN) {
        setError({ code: 'offline', message: 'not connected' });
        reconnectNow.current();
        return;
      }
      sock.send(JSON.stringify({ t: what, gameId }));
    },
    [gameId],
  );
  const clearError = useCallback(() => setError(null), []);
  const chatSend = useCallback(
    (frame: Record<string, unknown>) => {
      const sock = ws.current;
      if (sock && sock.readyState === WebSocket.OPEN) sock.send(JSON.stringify({ ...frame, gameId }));
    },
    [gameId],
  );
  return {
    status,
    unreachable,
    lobby,
    seat,
    view,
    legal,
    lastEvents,
    deadline,
    error,
    act,
    clearError,
    chat,
    chatSend,
    notes,
    writeNote,
    seatRequest,
  };
}
