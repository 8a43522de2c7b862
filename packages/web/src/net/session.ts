// This browser's player (docs/protocol.md "Players"): the player id and the session
// token the server gave at the first visit, kept in localStorage. The token goes only in the
// Authorization header, never in a URL.
const KEY = 'mm.player';

export interface PlayerSession {
  id: string;
  token: string;
}

export function playerSession(): PlayerSession | null {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? 'null') as PlayerSession | null;
    return v && typeof v.id === 'string' && typeof v.token === 'string' ? v : null;
  } catch {
    return null;
  }
}

export function setPlayerSession(s: PlayerSession | null): void {
  if (s) localStorage.setItem(KEY, JSON.stringify(s));
  else localStorage.removeItem(KEY);
}

export function authHeader(): Record<string, string> {
  const s = playerSession();
  return s ? { authorization: `Bearer ${s.token}` } : {};
}

/** The device token of this browser's last sign-in or password change for a player:
 * sent with the next sign-in, it gives this device a budget of its own that a flood of wrong
 * passwords from elsewhere cannot empty. Not a credential: it opens no session. */
const deviceKey = (playerId: string) => `mm.device.${playerId}`;
export function deviceToken(playerId: string): string | undefined {
  return localStorage.getItem(deviceKey(playerId)) ?? undefined;
}
export function setDeviceToken(playerId: string, token: unknown): void {
  if (typeof token === 'string') localStorage.setItem(deviceKey(playerId), token);
}

/** Which player a handle signed in as on this device: the device token above is
 * kept per player id, which a sign-in by handle does not know before it succeeds. */
const handleKey = (handle: string) => `mm.handle.${handle.trim().toLowerCase()}`;
export function playerOfHandle(handle: string): string | undefined {
  return localStorage.getItem(handleKey(handle)) ?? undefined;
}
export function rememberHandle(handle: string, playerId: string): void {
  localStorage.setItem(handleKey(handle), playerId);
}
