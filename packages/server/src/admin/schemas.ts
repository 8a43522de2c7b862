// The shape of every admin query (docs/protocol.md "Moderation"); the bodies of admin actions,
// reports and blocks are the contract's (@mindmgmt/table's requests.ts). Strings are bounded
// before any other work.
import { z } from 'zod';
import { FIND_QUERY_MAX } from '@mindmgmt/table';

/** Announcements and bans end at most this far ahead (a ban without an end lasts until lifted). */
export const FAR_AHEAD_MS = 10 * 365 * 24 * 3600 * 1000;

export const findPlayersQuery = z.strictObject({ q: z.string().min(1).max(FIND_QUERY_MAX) });
export const tablesQuery = z.strictObject({
  status: z.enum(['lobby', 'active', 'over']),
  q: z.string().max(FIND_QUERY_MAX).default(''),
});
export const reportsQuery = z.strictObject({ status: z.enum(['open', 'closed']).default('open') });
export const auditQuery = z.strictObject({
  format: z.enum(['json', 'csv']).default('json'),
  before: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 52)
    .optional(),
});
