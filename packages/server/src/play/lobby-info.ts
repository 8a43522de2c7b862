// What the lobby shows about a table (public to anyone with its id): built from the row and the
// subscribers (presence), never from hidden state.
import type { LobbyInfo, LobbySummary, PlaceInfo } from '@mindmgmt/table';
import type { Live } from './live.js';
import { publicState, type Seat } from '@mindmgmt/engine';
import { publicPosition } from '@mindmgmt/table';
import type { GameRow } from '../store/types.js';
import { runningSeats, shownDeadline } from './deadlines.js';
import { PROPOSAL_MS } from './standins.js';

/** The invite link of a table (relative without a public URL). */
export function inviteUrl(publicUrl: string | null, id: string): string {
  return `${publicUrl ?? ''}/#/g/${id}`;
}

export function lobbyInfo(g: Live, invite: string): LobbyInfo {
  const online = new Set<string>();
  for (const c of g.subs) if (c.tokenHash) online.add(c.tokenHash);
  // D12: the seq everyone may know (not the recruiter's unsettled or undone actions).
  const info = rowLobbyInfo(g.row, online, g.state ? publicPosition(g.state).seq : g.row.seq, g.state?.result, invite);
  const clock = g.row.clock;
  if (!clock || !g.state || !g.row.start) return info;
  // D12: the seats the others were last shown a change for (the recruiter's unsettled turn is
  // still the recruiter's).
  return {
    ...info,
    clock: { banks: clock.banks, at: clock.at, running: runningSeats(g.row.start, publicState(g.state)) },
  };
}

/**
 * A table still in the lobby, from its stored row alone (reading a listed table
 * loaded it into memory, all 16,028 of them in 8 s). In the lobby there is no game state, so the
 * row says everything; nobody is online through this instance, as it holds no connection to it.
 */
export function lobbyRowInfo(r: GameRow, invite: string): LobbyInfo {
  if (r.status !== 'lobby') throw new Error(`lobbyRowInfo: table ${r.id} is ${r.status}`);
  return rowLobbyInfo(r, new Set(), r.seq, null, invite);
}

function rowLobbyInfo(
  r: GameRow,
  online: ReadonlySet<string>,
  seq: number,
  result: GameRow['result'] | undefined,
  invite: string,
): LobbyInfo {
  const seatOfPlace = new Map<number, Seat>();
  for (const s of r.start?.seats ?? []) if (s.place !== null) seatOfPlace.set(s.place, s.seat);
  const { recruiterCard, ...rest } = r.options;
  const places: PlaceInfo[] = [];
  for (let place = 1; place <= r.options.players; place++) {
    const p = r.places.find((x) => x.place === place);
    places.push({
      online: !!p?.tokenHash && online.has(p.tokenHash),
      place,
      name: p?.name ?? null,
      bot: p?.bot ?? null,
      volunteer: p?.volunteer ?? false,
      taken: !!p,
      host: r.hostPlace === place,
      seat: seatOfPlace.get(place) ?? null,
    });
  }
  return {
    gameId: r.id,
    title: r.title,
    status: r.status,
    createdAt: r.createdAt,
    // A fixed recruiter card is not named: which card the recruiter holds is secret (D10).
    options: {
      ...rest,
      recruiterCard: recruiterCard === 'random' || recruiterCard === 'choose' ? recruiterCard : 'fixed',
    },
    hostPlace: r.hostPlace,
    places,
    seats: r.start
      ? r.start.seats.map((s) => ({
          seat: s.seat,
          name: s.name,
          bot: s.bot,
          place: s.place,
          online: !!s.tokenHash && online.has(s.tokenHash),
          ...(s.standIn ? { standIn: { level: s.standIn.level, why: s.standIn.why, back: !!s.standIn.back } } : {}),
        }))
      : null,
    seq,
    result: result ?? r.result,
    turnDeadline: shownDeadline(r),
    ...(r.start?.proposal && r.status === 'active'
      ? {
          proposal: {
            kind: r.start.proposal.kind,
            seat: r.start.proposal.seat,
            accepted: r.start.proposal.accepted,
            until: r.start.proposal.at + PROPOSAL_MS,
          },
        }
      : {}),
    invite,
    recruiterNote: r.start?.recruiterNote ?? null,
  };
}

export function lobbySummary(r: GameRow, invite: string): LobbySummary {
  const host = r.places.find((p) => p.place === r.hostPlace);
  return {
    gameId: r.id,
    title: r.title,
    status: r.status,
    mode: r.options.mode,
    players: r.options.players,
    taken: r.places.length,
    hostName: host?.name ?? null,
    ...(r.options.minFinishRate ? { minFinishRate: r.options.minFinishRate } : {}),
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    invite,
  };
}
