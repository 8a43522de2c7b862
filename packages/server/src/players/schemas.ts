// zod schemas for the player routes (docs/players.md, "Integration"): the shape of every input,
// with the text rules of identity.ts applied inside, so a route gets either clean values or one
// readable error (@mindmgmt/table's describeZodError) and changes nothing. Strings are bounded before any other work.
import { checkText, HANDLE_MAX, MAX_MODULE_TEXT, MAX_MODULES, TEXT_PROBLEMS } from '@mindmgmt/table';
import { z } from 'zod';
import { checkName, PASSWORD_MAX } from './identity.js';

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
/** Sign-in names the profile by its handle (what a person remembers) or, as before, by its player id. */
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
  // Stored in the campaign's public ledger: the text rules of names and chat, as others read it; empty
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

/** POST /api/me/vacation (D13): days of vacation from turn-based play, from now. */
export const vacationSchema = z.strictObject({ days: z.number().int().min(1).max(366) });
