// The player routes (docs/protocol.md "Players"), one file per concern: accounts and sessions,
// profiles and the leaderboard, offline games, campaigns, reading a table's chat. A request goes
// to each in turn until one answers it.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LimitsConfig } from '../limits/config.js';
import type { GameMaster } from '../play/master.js';
import { createAccountRoutes } from './account-routes.js';
import type { SeatTokens } from './accounts-seats.js';
import { createCampaignRoutes } from './campaign-routes.js';
import type { CampaignTables } from './campaign-tables.js';
import { createChatRoutes } from './chat-routes.js';
import { createOfflineRoutes } from './offline-routes.js';
import { createProfileRoutes } from './profile-routes.js';
import type { PlayerService } from './service.js';
import type { TableChat } from './table-chat.js';

/** The players part of a running server, built once by the composition root (app/server.ts). */
export interface PlayerParts {
  readonly accounts: PlayerService;
  readonly campaigns: CampaignTables;
  readonly chat: TableChat;
  /** Seat tokens to replace when a player signs out everywhere (the lobby). */
  readonly seats: SeatTokens;
  /** The games in memory, refreshed after a deletion renamed their seats. */
  readonly master: GameMaster;
}

type Route = (
  req: IncomingMessage,
  res: ServerResponse,
  p: string,
  search: URLSearchParams,
  ip: string,
) => Promise<boolean>;

export function createPlayerRoutes(
  { accounts: players, campaigns, chat, seats, master }: PlayerParts,
  limits: LimitsConfig,
): Route {
  const profiles = createProfileRoutes(players.store);
  const routes: Route[] = [
    createAccountRoutes({ players, seatTokens: seats, master, profile: profiles.profile }, limits),
    createOfflineRoutes(players, master, limits),
    profiles.route,
    createCampaignRoutes(players, campaigns),
    createChatRoutes(chat, limits),
  ];
  /** Answers true when the route was one of ours. */
  return async (req, res, p, search, ip) => {
    for (const route of routes) if (await route(req, res, p, search, ip)) return true;
    return false;
  };
}
