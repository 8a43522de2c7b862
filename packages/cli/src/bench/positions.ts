// Mid-game positions for the server bench. Each table of the load starts from a stored game
// that is already under way, as most games on a real server are: generated deterministically
// (seeded random legal play, the policy of the 'random' bot, from a seeded deck), 20-120 actions
// in (or at 30-70% of a game that ends sooner), and written with the server's own SQLite store as the server writes a game it
// plays (lobby row, start, every action with a snapshot every 25), before the server starts. The
// server then finds them as it would after a restart: bot games resume, the rest load on `hello`.
import { randomBytes } from 'node:crypto';
import { type Action, apply, ENGINE_VERSION, expectedSeats, legalActions, randomInt, rngFrom } from '@mindmgmt/engine';
import {
  assignSeats,
  type GameRow,
  type GameStore,
  hashToken,
  initialState,
  type PlaceRow,
  SqliteStore,
  type StartInfo,
} from '@mindmgmt/server';

export interface TableShape {
  readonly players: number;
  readonly bots: number;
  readonly spectators: number;
}

export interface StoredTable {
  readonly gameId: string;
  readonly mode: 'full' | 'training';
  /** The human places' tokens (place 1 first), then null for each spectator. */
  readonly tokens: readonly (string | null)[];
  /** Actions already played. */
  readonly seq: number;
}

const NAMES = ['Ann', 'Bea', 'Cy', 'Dee', 'Eve'];

/** The levels of the load's bot seats, cycled through (k-th bot seat of the load): of 20 seats,
 * 8 hard, 4 expert, 6 easy, 2 random. No server has told us its share yet; players who add a bot
 * to a table of friends mostly want a real opponent (hard), some the
 * strongest, beginners the easy one; random is a test level. Expert and hard are the ones that
 * cost CPU, so a load without them measures a server nobody runs. */
const BOT_SHARE = [
  'hard',
  'easy',
  'expert',
  'hard',
  'easy',
  'hard',
  'random',
  'expert',
  'hard',
  'easy',
  'hard',
  'expert',
  'easy',
  'hard',
  'random',
  'hard',
  'easy',
  'expert',
  'hard',
  'easy',
] as const;

export type BotLevel = (typeof BOT_SHARE)[number];

/** The level of the k-th bot seat of the load. */
export function botLevel(k: number): BotLevel {
  return BOT_SHARE[k % BOT_SHARE.length]!;
}
/** As the server's default SNAPSHOT_EVERY. */
const SNAPSHOT_EVERY = 25;

/** Up to `max` actions of a game from `start` (fewer when it ends first), each a seeded random
 * legal action of a seat the game waits on; `over`: the game ended. */
function play(
  start: Pick<StartInfo, 'engineOptions' | 'seed'>,
  seed: number,
  max: number,
): { actions: Action[]; over: boolean } {
  const rng = rngFrom(seed);
  let s = initialState(start);
  const actions: Action[] = [];
  while (!s.result && actions.length < max) {
    const seats = expectedSeats(s);
    const seat = seats[randomInt(rng, seats.length)]!;
    const legal = legalActions(s, seat);
    const a = legal[randomInt(rng, legal.length)]!;
    const r = apply(s, a);
    if (!r.ok) throw new Error(`generated action refused: ${r.message}`);
    actions.push(a);
    s = r.state;
  }
  return { actions, over: !!s.result };
}

/** Writes one mid-game table per shape into the SQLite store of `dataDir` (seeded by `seed`
 * and the table's index, so every run stores the same positions). */
export async function storeMidGames(
  dataDir: string,
  shapes: readonly TableShape[],
  seed: number,
): Promise<StoredTable[]> {
  const store = SqliteStore.inDir(dataDir, 'normal', 'inline');
  try {
    return await writeMidGames(store, shapes, seed);
  } finally {
    await store.close();
  }
}

/** The same into any store (the cluster bench writes them into PostgreSQL); the caller closes it. */
export async function writeMidGames(
  store: GameStore,
  shapes: readonly TableShape[],
  seed: number,
): Promise<StoredTable[]> {
  const out: StoredTable[] = [];
  let botSeats = 0;
  for (const [i, shape] of shapes.entries()) {
    const rng = rngFrom(seed * 100_003 + i);
    const mode: 'full' | 'training' = (i >> 3) % 2 ? 'training' : 'full';
    const now = Date.now();
    const gameId = `bench${i}-${randomBytes(4).toString('hex')}`;
    const tokens: (string | null)[] = [];
    const places: PlaceRow[] = [];
    for (let place = 1; place <= shape.players; place++) {
      const bot = place > shape.players - shape.bots ? botLevel(botSeats++) : null;
      const token = bot ? null : randomBytes(18).toString('base64url');
      if (token) tokens.push(token);
      places.push({
        place,
        name: bot ? `Bot (${bot})` : NAMES[place - 1]!,
        tokenHash: token ? hashToken(token) : null,
        bot,
        volunteer: false,
        joinedAt: now,
      });
    }
    for (let k = 0; k < shape.spectators; k++) tokens.push(null);
    const row: GameRow = {
      id: gameId,
      title: `bench table ${i}`,
      createdAt: now,
      status: 'lobby',
      options: {
        mode,
        recruiterCard: 'random',
        recruiterChoice: 'random',
        players: shape.players,
        solo: null,
        turnTimerSec: null,
        assistant: 'off',
        rated: false,
      },
      hostPlace: 1,
      places,
      start: null,
      seq: 0,
      deadline: null,
      result: null,
      updatedAt: now,
    };
    const engineOptions = { mode, agentSeats: shape.players - 1, recruiterCard: 'random' as const };
    const gameSeed = Math.floor(rng() * 2 ** 31);
    const start: StartInfo = {
      seed: gameSeed,
      engineVersion: ENGINE_VERSION,
      engineOptions,
      seats: assignSeats(row, 1 + randomInt(rng, shape.players)),
      startedAt: now,
      deadline: null,
    };
    // A position 20-120 actions in; a game that ends before is cut at 30-70% of its length.
    const { actions: all, over } = play(start, gameSeed, 20 + randomInt(rng, 100));
    const cut = over ? Math.max(1, Math.floor(all.length * (0.3 + 0.4 * rng()))) : all.length;
    await store.createGame(row);
    if (!(await store.startGame(gameId, start))) throw new Error(`could not start ${gameId}`);
    let s = initialState(start);
    for (let k = 0; k < cut; k++) {
      const r = apply(s, all[k]!);
      if (!r.ok) throw new Error(r.message);
      s = r.state;
      const snapshot = s.seq % SNAPSHOT_EVERY === 0 ? { snapshot: s } : {};
      const res = await store.appendAction({
        gameId,
        expectedSeq: k,
        action: all[k]!,
        deadline: null,
        result: null,
        at: now,
        ...snapshot,
      });
      if (res !== 'ok') throw new Error(`append ${gameId} ${k}: ${res}`);
    }
    out.push({ gameId, mode, tokens, seq: cut });
  }
  return out;
}
