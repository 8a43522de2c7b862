// The choices a table offers that are part of the wire contract (protocol.ts) and of the stored
// rows (the server's store/types.ts), written once here so that neither of those imports the
// other's module.
import { LEVELS, type PlayerLevel } from '@mindmgmt/ai';

/** The bot levels players may pick: the ai package's live bots (it owns them; its frozen
 * reference is never offered). */
export const BOT_LEVELS: readonly PlayerLevel[] = LEVELS;
export type BotLevel = PlayerLevel;

/** The deduction assistant a table offers: none, the candidate count, or the full board. */
export const ASSISTANT_LEVELS = ['off', 'count', 'full'] as const;
export type Assistant = (typeof ASSISTANT_LEVELS)[number];
