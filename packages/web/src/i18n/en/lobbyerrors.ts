// The server's refusals a lobby form shows in the player's language, by their code (the server's
// English message is for logs and other clients). Keys: `le_` and the code.
import type { ErrorCode } from '@mindmgmt/table';

export const LOBBYERRORS_EN = {
  le_too_many_bot_games:
    'You already have as many games with bots running as the server allows (for you, your address or your network). Finish or resign one, then try again.',
  le_bots_busy: 'Every bot seat of this server is taken right now. Try again in a few minutes.',
} satisfies Partial<Record<`le_${ErrorCode}`, string>>;
