// zod (v4) schemas for what a client sends: the lobby's HTTP bodies, WebSocket frames and actions.
// The server checks every input with them and the client's types derive from them, so what the
// web is typed to send is what the server accepts. Action schemas are DERIVED from the engine's
// one definition (ACTION_DEFS): one zod schema per field kind here, never one per action, minus
// `timeout`, which only the server sends (R33, D7). The engine re-checks shapes and legality.
import {
  ACTION_DEFS,
  CLIENT_ACTION_TYPES,
  FEATURES,
  LOCATION_COUNT,
  NOTE_TEXT_MAX,
  AGENTS,
  RECRUITER_CARDS,
  type ClientAction,
  type ClientActionType,
  type GameRecord,
  type FieldKind,
} from '@mindmgmt/engine';
import { z } from 'zod';
import {
  hasBidi,
  hasControl,
  hasLoneSurrogate,
  hasMarkFlood,
  impersonates,
  invisibleOnly,
  privateUseOnly,
} from './text.js';
import { CHAT_MAX, NAME_MAX, REQUEST_ID_MAX, TITLE_MAX } from './caps.js';
import { ASSISTANT_LEVELS, BOT_LEVELS } from './levels.js';
import { checkChatText } from './text-rules.js';

/** Free text shown to other players: no control characters, bidi overrides or invisible-only
 * content (text.ts). `what` names the field in the error. */
function shownText(s: z.ZodString, what: string) {
  return s
    .refine((v) => !hasLoneSurrogate(v), `${what} is not valid text.`)
    .refine((v) => !hasControl(v), `${what} may not contain control characters or line breaks.`)
    .refine((v) => !hasBidi(v), `${what} may not contain text-direction override characters.`)
    .refine((v) => !invisibleOnly(v), `${what} needs visible characters.`)
    .refine((v) => !hasMarkFlood(v), `${what} stacks too many accents on one letter.`)
    .refine((v) => !privateUseOnly(v), `${what} uses only characters that each device draws differently.`);
}

const loc = z
  .number()
  .int()
  .min(0)
  .max(LOCATION_COUNT - 1);
const feature = z.enum(FEATURES);
const seat = z.number().int().min(0).max(4).optional();

const noteBody = z
  .strictObject({
    from: z.number().int().min(1).max(16).nullable(),
    to: z.number().int().min(1).max(16).nullable(),
    crossed: z.array(feature).max(FEATURES.length),
    text: shownText(z.string().max(NOTE_TEXT_MAX), 'A note'),
  })
  .nullable();

/** The schema of each field kind of the engine's ACTION_DEFS (its check: engine KIND_CHECKS). */
export const KIND_SCHEMAS = {
  loc,
  locOrNull: loc.nullable(),
  edge: z.tuple([loc, loc]),
  card: z.enum(RECRUITER_CARDS),
  agent: z.enum(AGENTS),
  feature,
  bool: z.boolean(),
  token: z.union([z.literal(1), z.literal(2)]),
  note: noteBody,
} satisfies Record<FieldKind, z.ZodType>;

function actionSchema(type: ClientActionType) {
  const fields: Readonly<Record<string, FieldKind>> = ACTION_DEFS[type];
  const shape: Record<string, z.ZodType> = {};
  for (const [k, kind] of Object.entries(fields)) shape[k] = KIND_SCHEMAS[kind];
  return z.strictObject({ type: z.literal(type), seat, ...shape });
}
const actionVariants = CLIENT_ACTION_TYPES.map(actionSchema);
/** An action a client sends. Its static type is the engine's `ClientAction`: the variants are
 * built from ACTION_DEFS at run time, which zod's inference cannot follow. */
export const clientActionSchema = z.discriminatedUnion(
  'type',
  actionVariants as unknown as [(typeof actionVariants)[number], ...(typeof actionVariants)[number][]],
) as unknown as z.ZodType<ClientAction>;

// ---------- WebSocket, client -> server ----------
const gameId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);
const token = z.string().min(1).max(128);
/** A request's id: the frame that answers it (the sender's own `events`, `note` or `error`)
 * carries it back. */
const id = z.string().max(REQUEST_ID_MAX).optional();

/** A line of table chat: the text rules (text-rules.ts `checkChatText`), trimmed and normalised. */
const chatText = z
  .string()
  .max(CHAT_MAX * 4, `A message has at most ${CHAT_MAX} characters.`)
  .transform((s, ctx) => {
    const c = checkChatText(s);
    if (c.ok) return c.text;
    ctx.addIssue({ code: 'custom', message: c.message });
    return z.NEVER;
  });

const actFrame = z.strictObject({
  t: z.literal('act'),
  gameId,
  seq: z.number().int().min(0),
  // Checked separately (clientActionSchema) so the error can say what is wrong with the action.
  action: z.unknown(),
  id,
});

/** Every frame a client sends on the WebSocket, one variant per `t`. */
export const clientFrameSchema = z.discriminatedUnion('t', [
  z.strictObject({
    t: z.literal('hello'),
    gameId,
    token: token.nullable(),
    lastSeq: z.number().int().min(0).optional(),
  }),
  actFrame,
  // A mental note change (R30, D8): table state beside the game, not a move (no seq).
  z.strictObject({ t: z.literal('note'), gameId, at: loc, note: noteBody, id }),
  // D13: the seat's player leaves the running game (a stand-in plays it), or comes back.
  z.strictObject({ t: z.literal('leave'), gameId, id }),
  z.strictObject({ t: z.literal('back'), gameId, id }),
  // D13, D14: a player answers a teammate's resignation proposal, or a proposal to abandon.
  z.strictObject({ t: z.literal('accept'), gameId, id }),
  z.strictObject({ t: z.literal('refuse'), gameId, id }),
  // D14: a player proposes to abandon the game; every other person at the table must accept.
  z.strictObject({ t: z.literal('abandon'), gameId, id }),
  z.strictObject({ t: z.literal('ping') }),
  // Table chat: a message, the host muting a seat, the host opening the chat to spectators.
  z.strictObject({ t: z.literal('chat'), gameId, text: chatText }),
  z.strictObject({ t: z.literal('mute'), gameId, seat: z.number().int().min(0).max(4), muted: z.boolean() }),
  z.strictObject({ t: z.literal('chatPolicy'), gameId, spectatorsWrite: z.boolean() }),
]);

/** A client frame as the server holds it once checked (chat text trimmed and normalised; an
 * `act`'s action still to be checked by clientActionSchema). */
export type ClientFrameIn = z.output<typeof clientFrameSchema>;
/** What a client writes may be read-only all the way down (zod's inputs are mutable types). */
type ReadonlyDeep<T> = T extends readonly (infer U)[]
  ? readonly ReadonlyDeep<U>[]
  : T extends object
    ? { readonly [K in keyof T]: ReadonlyDeep<T[K]> }
    : T;
/** An `act` as a client writes it: its action typed as the engine's. */
export type ActFrame = ReadonlyDeep<Omit<z.input<typeof actFrame>, 'action'>> & { readonly action: ClientAction };
/** Every frame a client sends, as it writes it. */
export type ClientFrame = ReadonlyDeep<Exclude<z.input<typeof clientFrameSchema>, { t: 'act' }>> | ActFrame;
/** The kinds of frame that go to the table's chat (play/chat.ts). */
export const CHAT_REQUEST_KINDS = ['chat', 'mute', 'chatPolicy'] as const satisfies readonly ClientFrame['t'][];
/** A chat request (client to server), as the server holds it once checked. */
export type ChatRequest = Extract<ClientFrameIn, { t: (typeof CHAT_REQUEST_KINDS)[number] }>;
/** A chat request as the client writes it, without the `gameId` its table adds. */
export type ChatRequestOut = DistributiveOmit<
  Extract<ClientFrame, { t: (typeof CHAT_REQUEST_KINDS)[number] }>,
  'gameId'
>;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

// ---------- HTTP bodies ----------
const displayName = shownText(
  z
    .string()
    .trim()
    .min(1, 'A display name is needed.')
    .max(NAME_MAX, `A display name has at most ${NAME_MAX} characters.`),
  'A display name',
).refine((v) => !impersonates(v), 'That name is reserved for bots and the server; choose another.');

export const createGameSchema = z.strictObject({
  name: displayName,
  mode: z.enum(['full', 'training']),
  recruiterCard: z.enum(['random', 'choose', ...RECRUITER_CARDS]).default('random'),
  recruiterChoice: z.enum(['random', 'host', 'volunteer', 'random-experienced']).default('random'),
  players: z.number().int().min(1).max(5),
  // Keys are checked by the record's key schema: "__proto__" or any other key is refused.
  bots: z.record(z.string().regex(/^[1-5]$/, 'bots: keys are place numbers 2-5.'), z.enum(BOT_LEVELS)).default({}),
  solo: z.strictObject({ role: z.enum(['recruiter', 'agents']), level: z.enum(BOT_LEVELS) }).optional(),
  turnTimerSec: z
    .number()
    .int()
    .min(10)
    .max(14 * 24 * 3600)
    .nullable()
    .default(null),
  /** D13: real-time (a bank per seat plus an increment per turn) or turn-based (a time per move);
   * null or absent: `turnTimerSec` decides, as before. */
  timeControl: z
    .discriminatedUnion('kind', [
      z.strictObject({
        kind: z.literal('realtime'),
        bankSec: z
          .number()
          .int()
          .min(60)
          .max(3 * 3600),
        incSec: z.number().int().min(0).max(600),
      }),
      z.strictObject({
        kind: z.literal('move'),
        sec: z
          .number()
          .int()
          .min(10)
          .max(14 * 24 * 3600),
      }),
    ])
    .nullable()
    .optional(),
  /** The level of the bot that stands in for an absent player (D13); default 'hard'. */
  standInLevel: z.enum(BOT_LEVELS).optional(),
  /** D13: players joining must have finished at least this % of their last 50 games. */
  minFinishRate: z.number().int().min(1).max(100).optional(),
  assistant: z.enum(ASSISTANT_LEVELS).optional(),
  /** Older clients: true = assistant 'full', false = 'off'. */
  deduction: z.boolean().optional(),
  volunteer: z.boolean().optional(),
  /** Whether the game moves ratings; default true. */
  rated: z.boolean().optional(),
  /** Listed among the live tables to watch; default: yes when people play each
   * other, no for a table of one person with bots. */
  listed: z.boolean().optional(),
  title: shownText(z.string().trim().max(TITLE_MAX), 'A title').optional(),
});
export type CreateGameBody = z.infer<typeof createGameSchema>;
/** What a client sends to create a table (before the schema's defaults). */
export type CreateGameRequest = z.input<typeof createGameSchema>;

export const joinSchema = z.strictObject({
  name: displayName,
  place: z.number().int().min(1).max(5).optional(),
  volunteer: z.boolean().optional(),
});
export const tokenBodySchema = z.strictObject({ token });
export const myGamesSchema = z.strictObject({ tokens: z.array(token).max(200) });

/** POST /api/me/offline-games: an offline solo game's record, the side the player
 * took and the bot's level (both must be what the record's `seats` say). The record's shape and
 * moves are checked by replaying it with the engine (the server's players/offline-games.ts); its size by the
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

/** One short sentence from a zod error (never echoes the input value back). */
export function describeZodError(e: z.ZodError): string {
  const first = e.issues[0];
  if (!first) return 'Invalid input.';
  const where = first.path.length ? `${first.path.map(String).join('.').slice(0, 60)}: ` : '';
  return `${where}${first.message}`.slice(0, 200);
}

/** What a client sends to the lobby's routes (before the schemas' defaults). */
export type JoinRequest = ReadonlyDeep<z.input<typeof joinSchema>>;
export type TokenRequest = ReadonlyDeep<z.input<typeof tokenBodySchema>>;
export type MyGamesRequest = ReadonlyDeep<z.input<typeof myGamesSchema>>;
/** The record's shape is the engine's (the server replays it to check it). */
export type OfflineUploadRequest = ReadonlyDeep<Omit<z.input<typeof offlineUploadSchema>, 'record'>> & {
  readonly record: GameRecord;
};
