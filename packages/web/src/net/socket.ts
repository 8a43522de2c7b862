// The live connection to one table: the WebSocket (reconnecting, `hello` with the seq held), its
// frames folded by the table reducer (@mindmgmt/table: view, legal, log, deadline, notes) and by
// the chat reducer, and what the table sends (actions, notes, seat requests, chat).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Action, Loc, NoteBody, Notes, View } from '@mindmgmt/engine';
import {
  type ClientTable,
  EMPTY_TABLE,
  reconnected,
  reduceFrame,
  resumeSeq,
  seqOf,
  type Shown,
} from '@mindmgmt/table/client';
import type {
  ChatLogFrame,
  ChatMessageFrame,
  ChatPolicyFrame,
  ChatRequestOut,
  ClientAction,
  ClientFrame,
  LobbyInfo,
  ServerFrame,
} from '@mindmgmt/table';
import { nextAttempt } from './reconnect.js';
import type { Refusal } from '../i18n/refusals.js';
import { CHAT_ERRORS, chatReduce, EMPTY_CHAT, type ChatState } from './chat-state.js';

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
  /** Turn timer: when the seat the game waits on runs out (ms epoch), or null. */
  deadline: number | null;
  /** The last refusal (code, English text, the engine's parameters), or 'offline'. */
  error: Refusal | null;
  act: (a: ClientAction) => void;
  clearError: () => void;
  /** Table chat. */
  chat: ChatState;
  /** Sends a chat, mute or chatPolicy frame for this game. */
  chatSend: (frame: ChatRequestOut) => void;
  /** The agents' white notes (R30, D8): table state beside the view, from the `state` frame and
   * then each `note` frame (docs/protocol.md). */
  notes: Notes;
  /** Writes (or with null removes) the note on a location (a `note` frame, not an action). */
  writeNote: (at: Loc, note: NoteBody | null) => void;
  /** D13: leave the running game (a stand-in plays the seat), or come back to it. */
  seatRequest: (what: 'leave' | 'back' | 'accept' | 'refuse' | 'abandon') => void;
}

const NO_ACTIONS: Action[] = [];

/** Every frame this client sends goes out here, typed by the contract's client frames. */
function send(sock: WebSocket, f: ClientFrame): void {
  sock.send(JSON.stringify(f));
}

/** How long a connection attempt may stay "connecting" before it is given up and retried. */
const CONNECT_TIMEOUT_MS = 10_000;
/** Attempts that failed, none having opened, before the page says it cannot connect. */
const UNREACHABLE_AFTER = 3;

export function useGameSocket(gameId: string, token: string | null, onFrame?: (f: Shown) => void): Live {
  const frameRef = useRef(onFrame);
  frameRef.current = onFrame;
  const [status, setStatus] = useState<Live['status']>('connecting');
  const [unreachable, setUnreachable] = useState(false);
  const [lobby, setLobby] = useState<LobbyInfo | null>(null);
  const [error, setError] = useState<Live['error']>(null);
  const [chat, setChat] = useState<ChatState>(EMPTY_CHAT);
  const ws = useRef<WebSocket | null>(null);
  /** Starts the next connection attempt now instead of after its backoff (no-op while one is open
   * or under way). */
  const reconnectNow = useRef<() => void>(() => {});
  /** The table as this connection holds it (the whole log: the last `state` frame plus the
   * entries of every `events` frame since), read synchronously by the socket's handlers; `table`
   * is its copy for rendering. */
  const tableRef = useRef<ClientTable>(EMPTY_TABLE);
  const [table, setTable] = useState<ClientTable>(EMPTY_TABLE);
  const fold = (next: ClientTable): void => {
    tableRef.current = next;
    setTable(next);
  };

  useEffect(() => {
    let closed = false;
    let retry = 0;
    /** Attempts that ended without opening, before any opened. */
    let failed = 0;
    let everOpened = false;
    setUnreachable(false);
    let timer: ReturnType<typeof setTimeout> | undefined;
    let ping: ReturnType<typeof setInterval> | undefined;
    // A new game (or token): nothing held yet, the first hello asks for the full state.
    fold(EMPTY_TABLE);
    setChat(EMPTY_CHAT);
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
      fold(reconnected(tableRef.current));
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
        const lastSeq = resumeSeq(tableRef.current);
        send(sock, lastSeq === undefined ? { t: 'hello', gameId, token } : { t: 'hello', gameId, token, lastSeq });
        ping = setInterval(() => sock.readyState === WebSocket.OPEN && send(sock, { t: 'ping' }), 25000);
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
            const chatFrame: ChatMessageFrame | ChatLogFrame | ChatPolicyFrame = msg;
            setChat((c) => chatReduce(c, chatFrame));
            break;
          }
          case 'lobby':
            refusal = null;
            setLobby(msg.lobby);
            break;
          case 'state':
          case 'events':
          case 'note':
          case 'notes': {
            const was = tableRef.current;
            const next = reduceFrame(was, msg);
            if (next === was) break; // an `events` frame while a fresh `state` is awaited
            fold(next);
            // A gap (or an overlap): this frame cannot be merged; ask for the full picture.
            if (next.resync && !was.resync) send(sock, { t: 'hello', gameId, token });
            else if (next.shown !== was.shown && next.shown) frameRef.current?.(next.shown);
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
      send(sock, { t: 'act', gameId, seq: seqOf(tableRef.current), action });
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
      send(sock, { t: 'note', gameId, at, note });
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
      send(sock, { t: what, gameId });
    },
    [gameId],
  );
  const clearError = useCallback(() => setError(null), []);
  const chatSend = useCallback(
    (frame: ChatRequestOut) => {
      const sock = ws.current;
      if (sock && sock.readyState === WebSocket.OPEN) send(sock, { ...frame, gameId });
    },
    [gameId],
  );
  const shown = table.shown;
  return {
    status,
    unreachable,
    lobby,
    seat: shown?.seat ?? null,
    view: shown?.view ?? null,
    legal: shown?.legal ?? NO_ACTIONS,
    deadline: shown?.deadline ?? null,
    error,
    act,
    clearError,
    chat,
    chatSend,
    notes: table.notes,
    writeNote,
    seatRequest,
  };
}
