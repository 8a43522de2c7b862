// The shape of every admin, report and block input (docs/protocol.md "Moderation"). Strings are
// bounded before any other work; free texts (reasons, announcements) follow the text rules of
// names and chat (@mindmgmt/table's text-rules.ts), so nothing invisible or control-laden is stored or shown.
import { z } from 'zod';
import { checkText, TEXT_PROBLEMS } from '@mindmgmt/table';
import { ANNOUNCEMENT_MAX, FIND_QUERY_MAX, NAME_MAX, REASON_MAX } from '@mindmgmt/table';

/** Announcements and bans end at most this far ahead (a ban without an end lasts until lifted). */
export const FAR_AHEAD_MS = 10 * 365 * 24 * 3600 * 1000;

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

export const reason = text('A reason', REASON_MAX);
export const playerIdSchema = z
  .string()
  .max(64)
  .regex(/^p_[A-Za-z0-9_-]{16}$/, 'Not a player id.');
export const gameIdSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'Not a game id.');
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

export const findPlayersQuery = z.strictObject({ q: z.string().min(1).max(FIND_QUERY_MAX) });
export const renameBody = z.strictObject({ name: z.string().max(NAME_MAX * 10), reason });
export const banBody = z.strictObject({ reason, until: epochMs.nullable().default(null) });
export const unbanBody = z.strictObject({ reason });
export const roleBody = z.strictObject({ moderator: z.boolean(), reason });
export const tablesQuery = z.strictObject({
  status: z.enum(['lobby', 'active', 'over']),
  q: z.string().max(FIND_QUERY_MAX).default(''),
});
export const endTableBody = z.strictObject({ reason, notice: text('A notice', ANNOUNCEMENT_MAX) });
export const deleteTableBody = z.strictObject({ reason });
export const hideChatBody = z.strictObject({ gameId: gameIdSchema, n: msgNumber, reason });
export const reportsQuery = z.strictObject({ status: z.enum(['open', 'closed']).default('open') });
export const closeReportBody = z.strictObject({ reason });
export const announceBody = z.strictObject({ text: text('An announcement', ANNOUNCEMENT_MAX), until: epochMs });
export const auditQuery = z.strictObject({
  format: z.enum(['json', 'csv']).default('json'),
  before: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 52)
    .optional(),
});

/** A player's report: a chat message (game and number) or a player's name. */
export const reportBody = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('chat'), gameId: gameIdSchema, n: msgNumber, reason }),
  z.strictObject({ kind: z.literal('name'), playerId: playerIdSchema, reason }),
]);
export const blockBody = z.strictObject({ playerId: playerIdSchema });
