// zod schemas of the HTTP bodies a client sends to the player, moderation and notification routes
// (docs/players.md, docs/protocol.md "Moderation"): the server checks every body with them and the
// web's calls are typed from them. Strings are bounded before any other work; free texts shown to
// others follow the text rules of names and chat (text-rules.ts). Where a rule needs the server
// (a name's reserved words, a push key's decoded length, which hosts it may post to), the server
// extends the schema here with it, so a client's type stays what the server accepts.
import { z } from 'zod';
import {
  ANNOUNCEMENT_MAX,
  EMAIL_MAX,
  HANDLE_MAX,
  MAX_MODULE_TEXT,
  MAX_MODULES,
  NAME_MAX,
  PASSWORD_MAX,
  REASON_MAX,
} from './caps.js';
import { LANGS } from './langs.js';
import { checkText, TEXT_PROBLEMS } from './text-rules.js';

// ---- players ----

/** A name as sent: bounded only; the server applies its name rules on top. */
export const nameInput = z.string().max(400, 'The name is too long.');

// Only bounded here: its length rule is checked by the route (`checkPassword`), which answers
// `bad_password` with a sentence of its own instead of a field-prefixed schema message.
const password = z.string().max(PASSWORD_MAX * 4, 'That password is too long.');

const anyPlayerId = z
  .string()
  .max(64)
  .regex(/^(p_[A-Za-z0-9_-]{16}|bot-[a-z]+)$/, 'Not a player id.');
export const gameIdSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'Not a game id.');

export const createPlayerSchema = z.strictObject({ name: nameInput });
export type CreatePlayerRequest = z.input<typeof createPlayerSchema>;
export const renameSchema = z.strictObject({ name: nameInput });
export type RenameRequest = z.input<typeof renameSchema>;
/** Setting a first password needs none; changing one needs the current one. */
export const setPasswordSchema = z.strictObject({
  password,
  current: z
    .string()
    .max(PASSWORD_MAX * 4)
    .optional(),
});
export type SetPasswordRequest = z.input<typeof setPasswordSchema>;
/** Sign-in names the profile by its handle or, as before handles, by its player id. */
export const signInSchema = z
  .strictObject({
    playerId: anyPlayerId.optional(),
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
export type SignInRequest = z.input<typeof signInSchema>;
/** Its rules are the route's (`checkHandle`), answered as `bad_handle`. */
export const setHandleSchema = z.strictObject({ handle: z.string().max(HANDLE_MAX * 4) });
export type SetHandleRequest = z.input<typeof setHandleSchema>;
export const signOutEverywhereSchema = z.strictObject({ keepThisDevice: z.boolean().default(true) });
export type SignOutEverywhereRequest = z.input<typeof signOutEverywhereSchema>;
/** Deleting asks for the current name typed again, so a stray click cannot do it. */
export const deleteProfileSchema = z.strictObject({ confirm: z.string().max(400) });
export type DeleteProfileRequest = z.input<typeof deleteProfileSchema>;
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
export type ChooseModulesRequest = z.input<typeof chooseModulesSchema>;
export const rematchSchema = z.strictObject({ token: z.string().min(1).max(128), swapSides: z.boolean() });
export type RematchRequest = z.input<typeof rematchSchema>;
/** POST /api/me/vacation (D13): days of vacation from turn-based play, from now. */
export const vacationSchema = z.strictObject({ days: z.number().int().min(1).max(366) });
export type VacationRequest = z.input<typeof vacationSchema>;

// ---- moderation: admin actions, reports and blocks ----

const text = (what: string, max: number, min = 1) =>
  z
    .string()
    .max(max * 4, `${what} has at most ${max} characters.`)
    .transform((s, ctx) => {
      const c = checkText(s, max);
      if (c.ok && [...c.text].length >= min) return c.text;
      ctx.addIssue({
        code: 'custom',
        message: c.ok
          ? `${what} is empty.`
          : c.problem === 'too-long'
            ? `${what} has at most ${max} characters.`
            : `${what} ${TEXT_PROBLEMS[c.problem]}.`,
      });
      return z.NEVER;
    });

export const reasonSchema = text('A reason', REASON_MAX);
/** A person's player id (a bot has no profile to moderate or block). */
export const playerIdSchema = z
  .string()
  .max(64)
  .regex(/^p_[A-Za-z0-9_-]{16}$/, 'Not a player id.');
const msgNumber = z
  .number()
  .int()
  .min(1)
  .max(2 ** 31 - 1);
const epochMs = z
  .number()
  .int()
  .min(0)
  .max(2 ** 52);
const reason = reasonSchema;

export const adminRenameSchema = z.strictObject({ name: z.string().max(NAME_MAX * 10), reason });
export type AdminRenameRequest = z.input<typeof adminRenameSchema>;
export const banSchema = z.strictObject({ reason, until: epochMs.nullable().default(null) });
export type BanRequest = z.input<typeof banSchema>;
/** The bodies that carry only the moderator's reason (unban, delete a table, close a report). */
export const reasonBodySchema = z.strictObject({ reason });
export type ReasonRequest = z.input<typeof reasonBodySchema>;
export const roleSchema = z.strictObject({ moderator: z.boolean(), reason });
export type RoleRequest = z.input<typeof roleSchema>;
export const endTableSchema = z.strictObject({ reason, notice: text('A notice', ANNOUNCEMENT_MAX) });
export type EndTableRequest = z.input<typeof endTableSchema>;
export const hideChatSchema = z.strictObject({ gameId: gameIdSchema, n: msgNumber, reason });
export type HideChatRequest = z.input<typeof hideChatSchema>;
export const announceSchema = z.strictObject({ text: text('An announcement', ANNOUNCEMENT_MAX), until: epochMs });
export type AnnounceRequest = z.input<typeof announceSchema>;
/** A player's report: a chat message (game and number) or a player's name. */
export const reportSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('chat'), gameId: gameIdSchema, n: msgNumber, reason }),
  z.strictObject({ kind: z.literal('name'), playerId: playerIdSchema, reason }),
]);
export type ReportRequest = z.input<typeof reportSchema>;
export const blockSchema = z.strictObject({ playerId: playerIdSchema });
export type BlockRequest = z.input<typeof blockSchema>;

// ---- notifications ----

export const langSchema = z.enum(LANGS);

/** The longest push endpoint URL kept (the push services' are about 200 characters). */
export const MAX_ENDPOINT = 1024;

/** `bytes` bytes in base64url, as far as its text shows (the server also decodes it). */
export const base64urlText = (bytes: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/)
    .max(Math.ceil((bytes * 4) / 3) + 2);

/** A browser's PushSubscription.toJSON() and the language of its notices; the server checks the
 * endpoint's host and the keys' decoded lengths on top. */
export const pushSubscriptionSchema = z.strictObject({
  endpoint: z.string().max(MAX_ENDPOINT),
  // An uncompressed P-256 point and a 16-byte secret.
  keys: z.strictObject({ p256dh: base64urlText(65), auth: base64urlText(16) }),
  expirationTime: z.number().nullable().optional(),
  lang: langSchema,
});
export type PushSubscribeRequest = z.input<typeof pushSubscriptionSchema>;
export const pushUnsubscribeSchema = z.strictObject({ endpoint: z.string().max(MAX_ENDPOINT) });
export type PushUnsubscribeRequest = z.input<typeof pushUnsubscribeSchema>;
export const setEmailSchema = z.strictObject({ address: z.email().max(EMAIL_MAX), lang: langSchema });
export type SetEmailRequest = z.input<typeof setEmailSchema>;
