// "Export my data": everything the server keeps about one player, as one JSON document.
// Versioned; no secrets (neither password nor session hashes: a hash of a session token is as good
// as the token to anyone who can reach the database, and nobody needs theirs); other people appear
// only as the public names the player saw at the table (chat is the player's own messages only).
import type { Campaign } from './campaign.js';
import type { PlayerStore, Role } from '../store/players/types.js';

/** Games, chat messages: the most a single export holds of each (documented caps). */
export const EXPORT_MAX_ROWS = 10_000;

export interface PlayerExport {
  readonly format: 'mindmgmt-player-export';
  readonly version: 1;
  readonly exportedAt: string;
  readonly player: {
    readonly id: string;
    readonly name: string;
    readonly createdAt: string;
    readonly hasPassword: boolean;
    /** The sign-in handle, or null. */
    readonly handle: string | null;
  };
  readonly sessions: readonly { readonly createdAt: string; readonly lastSeenAt: string; readonly expiresAt: string }[];
  readonly ratings: readonly {
    readonly role: Role;
    readonly rating: number;
    readonly rd: number;
    readonly vol: number;
    readonly games: number;
  }[];
  readonly games: readonly {
    readonly gameId: string;
    readonly finishedAt: string;
    readonly role: Role;
    readonly seat: number;
    readonly mode: string;
    readonly won: boolean;
    readonly rated: boolean;
    readonly campaignId: string | null;
  }[];
  readonly campaigns: readonly { readonly id: string; readonly createdAt: string; readonly ledger: Campaign }[];
  readonly chat: readonly { readonly gameId: string; readonly n: number; readonly at: string; readonly text: string }[];
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Null when there is no such player. */
export async function exportPlayer(store: PlayerStore, playerId: string, now: number): Promise<PlayerExport | null> {
  const p = await store.getPlayer(playerId);
  if (!p) return null;
  const [sessions, ratings, games, campaigns, chat] = await Promise.all([
    store.sessionsOf(playerId),
    store.ratingsOf(playerId),
    store.historyOf(playerId, EXPORT_MAX_ROWS),
    store.campaignsOf(playerId),
    store.chatBy(playerId, EXPORT_MAX_ROWS),
  ]);
  const handle = await store.handleOf(playerId);
  return {
    format: 'mindmgmt-player-export',
    version: 1,
    exportedAt: iso(now),
    player: { id: p.id, name: p.name, createdAt: iso(p.createdAt), hasPassword: p.passwordHash !== null, handle },
    sessions: sessions.map((s) => ({
      createdAt: iso(s.createdAt),
      lastSeenAt: iso(s.lastSeenAt),
      expiresAt: iso(s.expiresAt),
    })),
    ratings: ratings.map((r) => ({ role: r.role, rating: r.rating, rd: r.rd, vol: r.vol, games: r.games })),
    games: games.map((g) => ({
      gameId: g.gameId,
      finishedAt: iso(g.finishedAt),
      role: g.role,
      seat: g.seat,
      mode: g.mode,
      won: g.won,
      rated: g.rated,
      campaignId: g.campaignId,
    })),
    campaigns: campaigns.map((c) => ({ id: c.id, createdAt: iso(c.createdAt), ledger: c.ledger })),
    chat: chat.map((m) => ({ gameId: m.gameId, n: m.n, at: iso(m.at), text: m.text })),
  };
}
