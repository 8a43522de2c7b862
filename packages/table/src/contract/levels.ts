// The choices a table offers that are part of the wire contract (protocol.ts) and of the stored
// rows (store/types.ts), written once here so that neither of those imports the other's module.
import type { Level } from '@mindmgmt/ai';

/** The bot levels players may pick (the ai package's `Level` without its frozen reference). */
export const BOT_LEVELS = ['random', 'easy', 'hard', 'expert'] as const satisfies readonly Level[];
export type BotLevel = (typeof BOT_LEVELS)[number];

/** The deduction assistant a table offers: none, the candidate count, or the full board. */
export const ASSISTANT_LEVELS = ['off', 'count', 'full'] as const;
export type Assistant = (typeof ASSISTANT_LEVELS)[number];
