// The campaign ledger as the player store keeps it (plain JSON in campaigns.ledger): declared here,
// with the store, so the store does not import the players' rules; those (players/campaign.ts)
// are pure functions over this shape.

export type Side = 'recruiter' | 'agents';

export interface SideLedger {
  readonly wins: number;
  readonly losses: number;
  /** Wins in a row up to the last game (0 after a loss). */
  readonly streak: number;
  /** SHIFT packages opened: packages 1..opened. */
  readonly opened: number;
}

export interface ModuleChoice {
  readonly count: number;
  readonly text: string;
}

export interface CampaignGame {
  readonly gameId: string;
  readonly winner: Side;
  /** What each side played with in that game. */
  readonly modules: { readonly [S in Side]: ModuleChoice };
  /** Who sat on each side (player ids), for the export and the history. */
  readonly seating: { readonly [S in Side]: readonly string[] };
}

export interface Campaign {
  readonly sides: { readonly [S in Side]: SideLedger };
  /** The side that lost the last game (null before the first). */
  readonly lastLoser: Side | null;
  /** Who sits on each side in the next game (player ids; bots as "bot:<level>"). */
  readonly seating: { readonly [S in Side]: readonly string[] };
  /** Module choices for the next game, once made. */
  readonly next: { readonly [S in Side]: ModuleChoice | null };
  readonly games: readonly CampaignGame[];
}
