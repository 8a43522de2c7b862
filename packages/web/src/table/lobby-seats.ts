// What the table reads of the lobby's seats: their names, and whether a seat is the host's.
import type { LobbyInfo } from '@mindmgmt/table';

export function seatNames(lobby: LobbyInfo | null | undefined): { seat: number; name: string }[] {
  return (lobby?.seats ?? []).map((s) => ({ seat: s.seat, name: s.name }));
}

/** The host's seat: the one at the host's place. */
export function isHost(lobby: LobbyInfo | null | undefined, seat: number | 'spectator' | null): boolean {
  if (typeof seat !== 'number' || !lobby) return false;
  const mine = (lobby.seats ?? []).find((s) => s.seat === seat);
  return !!mine && mine.place !== null && mine.place === lobby.hostPlace;
}
