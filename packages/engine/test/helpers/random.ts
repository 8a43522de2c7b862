// Random legal games for property tests: every move is drawn from legalActions of an expected
// seat (action type first, then one action of that type, so rare types still come up).
import {
  type Action,
  apply,
  applyNote,
  checkNote,
  expectedSeats,
  type GameEvent,
  type GameState,
  legalActions,
  type Mode,
  newGame,
  type Notes,
  type Rng,
  rngFrom,
} from '../../src/index.js';

export interface RandomGameOptions {
  mode: Mode;
  agentSeats: number;
  seed: number;
  /** Called after every applied action (and once for the new game, with action null). */
  onStep?: (s: GameState, action: Action | null, events: readonly GameEvent[], prev: GameState | null) => void;
  /** Safety cap; a game never needs this many actions. */
  maxActions?: number;
  /** Probability that an agent seat changes a mental note before a move (R30, D8): table state
   * beside the game, never one of its actions. */
  noteRate?: number;
}

export interface RandomGame {
  state: GameState;
  actions: Action[];
  /** The white notes at the end (noteRate). */
  notes: Notes;
}

function pick<T>(rng: Rng, xs: readonly T[]): T {
  return xs[Math.floor(rng() * xs.length)]!;
}

/** Chooses one legal action for the seats the game waits on, or null when none is expected. */
export function randomAction(s: GameState, rng: Rng): Action | null {
  const seats = expectedSeats(s);
  if (seats.length === 0) return null;
  const seat = pick(rng, seats);
  const legal = legalActions(s, seat);
  if (legal.length === 0) return null;
  const types = [...new Set(legal.map((a) => a.type))];
  const type = pick(rng, types);
  return pick(
    rng,
    legal.filter((a) => a.type === type),
  );
}

export function playRandom(o: RandomGameOptions): RandomGame {
  const rng = rngFrom(o.seed ^ 0x5eed);
  const card = rng() < 0.5 ? 'carl' : rng() < 0.5 ? 'girl' : rng() < 0.5 ? 'random' : 'choose';
  let s = newGame({ mode: o.mode, agentSeats: o.agentSeats, recruiterCard: card }, o.seed);
  o.onStep?.(s, null, s.history, null);
  const actions: Action[] = [];
  const max = o.maxActions ?? 5000;
  let notes: Notes = [];
  while (!s.result && actions.length < max) {
    if (o.noteRate && rng() < o.noteRate && s.phase !== 'mayhem') {
      const seat = 1 + Math.floor(rng() * o.agentSeats);
      const at = Math.floor(rng() * 42);
      const remove = rng() < 0.3 && notes.some((n) => n.at === at);
      const change = {
        seat,
        at,
        note: remove ? null : { from: 6, to: 9, crossed: ['pool' as const], text: `seen ${at}` },
      };
      const e = checkNote(s, notes, change);
      if (e) throw new Error(`note refused: ${e.code}: ${e.message}`);
      notes = applyNote(notes, change);
    }
    const a = randomAction(s, rng);
    if (!a) throw new Error(`no legal action in phase ${s.phase} (seq ${s.seq})`);
    const r = apply(s, a);
    if (!r.ok) throw new Error(`legal action refused: ${JSON.stringify(a)}: ${r.code}: ${r.message}`);
    const prev = s;
    s = r.state;
    actions.push(a);
    o.onStep?.(s, a, r.events, prev);
  }
  if (!s.result) throw new Error(`game did not end within ${max} actions`);
  return { state: s, actions, notes };
}
