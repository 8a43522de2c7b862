// An offline solo game held in the page: the engine's state, the bot seat's decisions from the
// offline bot worker (bots.ts), each subscriber its seat's frames, a save to IndexedDB (store.ts)
// after every action. The moves and the frames come from the table host the server wraps too
// (@mindmgmt/table: `play`, `stateFrame`, `writeNote`), so what a seat is shown is decided in one
// place; nothing here talks to a server.
//
// The player's browser holds the whole state, the recruiter's secrets included: such a game is
// never rated (docs/offline.md).
import {
  type Action,
  type ClientAction,
  exportRecord,
  expectedSeats,
  FEATURES,
  type FeatureId,
  type GameError,
  type GameEvent,
  type GameOptions,
  type GameRecord,
  type GameState,
  type Loc,
  type NoteBody,
  type Notes,
  newGame,
  RECRUITER_CARDS,
  RECRUITER_SEAT,
  type Seat,
  view,
  apply,
} from '@mindmgmt/engine';
import type { TableFrame } from '@mindmgmt/table';
import { legalFor, play, stateFrame, writeNote } from '@mindmgmt/table/host';
import { decisionSeed, LEVELS, LIVE_BOT_BUDGET_MS } from '@mindmgmt/ai';
import { LocalBots, type LocalDecision } from './bots.js';
import { getLocalGame, type LocalGameSave, type LocalSetup, putLocalGame } from './store.js';

/** One applied action with the engine's full events (the companion mode reads these). */
export interface LocalApplied {
  readonly action: Action;
  readonly events: readonly GameEvent[];
  readonly before: GameState;
  readonly state: GameState;
  /** The bot's decision, when the bot played it. */
  readonly decision: LocalDecision | null;
}

export interface LocalDeps {
  /** The bot worker (one per page by default, shared by the page's offline games); tests may
   * decide in-process with the same `BotSessions`. */
  readonly bots?: Pick<LocalBots, 'decide' | 'forget'>;
  /** Where the game is saved after each action (IndexedDB by default). */
  readonly save?: (g: LocalGameSave) => Promise<void>;
  /** 32 random bits (crypto.getRandomValues by default): seeds, deck, card, id. */
  readonly random?: () => number;
  /** The bots' thinking budget (the server's by default). */
  readonly budgetMs?: number;
  readonly now?: () => number;
}

function cryptoRandom(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0]!;
}

/** Uniform in [0, n) from 32-bit draws (rejection: no modulo bias). */
function below(random: () => number, n: number): number {
  const limit = Math.floor(2 ** 32 / n) * n;
  for (;;) {
    const x = random();
    if (x < limit) return x % n;
  }
}

let pageBots: LocalBots | null = null;
/** The page's bot worker, started on first use. */
export function sharedBots(): LocalBots {
  return (pageBots ??= new LocalBots());
}

/** The seats of a solo game: the player's and the bot's. */
export function soloSeats(setup: Pick<LocalSetup, 'role'>): { human: Seat; bot: Seat } {
  return setup.role === 'recruiter' ? { human: RECRUITER_SEAT, bot: 1 } : { human: 1, bot: RECRUITER_SEAT };
}

/** The secret start of a new game, drawn in the page as the server draws it (play/setup.ts). */
function drawStart(setup: LocalSetup, random: () => number): { seed: number; options: GameOptions } {
  const deck: FeatureId[] = [...FEATURES];
  for (let i = deck.length - 1; i > 0; i--) {
    const j = below(random, i + 1);
    [deck[i], deck[j]] = [deck[j]!, deck[i]!];
  }
  const card = RECRUITER_CARDS[below(random, RECRUITER_CARDS.length)]!;
  return { seed: random(), options: { mode: setup.mode, agentSeats: 1, recruiterCard: card, deck } };
}

/** The state a save starts from (a card drawn at random stays "random" to the players). */
function startState(g: Pick<LocalGameSave, 'seed' | 'options'>): GameState {
  return { ...newGame(g.options, g.seed), recruiterCardRule: 'random' };
}

/** A subscriber gets its seat's frames, as a connection of the server would: built by the same
 * table host, so what each seat is shown (D12 included) is decided in one place. */
type Listener = (f: TableFrame) => void;

export class LocalGame {
  private s: GameState;
  private actions: Action[];
  private notes: Notes;
  private updatedAt: number;
  private uploaded: string | undefined;
  private readonly subs = new Set<{ seat: Seat; fn: Listener }>();
  private readonly appliedSubs = new Set<(a: LocalApplied) => void>();
  private readonly bots: Pick<LocalBots, 'decide' | 'forget'>;
  private readonly saveTo: (g: LocalGameSave) => Promise<void>;
  private readonly budgetMs: number;
  private readonly now: () => number;
  private saving: Promise<void> = Promise.resolve();
  private thinking: Promise<void> | null = null;
  private closed = false;
  readonly human: Seat;
  readonly bot: Seat;

  private constructor(
    private readonly base: Omit<LocalGameSave, 'actions' | 'notes' | 'updatedAt' | 'result' | 'uploaded'>,
    state: GameState,
    actions: Action[],
    notes: Notes,
    updatedAt: number,
    uploaded: string | undefined,
    deps: LocalDeps,
  ) {
    this.s = state;
    this.actions = actions;
    this.notes = notes;
    this.updatedAt = updatedAt;
    this.uploaded = uploaded;
    this.bots = deps.bots ?? sharedBots();
    this.saveTo = deps.save ?? putLocalGame;
    this.budgetMs = deps.budgetMs ?? LIVE_BOT_BUDGET_MS;
    this.now = deps.now ?? Date.now;
    ({ human: this.human, bot: this.bot } = soloSeats(base.setup));
  }

  /** A new game, saved at once; the bot moves first when the game waits on it. */
  static async create(setup: LocalSetup, deps: LocalDeps = {}): Promise<LocalGame> {
    if (!LEVELS.includes(setup.level)) throw new Error(`unknown level ${setup.level}`);
    const random = deps.random ?? cryptoRandom;
    const { seed, options } = drawStart(setup, random);
    const id = `local-${random().toString(36)}${random().toString(36)}`;
    const at = (deps.now ?? Date.now)();
    const base = { id, version: 1 as const, setup, seed, options, botSeed: random(), createdAt: at };
    const g = new LocalGame(base, startState(base), [], [], at, undefined, deps);
    g.save();
    await g.saving;
    g.kick();
    return g;
  }

  /** A saved game, replayed from its log with the engine (null: no such game, or its log no longer
   * replays). */
  static fromSave(save: LocalGameSave, deps: LocalDeps = {}): LocalGame | null {
    let s = startState(save);
    for (const a of save.actions) {
      const r = apply(s, a);
      if (!r.ok) return null;
      s = r.state;
    }
    const { actions, notes, updatedAt, uploaded, result: _result, ...base } = save;
    const g = new LocalGame(base, s, [...actions], notes, updatedAt, uploaded, deps);
    g.kick();
    return g;
  }

  static async load(id: string, deps: LocalDeps = {}): Promise<LocalGame | null> {
    const save = await getLocalGame(id);
    return save ? LocalGame.fromSave(save, deps) : null;
  }

  get id(): string {
    return this.base.id;
  }
  get setup(): LocalSetup {
    return this.base.setup;
  }
  get state(): GameState {
    return this.s;
  }

  /** The seat's `state` frame now, then its `events` frame after every change it may see and a
   * `note` frame after every note change (no clock offline: no deadline); returns unsubscribe. */
  subscribe(seat: Seat, fn: Listener): () => void {
    const sub = { seat, fn };
    this.subs.add(sub);
    fn({ ...stateFrame(this.id, this.s, seat, null), notes: this.notes });
    return () => void this.subs.delete(sub);
  }

  /** Every applied action with the engine's events (not filtered by seat). */
  onApplied(fn: (a: LocalApplied) => void): () => void {
    this.appliedSubs.add(fn);
    return () => void this.appliedSubs.delete(fn);
  }

  /** The player's action (as the server takes an `act` frame): null, or the engine's refusal. */
  act(seat: Seat, a: ClientAction): GameError | null {
    if (seat !== this.human) return { ok: false, code: 'not_your_turn', message: 'That seat is the bot’s.' };
    return this.applyAction({ ...a, seat } as Action, null);
  }

  /** An agent seat's white note (R30), checked by the table host as the server's. */
  writeNote(seat: Seat, at: Loc, note: NoteBody | null): GameError | null {
    const w = writeNote(this.id, this.s, this.notes, seat, at, note);
    if (!w.ok) return w;
    this.notes = w.notes;
    this.save();
    for (const sub of this.subs) sub.fn(w.frame);
    return null;
  }

  /** The game as a record (docs/game-record.md), for export and upload. */
  record(): GameRecord {
    // who played which seat: the server files an upload under the person's seat (docs/offline.md)
    const seats = [
      { seat: this.human, bot: null },
      { seat: this.bot, bot: this.setup.level },
    ].sort((a, b) => a.seat - b.seat);
    return { ...exportRecord(this.s, this.actions, this.notes), seats };
  }

  /** Remembers the server's id of the uploaded copy. */
  markUploaded(serverId: string): void {
    this.uploaded = serverId;
    this.save();
  }
  get uploadedAs(): string | undefined {
    return this.uploaded;
  }

  /** Resolves once every change so far is stored. */
  whenSaved(): Promise<void> {
    return this.saving;
  }

  /** Resolves when the bot has nothing left to decide (tests). */
  async whenIdle(): Promise<void> {
    while (this.thinking) await this.thinking;
  }

  /** Stops answering for the bot (leaving the screen); the save is kept. */
  close(): void {
    this.closed = true;
    this.subs.clear();
    this.appliedSubs.clear();
  }

  private applyAction(action: Action, decision: LocalDecision | null): GameError | null {
    const before = this.s;
    const r = play(this.id, before, action);
    if (!r.ok) return r;
    this.s = r.state;
    this.actions.push(action);
    this.updatedAt = this.now();
    this.save();
    const applied: LocalApplied = { action, events: r.events, before, state: r.state, decision };
    for (const f of this.appliedSubs) f(applied);
    // each seat its frame (none while it is shown nothing new: D12, the bot recruiter's turn)
    const frameOf = r.frames(null);
    for (const sub of this.subs) {
      const f = frameOf(sub.seat);
      if (f) sub.fn(f);
    }
    if (this.s.result) this.bots.forget(this.id);
    else this.kick();
    return null;
  }

  private save(): void {
    const snap: LocalGameSave = {
      ...this.base,
      actions: this.actions.slice(),
      notes: this.notes,
      updatedAt: this.updatedAt,
      result: this.s.result,
      ...(this.uploaded ? { uploaded: this.uploaded } : {}),
    };
    this.saving = this.saving.then(() => this.saveTo(snap)).catch(() => undefined);
  }

  /** Asks the bot for its move when the game waits on the bot's seat (one decision at a time). */
  private kick(): void {
    if (this.thinking || this.closed || this.s.result) return;
    const s = this.s;
    if (!expectedSeats(s).includes(this.bot)) return;
    const legal = legalFor(s, this.bot);
    if (!legal.length) return;
    const seq = s.seq;
    this.thinking = this.bots
      .decide({
        gameId: this.id,
        seat: this.bot,
        level: this.setup.level,
        view: view(s, this.bot),
        legal,
        seed: decisionSeed(this.base.botSeed, this.actions.length),
        budgetMs: this.budgetMs,
      })
      .then((d) => {
        this.thinking = null;
        if (this.closed || this.s !== s || this.s.seq !== seq || !d.action) return;
        this.applyAction({ ...d.action, seat: this.bot } as Action, d);
      });
  }
}
