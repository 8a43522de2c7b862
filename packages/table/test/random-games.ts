// Random legal games through the table host, with undos: every move is drawn from what a seat is
// offered (`offeredTo`, so `undo` too), the recruiter taking back its unsettled turn now and then.
import {
  type Action,
  expectedSeats,
  type GameState,
  type Mode,
  newGame,
  RECRUITER_SEAT,
  type Rng,
  rngFrom,
} from '@mindmgmt/engine';
import { offeredTo, play, type Played } from '../src/host/index.js';

function pick<T>(rng: Rng, xs: readonly T[]): T {
  return xs[Math.floor(rng() * xs.length)]!;
}

export interface RandomTable {
  readonly mode: Mode;
  readonly agentSeats: number;
  readonly seed: number;
  /** How often a seat offered `undo` takes it (the recruiter's hidden turn is where it matters). */
  readonly undoRate: number;
}

/** The seats and the spectator of a game with `agentSeats` agent seats. */
export function viewersOf(agentSeats: number): ('spectator' | number)[] {
  return [RECRUITER_SEAT, ...Array.from({ length: agentSeats }, (_, i) => i + 1), 'spectator'];
}

/** Plays one game to its end; `onPlayed` sees every action the host took. */
export function playTable(o: RandomTable, onPlayed: (p: Played, action: Action) => void, max = 4000): GameState {
  const rng = rngFrom(o.seed ^ 0x7ab1e);
  let s = newGame({ mode: o.mode, agentSeats: o.agentSeats, recruiterCard: rng() < 0.5 ? 'carl' : 'choose' }, o.seed);
  for (let n = 0; !s.result && n < max; n++) {
    const seat = pick(rng, expectedSeats(s));
    const offered = offeredTo(s, seat).filter((a) => a.type !== 'resign');
    const undo = offered.find((a) => a.type === 'undo');
    const moves = offered.filter((a) => a.type !== 'undo');
    let a: Action;
    if (undo && (rng() < o.undoRate || !moves.length)) a = undo;
    else {
      const type = pick(rng, [...new Set(moves.map((x) => x.type))]);
      a = pick(
        rng,
        moves.filter((x) => x.type === type),
      );
    }
    const r = play('t', s, a);
    if (!r.ok) throw new Error(`offered action refused: ${JSON.stringify(a)}: ${r.code}`);
    onPlayed(r, a);
    s = r.state;
  }
  if (!s.result) throw new Error(`game did not end within ${max} actions`);
  return s;
}
