// Random legal games for property tests: every move is drawn from legalActions of an expected
// seat (action type first, then one action of that type, so rare types still come up).
import {
  type Action,
  apply,
  expectedSeats,
  type GameEvent,
  type GameState,
  legalActions,
  type Mode,
  newGame,
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
  /** Probability that an agent seat adds a mental note before its move (R30). */
  noteRate?: number;
}

export interface RandomGame {
  state: GameState;
  actions: Action[];
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
  while (!s.result && actions.length < max) {
    let a: Action | null = null;
    if (o.noteRate && rng() < o.noteRate && s.phase !== 'mayhem') {
      const seat = 1 + Math.floor(rng() * o.agentSeats);
      const at = Math.floor(rng() * 42);
      a = { type: 'note', seat, at, note: { from: 6, to: 9, crossed: ['pool'], text: `seen ${at}` } };
    } else a = randomAction(s, rng);
    if (!a) throw new Error(`no legal action in phase ${s.phase} (seq ${s.seq})`);
    const r = apply(s, a);
    if (!r.ok) throw new Error(`legal action refused: ${JSON.stringify(a)}: ${r.code}: ${r.message}`);
    const prev = s;
    s = r.state;
    actions.push(a);
    o.onStep?.(s, a, r.events, prev);
  }
  if (!s.result) throw new Error(`game did not end within ${max} actions`);
  return { state: s, actions };
}
