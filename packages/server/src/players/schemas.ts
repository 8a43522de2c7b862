// zod schemas for the player routes and chat frames to come (docs/players.md, "Integration"): the
// shape of every input, with the text rules of identity.ts / chat.ts applied inside, so a route
// gets either clean values or one readable error (schemas.ts's describeZodError) and changes
// nothing. Strings are bounded before any other work.
import { z } from 'zod';
import { CHAT_MAX, checkChatText } from './chat.js';
import { checkText, TEXT_PROBLEMS } from './text-rules.js';
import { MAX_MODULE_TEXT, MAX_MODULES } from './campaign.js';
import { checkName, PASSWORD_MAX } from './identity.js';
import { HANDLE_MAX } from './handles.js';
import { BOT_LEVELS } from '../levels.js';

const fromCheck =
  <T>(check: (s: string) => { ok: true; value: T } | { ok: false; message: string }) =>
  (s: string, ctx: z.RefinementCtx): T => {
    const c = check(s);
    if (c.ok) return c.value;
    ctx.addIssue({ code: 'custom', message: c.message });
    return z.NEVER;
  };

const name = z
  .string()
  .max(400, 'The name is too long.')
  .transform(
    fromCheck((s) => {
      const c = checkName(s);
      return c.ok ? { ok: true, value: c.name } : c;
    }),
  );

// Only bounded here: its length rule is checked by the route (`checkPassword`), which answers
// `bad_password` with a sentence of its own instead of a field-prefixed schema message.
const password = z.string().max(PASSWORD_MAX * 4, 'That password is too long.');

const playerId = z
  .string()
  .max(64)
  .regex(/^(p_[A-Za-z0-9_-]{16}|bot-[a-z]+)$/, 'Not a player id.');
const gameId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'Not a game id.');

export const createPlayerSchema = z.strictObject({ name });
export const renameSchema = z.strictObject({ name });
/** Setting a first password needs none; changing one needs the current one. */
export const setPasswordSchema = z.strictObject({
  password,
  current: z
    .string()
    .max(PASSWORD_MAX * 4)
    .optional(),
});
/** Sign-in names the profile by its handle or, as before, by its player id. */
export const signInSchema = z
  .strictObject({
    playerId: playerId.optional(),
    handle: z
      .string()
      .max(HANDLE_MAX * 4)
      .optional(),
    password: z
      .string()
      .min(1)
      .max(PASSWORD_MAX * 4),
    /** The device token of an earlier sign-in on this device (players/accounts-device.ts). */
    device: z.string().max(100).optional(),
  })
  .refine((b) => (b.playerId === undefined) !== (b.handle === undefined), 'Send your handle and password.');
/** Its rules are the route's (`checkHandle`), answered as `bad_handle`. */
export const setHandleSchema = z.strictObject({ handle: z.string().max(HANDLE_MAX * 4) });
export const signOutEverywhereSchema = z.strictObject({ keepThisDevice: z.boolean().default(true) });
/** Deleting asks for the current name typed again, so a stray click cannot do it. */
export const deleteProfileSchema = z.strictObject({ confirm: z.string().max(400) });
export const historyQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(50).default(20),
  beforeAt: z.coerce.number().int().min(0).optional(),
  beforeGame: gameId.optional(),
});
export const leaderboardQuerySchema = z.strictObject({
  role: z.enum(['recruiter', 'agents']),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export const chooseModulesSchema = z.strictObject({
  side: z.enum(['recruiter', 'agents']),
  count: z.number().int().min(0).max(MAX_MODULES),
  // Stored in the campaign's public ledger: the text rules of names and chat; empty
  // is allowed (no notes).
  text: z
    .string()
    .max(MAX_MODULE_TEXT * 4, `Module notes are at most ${MAX_MODULE_TEXT} characters.`)
    .transform((s, ctx) => {
      if (s === '') return s;
      const c = checkText(s, MAX_MODULE_TEXT);
      if (c.ok) return c.text;
      ctx.addIssue({
        code: 'custom',
        message:
          c.problem === 'too-long'
            ? `Module notes are at most ${MAX_MODULE_TEXT} characters.`
            : `Module notes ${TEXT_PROBLEMS[c.problem]}.`,
      });
      return z.NEVER;
    }),
});
export const rematchSchema = z.strictObject({ token: z.string().min(1).max(128), swapSides: z.boolean() });

/** WebSocket frames (beside clientMessageSchema's hello/act/ping). */
export const chatFrameSchema = z.discriminatedUnion('t', [
  z.strictObject({
    t: z.literal('chat'),
    gameId,
    text: z
      .string()
      .max(CHAT_MAX * 4, `A message has at most ${CHAT_MAX} characters.`)
      .transform(
        fromCheck((s) => {
          const c = checkChatText(s);
          return c.ok ? { ok: true, value: c.text } : c;
        }),
      ),
  }),
  z.strictObject({ t: z.literal('mute'), gameId, seat: z.number().int().min(0).max(4), muted: z.boolean() }),
  z.strictObject({ t: z.literal('chatPolicy'), gameId, spectatorsWrite: z.boolean() }),
]);
export type ChatFrame = z.infer<typeof chatFrameSchema>;

/** POST /api/me/offline-games: an offline solo game's record, the side the player
 * took and the bot's level (both must be what the record's `seats` say). The record's shape and
 * moves are checked by replaying it with the engine (players/offline-games.ts); its size by the
 * route's body cap. */
export const offlineUploadSchema = z.strictObject({
  // `seats` (who played which seat) is read here; the rest of the record by the engine
  record: z.looseObject({
    seats: z
      .array(z.strictObject({ seat: z.number().int().min(0).max(4), bot: z.enum(BOT_LEVELS).nullable() }))
      .max(5)
      .optional(),
  }),
  role: z.enum(['recruiter', 'agents']),
  level: z.enum(BOT_LEVELS),
});
export type OfflineUploadBody = z.infer<typeof offlineUploadSchema>;

/** POST /api/me/vacation (D13): days of vacation from turn-based play, from now. */
export const vacationSchema = z.strictObject({ days: z.number().int().min(1).max(366) });
