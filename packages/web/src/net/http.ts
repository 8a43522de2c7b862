// The server's HTTP API (docs/protocol.md): one `call` for every request (the player's session in
// its header, a refusal as an ApiError), and the lobby's requests.
import type { GameRecord } from '@mindmgmt/engine';
import type { GameAnalysis } from '@mindmgmt/ai';
import type {
  AnalysisPendingBody,
  BotLevel,
  CreatedBody,
  CreateGameRequest,
  CreatePlayerRequest,
  ErrorBody,
  ErrorCode,
  JoinedBody,
  JoinRequest,
  LiveGamesBody,
  LobbyInfo,
  LobbySummary,
  MyGamesBody,
  MyGamesRequest,
  OfflineUploadedBody,
  OfflineUploadRequest,
  OkBody,
  OpenGamesBody,
  TokenRequest,
} from '@mindmgmt/table';
import { markUnreachable } from './reach.js';
import { playerName } from './saved.js';
import { authHeader, playerSession, setPlayerSession } from './session.js';

/** What the lobby form sends to create a table: the server's schema input, with the choices the
 * form always makes. */
export type CreateOptions = CreateGameRequest &
  Required<Pick<CreateGameRequest, 'recruiterCard' | 'recruiterChoice' | 'bots' | 'turnTimerSec' | 'assistant'>>;

export class ApiError extends Error {
  constructor(
    /** The server's refusal code, or the HTTP status when the body had none (a proxy's answer). */
    readonly code: ErrorCode | `${number}`,
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
    // no answer at all: the server is down or the device offline (the page shows it, reach.ts)
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
    throw new ApiError(e?.code ?? `${res.status}`, e?.message ?? (text || res.statusText));
  }
  return data as T;
}

/** The first visit makes a player for the name typed; a server without players, or any failure,
 * leaves the browser without one and the game goes on. */
async function ensurePlayer(name: string): Promise<void> {
  if (playerSession()) return;
  try {
    const r = await call<{ player: { id: string }; token: string }>('POST', '/api/players', {
      name,
    } satisfies CreatePlayerRequest);
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
  mine: (tokens: string[]) => call<MyGamesBody>('POST', '/api/my-games', { tokens } satisfies MyGamesRequest),
  lobby: (id: string) => call<LobbyInfo>('GET', `/api/games/${encodeURIComponent(id)}`),
  join: async (id: string, name: string, place?: number, volunteer?: boolean) => {
    await ensurePlayer(name);
    return call<JoinedBody>('POST', `/api/games/${encodeURIComponent(id)}/join`, {
      name,
      place,
      volunteer,
    } satisfies JoinRequest);
  },
  leave: (id: string, token: string) =>
    call<OkBody>('POST', `/api/games/${encodeURIComponent(id)}/leave`, { token } satisfies TokenRequest),
  start: (id: string, token: string) =>
    call<OkBody>('POST', `/api/games/${encodeURIComponent(id)}/start`, { token } satisfies TokenRequest),
  record: (id: string) => call<unknown>('GET', `/api/games/${encodeURIComponent(id)}/record`),
  /** The game's analysis: `{ status: 'computing' }` (202) until it is ready. */
  analysis: (id: string) =>
    call<GameAnalysis | AnalysisPendingBody>('GET', `/api/games/${encodeURIComponent(id)}/analysis`),
  /** An offline game's record into this profile's history, as an unrated game. */
  uploadOffline: async (record: GameRecord, role: 'recruiter' | 'agents', level: BotLevel) => {
    await ensurePlayer(playerName() || 'Player');
    return call<OfflineUploadedBody>('POST', '/api/me/offline-games', {
      record,
      role,
      level,
    } satisfies OfflineUploadRequest);
  },
};

export function lobbyId(l: LobbyInfo | LobbySummary): string {
  return l.gameId;
}
export function lobbyTitle(l: LobbyInfo | LobbySummary): string {
  return l.title || l.gameId;
}
