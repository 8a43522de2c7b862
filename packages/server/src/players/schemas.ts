// The server's side of the player routes' inputs (docs/players.md, "Integration"): the queries, and
// the name rules of identity.ts applied on top of the contract's bodies (@mindmgmt/table's
// requests.ts), so a route gets either clean values or one readable error (@mindmgmt/table's
// describeZodError) and changes nothing. Strings are bounded before any other work.
import { createPlayerSchema, gameIdSchema, nameInput, renameSchema } from '@mindmgmt/table';
import { z } from 'zod';
import { checkName } from './identity.js';

const name = nameInput.transform((s, ctx) => {
  const c = checkName(s);
  if (c.ok) return c.name;
  ctx.addIssue({ code: 'custom', message: c.message });
  return z.NEVER;
});

/** The contract's bodies with the name rules applied. */
export const createPlayerChecked = createPlayerSchema.extend({ name });
export const renameChecked = renameSchema.extend({ name });

export const historyQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(50).default(20),
  beforeAt: z.coerce.number().int().min(0).optional(),
  beforeGame: gameIdSchema.optional(),
});
export const leaderboardQuerySchema = z.strictObject({
  role: z.enum(['recruiter', 'agents']),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
